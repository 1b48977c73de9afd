// Rows → the shared answer types, and the yen text ↔ tenths conversions of the alert forms.
import { bpToMovePercent, type PriceAlertView } from '@kabuto/shared-sdk/schemas';
import type { PriceAlertRow } from './schema';

/** Tenths of a yen → yen text ('27905' → '2790.5'). */
export function yenText(tenths: number): string {
  const yen = Math.trunc(tenths / 10);
  const frac = Math.abs(tenths % 10);
  return frac === 0 ? String(yen) : `${yen}.${frac}`;
}

/** Normalised yen text (positivePriceSchema's) → tenths; null with more than one decimal or beyond an integer column. */
export function tenthsOf(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 10 + Number(m[2] ?? '0');
}

export function alertView(row: PriceAlertRow, names: PriceAlertView['names']): PriceAlertView {
  return {
    id: row.id,
    code: row.code,
    names,
    kind: row.kind,
    price: row.price === null ? null : yenText(row.price),
    movePercent: row.moveBp === null ? null : bpToMovePercent(row.moveBp),
    direction: row.kind === 'move' ? (row.direction ?? 'both') : null,
    state: row.state,
    armedAt: row.armedAt.toISOString(),
    firedAt: row.firedAt?.toISOString() ?? null,
    firedPrice: row.firedPrice === null ? null : yenText(row.firedPrice),
    simulated: true,
  };
}

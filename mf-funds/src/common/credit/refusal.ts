// A credit refusal as the customer reads it: the catalogue's message, then the figures the
// server named with it (SDK `refusalWithFigures`, as mf-trade's refusal.ts does): "Repayment
// larger than the loan · asked ¥600,000, owed ¥500,123".
import { detailMoney, formatMoneyText, refusalWithFigures } from '@kabuto/shared-sdk';
import type { FundsTextKey } from '../../texts/en';
import { bpsText } from './ratio-gauge';

type Translate = (key: FundsTextKey, values?: Record<string, string | number>) => string;

/** The figures a credit refusal may carry, in the order they are read out. */
const FIGURES = ['orderNo', 'amount', 'outstanding', 'borrowable', 'creditLine', 'available', 'cash', 'score', 'threshold', 'ratio', 'limit'] as const;
type Figure = (typeof FIGURES)[number];

/** The figures that are yen: the server names them as Money or as the amount's text ('1000000'). */
const YEN_FIGURES: ReadonlySet<Figure> = new Set(['amount', 'outstanding', 'borrowable', 'creditLine', 'available', 'cash', 'limit']);

function figureValue(detail: Readonly<Record<string, unknown>>, key: Figure): string | null {
  const money = detailMoney(detail, key);
  if (money) return money;
  const value = detail[key];
  if (typeof value === 'string') {
    if (!YEN_FIGURES.has(key)) return value;
    return /^\d+$/.test(value) ? formatMoneyText({ currency: 'JPY', minor: value, amount: value }) : null;
  }
  if (typeof value !== 'number') return null;
  // A ratio travels in basis points, as the summary's.
  return key === 'ratio' ? bpsText(value) : String(value);
}

/** The figures of a credit refusal, or '' when it has none. */
export function creditRefusalFigures(detail: Readonly<Record<string, unknown>>, t: Translate): string {
  return FIGURES.flatMap((key) => {
    const value = figureValue(detail, key);
    return value === null ? [] : [t(`refusal.${key}`, { value })];
  }).join(', ');
}

export function creditRefusalText(error: unknown, t: Translate): string {
  return refusalWithFigures(error, (detail) => creditRefusalFigures(detail, t));
}

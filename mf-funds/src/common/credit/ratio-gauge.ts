// The loan-to-collateral ratio as the pj gauge draws it (docs/credit.md): the fill, the
// zone it is in, and where the three published marks sit. The boundaries are the
// documented ones: above the draw limit no new draws, at the shortfall mark or more a
// shortfall notice, above the forced-sale mark a forced sale. The marks come from the
// server's summary (config), never from constants here.

export interface RatioMarks {
  /** Above this (basis points), no new draws and no collateral release (60 %). */
  drawLimitBp: number;
  /** At this or more, a shortfall notice (70 %). */
  shortfallBp: number;
  /** Above this, a forced sale of the collateral (85 %). */
  forcedSaleBp: number;
}

export type RatioZone = 'none' | 'normal' | 'draw-stopped' | 'shortfall' | 'forced-sale';

export interface GaugeMark {
  key: 'drawLimit' | 'shortfall' | 'forcedSale';
  bps: number;
  /** Position on the gauge, 0–100 (% of its width). */
  at: number;
}

export interface GaugeView {
  zone: RatioZone;
  /** Width of the fill, 0–100 (% of the gauge); a ratio beyond the scale fills it. */
  fill: number;
  marks: GaugeMark[];
  /** The scale's right end in basis points: 100 %, or a little past the forced-sale mark if that is higher. */
  scaleBps: number;
}

export function ratioZone(ratioBps: number | null, marks: RatioMarks): RatioZone {
  if (ratioBps === null) return 'none';
  if (ratioBps > marks.forcedSaleBp) return 'forced-sale';
  if (ratioBps >= marks.shortfallBp) return 'shortfall';
  if (ratioBps > marks.drawLimitBp) return 'draw-stopped';
  return 'normal';
}

export function gaugeView(ratioBps: number | null, marks: RatioMarks): GaugeView {
  const scaleBps = Math.max(10_000, marks.forcedSaleBp + 1_000);
  const at = (bps: number) => Math.round((Math.min(Math.max(bps, 0), scaleBps) / scaleBps) * 1000) / 10;
  return {
    zone: ratioZone(ratioBps, marks),
    fill: ratioBps === null ? 0 : at(ratioBps),
    scaleBps,
    marks: [
      { key: 'drawLimit', bps: marks.drawLimitBp, at: at(marks.drawLimitBp) },
      { key: 'shortfall', bps: marks.shortfallBp, at: at(marks.shortfallBp) },
      { key: 'forcedSale', bps: marks.forcedSaleBp, at: at(marks.forcedSaleBp) },
    ],
  };
}

/** Basis points as the screens write a percentage: 6000 → '60%', 6234 → '62.34%'. */
export function bpsText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

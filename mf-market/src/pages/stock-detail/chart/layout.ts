// The chart's panes and its indicator choices: what the page needs before the chart's own
// chunk (and ECharts) has loaded, to keep the box at the chart's height and draw the selector.
import type { ChartKind } from './types';

export const INDICATORS = ['macd', 'rsi', 'boll'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** How each indicator is named on screen: trading codes, the same in every language. */
export const INDICATOR_CODES: Record<Indicator, string> = { macd: 'MACD', rsi: 'RSI', boll: 'BOLL' };

/** Pixel rows: the price pane, room for the time labels, volume, then MACD's or RSI's pane. */
export const LAYOUT = {
  left: 52,
  right: 8,
  top: 12,
  priceHeight: 180,
  labelRoom: 30,
  volumeHeight: 60,
  /** Volume gives up some height when a pane comes under it. */
  volumeHeightWithPane: 48,
  paneGap: 14,
  paneHeight: 72,
  bottom: 8,
} as const;

/** Whether the indicator draws a pane of its own under volume (BOLL draws over the candles). */
export function hasIndicatorPane(kind: ChartKind, indicator: Indicator | null): indicator is 'macd' | 'rsi' {
  return kind !== 'timeshare' && (indicator === 'macd' || indicator === 'rsi');
}

export function chartHeight(kind: ChartKind, indicator: Indicator | null): number {
  const pane = hasIndicatorPane(kind, indicator);
  const volume = pane ? LAYOUT.volumeHeightWithPane : LAYOUT.volumeHeight;
  return LAYOUT.top + LAYOUT.priceHeight + LAYOUT.labelRoom + volume + (pane ? LAYOUT.paneGap + LAYOUT.paneHeight : 0) + LAYOUT.bottom;
}

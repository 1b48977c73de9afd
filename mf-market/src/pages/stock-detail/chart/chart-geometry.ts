// The stock-detail chart's geometry: which bars are in view, where each one lands in
// pixels, and the axis labels. Pure functions of the bars and the box width, so they are
// unit tested without a DOM; StockChart.tsx only turns the scene into SVG elements.
// Japanese convention: a rising bar is red (up), a falling one green (down).
import { MA_PERIODS, movingAverage } from './moving-average';
import type { ChartBar, ChartColours, ChartKind } from './types';

const JST_OFFSET_MS = 9 * 3_600_000;

/**
 * Axis label of a bar time, in JST whatever the device zone: HH:MM for the day's
 * time-sharing line, MM-DD HH:MM for minute bars (they span several days), the date for days.
 */
export function barLabel(time: number, kind: ChartKind): string {
  const jst = new Date(time + JST_OFFSET_MS).toISOString();
  if (kind === 'daily') return jst.slice(0, 10);
  return kind === 'intraday' ? `${jst.slice(5, 10)} ${jst.slice(11, 16)}` : jst.slice(11, 16);
}

/** The box is 300 px high: price pane on top (about two thirds), time labels, volume below. */
export const CHART_HEIGHT = 300;
/** Pixel rows and margins; the left margin holds the price labels. */
export const PLOT = { left: 52, right: 8, priceTop: 12, priceBottom: 204, timeLabelY: 218, volumeTop: 228, volumeBottom: 282 } as const;

/** Long series open on their latest bars; the rest is a drag away. */
export const OPENING_BARS = 60;
/** Zoomed in further, a phone shows a few fat candles and little of the trend. */
export const MIN_VISIBLE_BARS = 10;

/** The bars in view: `size` bars from index `start`, both whole numbers. */
export interface BarWindow {
  start: number;
  size: number;
}

export function clampWindow(start: number, size: number, count: number): BarWindow {
  const fitted = Math.round(Math.min(count, Math.max(Math.min(MIN_VISIBLE_BARS, count), size)));
  return { start: Math.round(Math.min(count - fitted, Math.max(0, start))), size: fitted };
}

export function openingWindow(count: number, kind: ChartKind): BarWindow {
  // The time-sharing line is one session: always whole.
  const size = kind === 'timeshare' ? count : Math.min(count, OPENING_BARS);
  return { start: count - size, size };
}

/**
 * The window after a refresh brought `count` bars where there were `previousCount`: a
 * window on the whole series or on its latest bar keeps following the newest bars; one the
 * customer dragged back into the past stays on the same bars.
 */
export function followWindow(window: BarWindow, previousCount: number, count: number, kind: ChartKind): BarWindow {
  if (window.start === 0 && window.size >= previousCount) return openingWindow(count, kind);
  if (window.start + window.size >= previousCount) return clampWindow(count - window.size, window.size, count);
  return clampWindow(window.start, window.size, count);
}

/** A horizontal drag of `dx` px from `origin`: dragging right brings older bars in. */
export function panWindow(origin: BarWindow, dx: number, width: number, count: number): BarWindow {
  const slot = plotWidth(width) / Math.max(1, origin.size);
  return clampWindow(origin.start - Math.round(dx / slot), origin.size, count);
}

/**
 * `scale` times as many bars as `origin` (above 1 zooms out), keeping the bar under the
 * pointer (`anchor`: 0 at the plot's left edge, 1 at its right edge) where it is.
 */
export function zoomWindow(origin: BarWindow, scale: number, anchor: number, count: number): BarWindow {
  const size = clampWindow(0, origin.size * scale, count).size;
  const at = Math.min(1, Math.max(0, anchor));
  return clampWindow(origin.start + at * origin.size - at * size, size, count);
}

export function plotWidth(width: number): number {
  return Math.max(1, width - PLOT.left - PLOT.right);
}

/**
 * Centre x of bar `index`. Candles sit in equal slots with half a slot at either end; the
 * time-sharing line runs from the first bar at the left edge to the last at the right one.
 */
export function barX(index: number, kind: ChartKind, window: BarWindow, width: number): number {
  const inner = plotWidth(width);
  if (kind === 'timeshare') {
    return window.size > 1 ? PLOT.left + ((index - window.start) * inner) / (window.size - 1) : PLOT.left + inner / 2;
  }
  return PLOT.left + ((index - window.start + 0.5) * inner) / Math.max(1, window.size);
}

/** The visible bar nearest to x (a pointer position in the box), for the crosshair. */
export function barIndexAt(x: number, kind: ChartKind, window: BarWindow, width: number): number {
  const inner = plotWidth(width);
  const offset =
    kind === 'timeshare' ? Math.round(((x - PLOT.left) * Math.max(0, window.size - 1)) / inner) : Math.floor(((x - PLOT.left) * window.size) / inner);
  return window.start + Math.min(window.size - 1, Math.max(0, offset));
}

export interface Ticks {
  values: number[];
  decimals: number;
}

/**
 * Round price labels inside [min, max]: a step of 1, 2 or 5 (else 2.5 or 1.5) times a
 * power of ten, the one that gives closest to 4–5 labels.
 */
export function niceTicks(min: number, max: number): Ticks {
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return { values: [min], decimals: decimalsOf(Math.abs(min) % 1) };
  const magnitude = 10 ** Math.floor(Math.log10(span / 5));
  let best: { step: number; count: number; score: number } | undefined;
  // Rounder steps first: on a tie they win; 2.5 and 1.5 only fill in where none gives 4–5 labels.
  for (const multiple of [1, 2, 5, 10, 20, 2.5, 1.5]) {
    const step = multiple * magnitude;
    const count = Math.floor(max / step + 1e-9) - Math.ceil(min / step - 1e-9) + 1;
    const score = count >= 4 && count <= 5 ? 0 : Math.abs(count - 4.5);
    if (!best || score < best.score) best = { step, count, score };
  }
  const { step } = best as { step: number };
  const decimals = decimalsOf(step);
  const first = Math.ceil(min / step - 1e-9);
  const values: number[] = [];
  for (let k = first; k * step <= max + step * 1e-9; k += 1) values.push(Number((k * step).toFixed(decimals)));
  return { values, decimals };
}

/** Digits after the point that `value` needs (0.25 → 2), at most 4. */
function decimalsOf(value: number): number {
  for (let d = 0; d < 4; d += 1) {
    const scaled = value * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return d;
  }
  return 4;
}

/** 2790.5 → '2,790.5' (the page's own formatters take tenths of a yen, ticks are yen). */
export function priceText(value: number, decimals: number): string {
  const [whole = '', fraction] = value.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A point per bar, null where the series has no value yet; the path lifts the pen there. */
export function linePath(points: readonly (readonly [number, number] | null)[]): string {
  let d = '';
  let drawing = false;
  for (const point of points) {
    if (!point) {
      drawing = false;
      continue;
    }
    d += `${drawing ? 'L' : 'M'}${px(point[0])} ${px(point[1])}`;
    drawing = true;
  }
  return d;
}

/** A tenth of a pixel is finer than any screen: shorter paths, same picture. */
function px(value: number): number {
  return Math.round(value * 10) / 10;
}

export interface Candle {
  index: number;
  rising: boolean;
  colour: string;
  /** Centre line, where the wick runs from high (wickTop) to low (wickBottom). */
  x: number;
  wickTop: number;
  wickBottom: number;
  /** The body, from open to close; at least a pixel high so a doji still shows. */
  bodyX: number;
  bodyY: number;
  bodyWidth: number;
  bodyHeight: number;
}

export interface VolumeBar {
  index: number;
  colour: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LineName = 'price' | 'avg' | 'MA5' | 'MA10' | 'MA20';

export interface LinePath {
  name: LineName;
  d: string;
  colour: string;
  width: number;
}

export interface ChartScene {
  width: number;
  window: BarWindow;
  candles: Candle[];
  lines: LinePath[];
  /** Time-sharing only: the fill under the price line. */
  area: string | null;
  volume: VolumeBar[];
  priceTicks: { y: number; text: string }[];
  timeLabels: { x: number; text: string; anchor: 'start' | 'middle' | 'end' }[];
}

/** Whether the bar counts as rising (red) for its candle and its volume bar. */
export function barRises(bars: readonly ChartBar[], index: number, kind: ChartKind): boolean {
  const bar = bars[index] as ChartBar;
  if (kind !== 'timeshare') return bar.close >= bar.open;
  return bar.close >= (bars[index - 1]?.close ?? bar.open);
}

export function buildScene(bars: readonly ChartBar[], kind: ChartKind, window: BarWindow, width: number, colours: ChartColours): ChartScene {
  const visible = bars.slice(window.start, window.start + window.size);
  const indices = visible.map((_, i) => window.start + i);
  const x = (index: number) => barX(index, kind, window, width);
  const closes = bars.map((b) => b.close);
  const series: { name: LineName; values: readonly (number | null | undefined)[]; colour: string; width: number }[] =
    kind === 'timeshare'
      ? [
          { name: 'price', values: closes, colour: colours.line, width: 1.2 },
          { name: 'avg', values: bars.map((b) => b.avgPrice), colour: colours.avg, width: 1 },
        ]
      : MA_PERIODS.map((period, i) => ({ name: `MA${period}` as const, values: movingAverage(closes, period), colour: colours.ma[i] as string, width: 1 }));

  // "scale": the price axis spans what is in view (lines included, so none leaves the pane), plus a margin.
  let low = Infinity;
  let high = -Infinity;
  for (const bar of visible) {
    low = Math.min(low, kind === 'timeshare' ? bar.close : bar.low);
    high = Math.max(high, kind === 'timeshare' ? bar.close : bar.high);
  }
  for (const line of series) {
    for (const index of indices) {
      const value = line.values[index];
      if (typeof value === 'number') {
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
    }
  }
  const margin = high > low ? (high - low) * 0.06 : Math.max(Math.abs(high) * 0.01, 1);
  const bottom = low - margin;
  const top = high + margin;
  const y = (price: number) => PLOT.priceTop + ((top - price) / (top - bottom)) * (PLOT.priceBottom - PLOT.priceTop);

  const slot = plotWidth(width) / Math.max(1, window.size);
  const barWidth = Math.max(1, Math.min(slot * 0.7, 14));
  const candles: Candle[] =
    kind === 'timeshare'
      ? []
      : visible.map((bar, i) => {
          const index = indices[i] as number;
          const rising = barRises(bars, index, kind);
          const bodyTop = y(Math.max(bar.open, bar.close));
          const centre = x(index);
          return {
            index,
            rising,
            colour: rising ? colours.up : colours.down,
            x: px(centre),
            wickTop: px(y(bar.high)),
            wickBottom: px(y(bar.low)),
            bodyX: px(centre - barWidth / 2),
            bodyY: px(bodyTop),
            bodyWidth: px(barWidth),
            bodyHeight: px(Math.max(1, y(Math.min(bar.open, bar.close)) - bodyTop)),
          };
        });

  const lines: LinePath[] = series.map((line) => ({
    name: line.name,
    colour: line.colour,
    width: line.width,
    d: linePath(
      indices.map((index) => {
        const value = line.values[index];
        return typeof value === 'number' ? [x(index), y(value)] : null;
      }),
    ),
  }));
  const first = indices[0];
  const last = indices.at(-1);
  const area =
    kind === 'timeshare' && first !== undefined && last !== undefined
      ? `${lines[0]?.d ?? ''}L${px(x(last))} ${PLOT.priceBottom}L${px(x(first))} ${PLOT.priceBottom}Z`
      : null;

  const maxVolume = Math.max(0, ...visible.map((b) => b.volume));
  const volumeHeight = PLOT.volumeBottom - PLOT.volumeTop;
  const volume: VolumeBar[] = visible.map((bar, i) => {
    const index = indices[i] as number;
    const height = maxVolume > 0 ? (bar.volume / maxVolume) * volumeHeight : 0;
    // The time-sharing line's first and last bars sit on the plot's edges: their halves outside are cut off.
    const left = Math.max(PLOT.left, x(index) - barWidth / 2);
    const right = Math.min(width - PLOT.right, x(index) + barWidth / 2);
    return {
      index,
      colour: barRises(bars, index, kind) ? colours.up : colours.down,
      x: px(left),
      y: px(PLOT.volumeBottom - height),
      width: px(right - left),
      height: px(height),
    };
  });

  const ticks = niceTicks(bottom, top);
  const priceTicks = ticks.values.map((value) => ({ y: px(y(value)), text: priceText(value, ticks.decimals) }));

  // 3–4 labels, fewer where the box is narrow or the labels are long (dates, minute stamps).
  const labelWidth = kind === 'timeshare' ? 64 : 88;
  const labelCount = Math.min(visible.length, Math.max(2, Math.min(4, Math.floor(plotWidth(width) / labelWidth))));
  const timeLabels = Array.from({ length: labelCount }, (_, k) => {
    const index = window.start + (labelCount > 1 ? Math.round((k * (window.size - 1)) / (labelCount - 1)) : 0);
    const anchor: 'start' | 'middle' | 'end' = labelCount > 1 && k === 0 ? 'start' : labelCount > 1 && k === labelCount - 1 ? 'end' : 'middle';
    // An end label sits on its bar's slot edge, so it stays inside the plot.
    const at = anchor === 'start' ? Math.max(PLOT.left, x(index) - slot / 2) : anchor === 'end' ? Math.min(width - PLOT.right, x(index) + slot / 2) : x(index);
    return { x: px(at), text: barLabel((bars[index] as ChartBar).time, kind), anchor };
  });

  return { width, window, candles, lines, area, volume, priceTicks, timeLabels };
}

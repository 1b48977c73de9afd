// The stock chart as an ECharts option: pure functions of the bars, the kind of chart, the
// selected indicator, the theme colours and the reader's texts. They import only ECharts'
// types, so they are tested without a canvas or a DOM; StockChart.tsx hands their output to
// the instance. Japanese convention: a rising bar is red (up), a falling one green (down).
import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { AxisPointerComponentOption, DataZoomComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatMoney } from '@kabuto/shared-sdk/format';
import { formatChange, formatPercent, formatPrice, formatShares } from '../../../common/quote-format';
import { bollinger, MA_PERIODS, macd, movingAverage, rsi, type Series } from './indicators';
import { hasIndicatorPane, LAYOUT, type Indicator } from './layout';
import type { ChartBar, ChartKind } from './types';

export { chartHeight, hasIndicatorPane, INDICATORS, type Indicator } from './layout';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | CandlestickSeriesOption
  | LineSeriesOption
  | AxisPointerComponentOption
  | DataZoomComponentOption
  | GridComponentOption
  | TooltipComponentOption
>;

export interface ChartColours {
  up: string;
  down: string;
  /** Axis labels. */
  text: string;
  grid: string;
  /** The time-sharing price line, the MACD line. */
  line: string;
  avg: string;
  ma: readonly [string, string, string];
  /** Bollinger upper, middle, lower. */
  bands: readonly [string, string, string];
  signal: string;
  rsi: string;
  tipBackground: string;
  tipBorder: string;
  tipText: string;
  tipLabel: string;
}

/** The tooltip's words in the reader's language (the page reads them with useMarketText). */
export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  last: string;
  avg: string;
  change: string;
  volume: string;
  signal: string;
  histogram: string;
  upper: string;
  middle: string;
  lower: string;
}

export interface ChartInput {
  bars: readonly ChartBar[];
  kind: ChartKind;
  /** Candles only: the pane under volume (MACD, RSI) or the bands over the candles (BOLL). */
  indicator: Indicator | null;
  /** Yen; the time-sharing line's change is from it. Null when the quote has none. */
  previousClose: number | null;
  colours: ChartColours;
  labels: ChartLabels;
}

/** The bars in view, as indices of the first and the last (ECharts' dataZoom startValue/endValue on a category axis). */
export interface BarWindow {
  startValue: number;
  endValue: number;
}

/** Long series open on their latest bars; the rest is a drag away. */
export const OPENING_BARS = 60;
/** Zoomed in further, a phone shows a few fat candles and little of the trend. */
export const MIN_VISIBLE_BARS = 10;

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

/** Whether the bar counts as rising (red) for its candle and its volume bar. */
export function barRises(bars: readonly ChartBar[], index: number, kind: ChartKind): boolean {
  const bar = bars[index] as ChartBar;
  if (kind !== 'timeshare') return bar.close >= bar.open;
  return bar.close >= (bars[index - 1]?.close ?? bar.open);
}

export function openingWindow(count: number, kind: ChartKind): BarWindow {
  // The time-sharing line is one session: always whole.
  const size = kind === 'timeshare' ? count : Math.min(count, OPENING_BARS);
  return { startValue: Math.max(0, count - size), endValue: Math.max(0, count - 1) };
}

/**
 * The window after an update brought `count` bars where there were `previousCount`: a window
 * on the whole series or on its latest bar keeps following the newest bars; one the customer
 * dragged back into the past stays on the same bars.
 */
export function followWindow(window: BarWindow, previousCount: number, count: number, kind: ChartKind): BarWindow {
  const last = count - 1;
  if (window.startValue <= 0 && window.endValue >= previousCount - 1) return openingWindow(count, kind);
  if (window.endValue >= previousCount - 1) {
    const span = window.endValue - window.startValue;
    return { startValue: Math.max(0, last - span), endValue: last };
  }
  return { startValue: Math.min(window.startValue, last), endValue: Math.min(window.endValue, last) };
}

/** The indicator series over the whole series (the window only chooses what is drawn). */
export interface IndicatorValues {
  ma: Series[];
  macd?: ReturnType<typeof macd>;
  rsi?: Series;
  boll?: ReturnType<typeof bollinger>;
}

export function indicatorValues(bars: readonly ChartBar[], kind: ChartKind, indicator: Indicator | null): IndicatorValues {
  if (kind === 'timeshare') return { ma: [] };
  const closes = bars.map((b) => b.close);
  return {
    ma: indicator === 'boll' ? [] : MA_PERIODS.map((period) => movingAverage(closes, period)),
    ...(indicator === 'macd' ? { macd: macd(closes) } : {}),
    ...(indicator === 'rsi' ? { rsi: rsi(closes) } : {}),
    ...(indicator === 'boll' ? { boll: bollinger(closes) } : {}),
  };
}

const yen = (value: number | null | undefined) => (value === null || value === undefined ? '--' : formatPrice(Math.round(value * 10)));
const figure = (value: number | null | undefined) => (value === null || value === undefined ? '--' : formatMoney(value, 2));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The change of bar `index`: from the previous bar's close (candles) or the previous close (time-sharing). */
export function barChange(input: Pick<ChartInput, 'bars' | 'kind' | 'previousClose'>, index: number): { amount: number; percent: number } | null {
  const bar = input.bars[index];
  const base = input.kind === 'timeshare' ? input.previousClose : input.bars[index - 1]?.close;
  if (!bar || base === null || base === undefined || base === 0) return null;
  // In tenths of a yen, the unit the page's formatters write exactly.
  const amount = Math.round(bar.close * 10) - Math.round(base * 10);
  return { amount, percent: (amount / Math.round(base * 10)) * 100 };
}

/** The rows the tooltip shows for bar `index`: label, value and, for the change, its direction. */
export function tooltipRows(input: ChartInput, values: IndicatorValues, index: number): { label: string; value: string; tone?: 'up' | 'down' }[] {
  const { bars, kind, labels } = input;
  const bar = bars[index];
  if (!bar) return [];
  const change = barChange(input, index);
  const rows: { label: string; value: string; tone?: 'up' | 'down' }[] =
    kind === 'timeshare'
      ? [
          { label: labels.last, value: yen(bar.close) },
          { label: labels.avg, value: yen(bar.avgPrice) },
        ]
      : [
          { label: labels.open, value: yen(bar.open) },
          { label: labels.high, value: yen(bar.high) },
          { label: labels.low, value: yen(bar.low) },
          { label: labels.close, value: yen(bar.close) },
        ];
  rows.push({
    label: labels.change,
    value: change ? `${formatChange(change.amount)} (${formatPercent(Math.round(change.percent * 100) / 100)})` : '--',
    ...(change && change.amount !== 0 ? { tone: change.amount > 0 ? ('up' as const) : ('down' as const) } : {}),
  });
  rows.push({ label: labels.volume, value: formatShares(bar.volume) });
  values.ma.forEach((line, i) => rows.push({ label: `MA${MA_PERIODS[i]}`, value: yen(line[index]) }));
  if (values.boll) {
    rows.push({ label: labels.upper, value: yen(values.boll.upper[index]) });
    rows.push({ label: labels.middle, value: yen(values.boll.middle[index]) });
    rows.push({ label: labels.lower, value: yen(values.boll.lower[index]) });
  }
  if (values.macd) {
    rows.push({ label: 'MACD', value: figure(values.macd.macd[index]) });
    rows.push({ label: labels.signal, value: figure(values.macd.signal[index]) });
    rows.push({ label: labels.histogram, value: figure(values.macd.histogram[index]) });
  }
  if (values.rsi) rows.push({ label: 'RSI(14)', value: figure(values.rsi[index]) });
  return rows;
}

export function tooltipHtml(input: ChartInput, values: IndicatorValues, index: number): string {
  const bar = input.bars[index];
  if (!bar) return '';
  const { colours } = input;
  const rows = tooltipRows(input, values, index)
    .map((row) => {
      const colour = row.tone === 'up' ? colours.up : row.tone === 'down' ? colours.down : colours.tipText;
      return (
        `<div style="display:flex;justify-content:space-between;gap:10px">` +
        `<span style="color:${colours.tipLabel}">${escapeHtml(row.label)}</span>` +
        `<span style="color:${colour}">${escapeHtml(row.value)}</span></div>`
      );
    })
    .join('');
  return `<div data-testid="chart-tip"><div style="color:${colours.text}">${escapeHtml(barLabel(bar.time, input.kind))}</div>${rows}</div>`;
}

const priceAxisLabel = (value: number) => formatMoney(value, Number.isInteger(value) ? 1 : 2).replace(/\.0$/, '');

/** The series and the axis data: everything a new bar or a new last bar changes. */
function dataParts(input: ChartInput, values: IndicatorValues): { categories: string[]; series: NonNullable<ChartOption['series']> } {
  const { bars, kind, indicator, colours } = input;
  const categories = bars.map((b) => barLabel(b.time, kind));
  const line = (id: string, data: readonly (number | null | undefined)[], colour: string, extra: Partial<LineSeriesOption> = {}): LineSeriesOption => ({
    type: 'line',
    id,
    data: data.map((v) => (v === undefined ? null : v)),
    showSymbol: false,
    symbol: 'none',
    lineStyle: { color: colour, width: 1 },
    itemStyle: { color: colour },
    emphasis: { disabled: true },
    animation: false,
    ...extra,
  });
  const series: (LineSeriesOption | CandlestickSeriesOption | BarSeriesOption)[] = [];
  if (kind === 'timeshare') {
    series.push(
      line(
        'price',
        bars.map((b) => b.close),
        colours.line,
        { lineStyle: { color: colours.line, width: 1.2 }, areaStyle: { color: colours.line, opacity: 0.12 } },
      ),
      line(
        'avg',
        bars.map((b) => b.avgPrice),
        colours.avg,
      ),
    );
  } else {
    series.push({
      type: 'candlestick',
      id: 'price',
      // ECharts' order: open, close, lowest, highest.
      data: bars.map((b) => [b.open, b.close, b.low, b.high]),
      itemStyle: { color: colours.up, color0: colours.down, borderColor: colours.up, borderColor0: colours.down },
      barMaxWidth: 14,
      animation: false,
    });
    values.ma.forEach((data, i) => series.push(line(`ma${MA_PERIODS[i]}`, data, colours.ma[i] as string)));
    if (values.boll) {
      series.push(
        line('bollUpper', values.boll.upper, colours.bands[0]),
        line('bollMiddle', values.boll.middle, colours.bands[1]),
        line('bollLower', values.boll.lower, colours.bands[2]),
      );
    }
  }
  series.push({
    type: 'bar',
    id: 'volume',
    xAxisIndex: 1,
    yAxisIndex: 1,
    data: bars.map((b, i) => ({ value: b.volume, itemStyle: { color: barRises(bars, i, kind) ? colours.up : colours.down } })),
    barMaxWidth: 14,
    animation: false,
  });
  if (hasIndicatorPane(kind, indicator)) {
    const onPane = { xAxisIndex: 2, yAxisIndex: 2 };
    if (values.macd) {
      series.push(
        {
          type: 'bar',
          id: 'histogram',
          ...onPane,
          data: values.macd.histogram.map((v) => (v === null ? null : { value: v, itemStyle: { color: v >= 0 ? colours.up : colours.down } })),
          barMaxWidth: 6,
          animation: false,
        },
        line('macd', values.macd.macd, colours.line, onPane),
        line('signal', values.macd.signal, colours.signal, onPane),
      );
    }
    if (values.rsi) {
      // Overbought and oversold guides as flat lines: no markLine component for two levels.
      const level = (id: string, at: number) =>
        line(
          id,
          bars.map(() => at),
          colours.grid,
          { ...onPane, silent: true, lineStyle: { color: colours.text, width: 1, type: 'dashed', opacity: 0.6 } },
        );
      series.push(line('rsi', values.rsi, colours.rsi, onPane), level('rsi70', 70), level('rsi30', 30));
    }
  }
  return { categories, series };
}

function tooltipOption(input: ChartInput, values: IndicatorValues): TooltipComponentOption {
  const { colours } = input;
  return {
    trigger: 'axis',
    confine: true,
    transitionDuration: 0,
    backgroundColor: colours.tipBackground,
    borderColor: colours.tipBorder,
    padding: [5, 8],
    textStyle: { color: colours.tipText, fontSize: 11, lineHeight: 16 },
    extraCssText: 'min-width:120px;font-variant-numeric:tabular-nums;pointer-events:none;',
    axisPointer: { type: 'cross', crossStyle: { color: colours.text }, lineStyle: { color: colours.text, type: 'dashed' }, label: { show: false } },
    // Opposite the finger, so the numbers are not under it.
    position: (point: number[], _params: unknown, _dom: unknown, _rect: unknown, size: { contentSize: number[]; viewSize: number[] }) => {
      const [x = 0] = point;
      const [width = 0] = size.viewSize;
      const [tipWidth = 0] = size.contentSize;
      return [x > width / 2 ? LAYOUT.left + 4 : width - LAYOUT.right - tipWidth - 4, 8];
    },
    formatter: (params: unknown) => {
      const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
      return first?.dataIndex === undefined ? '' : tooltipHtml(input, values, first.dataIndex);
    },
  };
}

/**
 * What a new or changed bar sends to the chart already showing this kind and indicator:
 * series data, axis categories and the tooltip that reads them. Series are matched by id,
 * so merging it (setOption without notMerge) keeps the instance, the zoom and the styles.
 */
export function buildDataOption(input: ChartInput): ChartOption {
  const values = indicatorValues(input.bars, input.kind, input.indicator);
  const { categories, series } = dataParts(input, values);
  const panes = hasIndicatorPane(input.kind, input.indicator) ? 3 : 2;
  return {
    xAxis: Array.from({ length: panes }, () => ({ data: categories })),
    series,
    tooltip: tooltipOption(input, values),
  };
}

/** The whole chart: panes, axes, zoom and data. `window`: the bars in view (default: the opening window). */
export function buildChartOption(input: ChartInput, window: BarWindow = openingWindow(input.bars.length, input.kind)): ChartOption {
  const { kind, indicator, colours } = input;
  const values = indicatorValues(input.bars, kind, indicator);
  const { categories, series } = dataParts(input, values);
  const pane = hasIndicatorPane(kind, indicator);
  const volumeTop = LAYOUT.top + LAYOUT.priceHeight + LAYOUT.labelRoom;
  const volumeHeight = pane ? LAYOUT.volumeHeightWithPane : LAYOUT.volumeHeight;
  // Every pane on the same left and right edges, so a bar lines up across them: ECharts 6
  // otherwise narrows a grid whose axis labels reach past its edge ('auto' outer bounds).
  const sides = { left: LAYOUT.left, right: LAYOUT.right, outerBoundsMode: 'none' as const };
  const grid: GridComponentOption[] = [
    { ...sides, top: LAYOUT.top, height: LAYOUT.priceHeight },
    { ...sides, top: volumeTop, height: volumeHeight },
    ...(pane ? [{ ...sides, top: volumeTop + volumeHeight + LAYOUT.paneGap, height: LAYOUT.paneHeight }] : []),
  ];
  const axisLine = { lineStyle: { color: colours.grid } };
  const xAxis = grid.map((_, i) => ({
    type: 'category' as const,
    gridIndex: i,
    data: categories,
    boundaryGap: kind !== 'timeshare',
    axisLine,
    axisTick: { show: false },
    // Time labels once, between the price and the volume panes; the end ones inside the plot.
    axisLabel: { show: i === 0, color: colours.text, fontSize: 10, hideOverlap: true, alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const },
    splitLine: { show: false },
    axisPointer: { label: { show: false } },
  }));
  const splitLine = { lineStyle: { color: colours.grid, opacity: 0.4 } };
  const yAxis = [
    {
      type: 'value' as const,
      gridIndex: 0,
      // The price axis spans what is in view, not from zero.
      scale: true,
      splitNumber: 4,
      axisLabel: { color: colours.text, fontSize: 10, formatter: priceAxisLabel },
      splitLine,
    },
    { type: 'value' as const, gridIndex: 1, splitNumber: 1, axisLabel: { show: false }, splitLine: { show: false } },
    ...(pane
      ? [
          {
            type: 'value' as const,
            gridIndex: 2,
            ...(indicator === 'rsi' ? { min: 0, max: 100, interval: 50 } : { scale: true, splitNumber: 2 }),
            axisLabel: { color: colours.text, fontSize: 9, formatter: (v: number) => formatMoney(v, Number.isInteger(v) ? 1 : 2).replace(/\.0$/, '') },
            splitLine,
          },
        ]
      : []),
  ];
  const xAxisIndex = grid.map((_, i) => i);
  return {
    animation: false,
    grid,
    xAxis,
    yAxis,
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    dataZoom: [
      {
        type: 'inside',
        id: 'zoom',
        xAxisIndex,
        startValue: window.startValue,
        endValue: window.endValue,
        minValueSpan: MIN_VISIBLE_BARS - 1,
        zoomOnMouseWheel: true,
        moveOnMouseMove: true,
        moveOnMouseWheel: false,
      },
    ],
    tooltip: tooltipOption(input, values),
    series,
  } as ChartOption;
}

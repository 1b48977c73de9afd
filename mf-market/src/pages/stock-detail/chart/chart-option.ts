// The ECharts option of the stock-detail chart, built from plain bars so it can be unit
// tested without a canvas. Candlesticks (+ MA5/10/20) on top, volume below; the
// time-sharing interval draws the price line and the day's average price instead.
// Japanese convention: a rising bar is red (up), a falling one green (down).
import { MA_PERIODS, movingAverage } from './moving-average';

/** One bar in yen (already converted from the wire format), time in epoch ms. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Time-sharing only: the day's average traded price so far. */
  avgPrice?: number;
}

export interface ChartColours {
  up: string;
  down: string;
  text: string;
  grid: string;
  line: string;
  avg: string;
  ma: readonly [string, string, string];
}

export type ChartKind = 'timeshare' | 'intraday' | 'daily';

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

// Only the fields the chart sets; typed locally so this file needs no echarts import.
export interface ChartOption {
  animation: boolean;
  grid: { left: number; right: number; top: string; height: string }[];
  xAxis: Record<string, unknown>[];
  yAxis: Record<string, unknown>[];
  dataZoom: Record<string, unknown>[];
  tooltip: Record<string, unknown>;
  series: Record<string, unknown>[];
}

export function buildChartOption(bars: readonly ChartBar[], kind: ChartKind, colours: ChartColours): ChartOption {
  const labels = bars.map((b) => barLabel(b.time, kind));
  const axisCommon = {
    axisLine: { lineStyle: { color: colours.grid } },
    axisLabel: { color: colours.text, fontSize: 10 },
    splitLine: { lineStyle: { color: colours.grid, opacity: 0.4 } },
  };
  const volumeBars = bars.map((b, i) => {
    const previous = bars[i - 1]?.close ?? b.open;
    const rising = kind === 'timeshare' ? b.close >= previous : b.close >= b.open;
    return { value: b.volume, itemStyle: { color: rising ? colours.up : colours.down } };
  });
  const priceSeries: Record<string, unknown>[] =
    kind === 'timeshare'
      ? [
          {
            name: 'price',
            type: 'line',
            data: bars.map((b) => b.close),
            showSymbol: false,
            lineStyle: { width: 1.2, color: colours.line },
            areaStyle: { color: colours.line, opacity: 0.12 },
          },
          { name: 'avg', type: 'line', data: bars.map((b) => b.avgPrice ?? null), showSymbol: false, lineStyle: { width: 1, color: colours.avg } },
        ]
      : [
          {
            name: 'k',
            type: 'candlestick',
            // ECharts' candlestick order is open, close, low, high.
            data: bars.map((b) => [b.open, b.close, b.low, b.high]),
            itemStyle: { color: colours.up, color0: colours.down, borderColor: colours.up, borderColor0: colours.down },
          },
          ...MA_PERIODS.map((period, i) => ({
            name: `MA${period}`,
            type: 'line',
            data: movingAverage(
              bars.map((b) => b.close),
              period,
            ),
            showSymbol: false,
            smooth: true,
            lineStyle: { width: 1, color: colours.ma[i] },
          })),
        ];
  // Show the latest ~60 bars of long series at first; the rest is a pinch/drag away.
  const start = bars.length > 60 && kind !== 'timeshare' ? Math.round((1 - 60 / bars.length) * 100) : 0;
  return {
    animation: false,
    // Price on top (two thirds), volume below.
    grid: [
      { left: 52, right: 8, top: '4%', height: '64%' },
      { left: 52, right: 8, top: '76%', height: '18%' },
    ],
    xAxis: [
      { type: 'category', data: labels, boundaryGap: kind !== 'timeshare', ...axisCommon, splitLine: { show: false } },
      {
        type: 'category',
        gridIndex: 1,
        data: labels,
        boundaryGap: kind !== 'timeshare',
        axisLabel: { show: false },
        axisTick: { show: false },
        axisLine: { lineStyle: { color: colours.grid } },
      },
    ],
    yAxis: [
      { scale: true, position: 'left', ...axisCommon },
      {
        scale: true,
        gridIndex: 1,
        splitNumber: 2,
        axisLabel: { show: false },
        axisLine: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
      },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start, end: 100 }],
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, confine: true },
    series: [...priceSeries, { name: 'volume', type: 'bar', xAxisIndex: 1, yAxisIndex: 1, data: volumeBars }],
  };
}

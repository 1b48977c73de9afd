// The option builder as a pure function: panes per indicator, colours by the Japanese
// convention, the window the chart opens on and follows, and the tooltip's rows.
import { MARKET_TEXTS } from '../../../translations';
import {
  barLabel,
  buildChartOption,
  buildDataOption,
  chartHeight,
  followWindow,
  indicatorValues,
  openingWindow,
  tooltipHtml,
  tooltipRows,
  type ChartColours,
  type ChartInput,
  type ChartLabels,
} from './chart-option';
import type { ChartBar } from './types';

const DAY = 86_400_000;
const COLOURS: ChartColours = {
  up: 'UP',
  down: 'DOWN',
  text: 'TEXT',
  grid: 'GRID',
  line: 'LINE',
  avg: 'AVG',
  ma: ['MA5', 'MA10', 'MA20'],
  bands: ['B1', 'B2', 'B3'],
  signal: 'SIGNAL',
  rsi: 'RSI',
  tipBackground: 'TIPBG',
  tipBorder: 'TIPBORDER',
  tipText: 'TIPTEXT',
  tipLabel: 'TIPLABEL',
};

function labelsIn(lang: 'tw' | 'jp' | 'en'): ChartLabels {
  const t = MARKET_TEXTS[lang] as Record<string, string>;
  return {
    open: t['quote.open'] as string,
    high: t['quote.high'] as string,
    low: t['quote.low'] as string,
    close: t['detail.close'] as string,
    last: t['quote.last'] as string,
    avg: t['detail.avgPrice'] as string,
    change: t['quote.change'] as string,
    volume: t['quote.volume'] as string,
    signal: t['detail.indicator.signal'] as string,
    histogram: t['detail.indicator.histogram'] as string,
    upper: t['detail.indicator.upper'] as string,
    middle: t['detail.indicator.middle'] as string,
    lower: t['detail.indicator.lower'] as string,
  };
}

/** Alternating rising and falling days from 2026-01-05 (09:00 JST). */
function bars(n: number): ChartBar[] {
  return Array.from({ length: n }, (_, i) => ({
    time: Date.UTC(2026, 0, 5, 0, 0) + i * DAY,
    open: 1000 + i,
    high: 1003 + i,
    low: 998 + i,
    close: i % 2 === 0 ? 1002 + i : 999 + i,
    volume: 100 * (i + 1),
  }));
}

const input = (over: Partial<ChartInput> = {}): ChartInput => ({
  bars: bars(80),
  kind: 'daily',
  indicator: 'macd',
  previousClose: null,
  colours: COLOURS,
  labels: labelsIn('en'),
  ...over,
});

type Loose = Record<string, unknown>;
const ids = (option: Loose) => (option.series as Loose[]).map((s) => s.id);

test('MACD and RSI get a third pane under volume; BOLL replaces the MAs over the candles', () => {
  const macd = buildChartOption(input()) as Loose;
  expect(ids(macd)).toEqual(['price', 'ma5', 'ma10', 'ma20', 'volume', 'histogram', 'macd', 'signal']);
  expect(macd.grid).toHaveLength(3);
  const rsi = buildChartOption(input({ indicator: 'rsi' })) as Loose;
  expect(ids(rsi)).toEqual(['price', 'ma5', 'ma10', 'ma20', 'volume', 'rsi', 'rsi70', 'rsi30']);
  expect((rsi.yAxis as Loose[])[2]).toMatchObject({ min: 0, max: 100 });
  const boll = buildChartOption(input({ indicator: 'boll' })) as Loose;
  expect(ids(boll)).toEqual(['price', 'bollUpper', 'bollMiddle', 'bollLower', 'volume']);
  expect(boll.grid).toHaveLength(2);
  expect(ids(buildChartOption(input({ indicator: null })) as Loose)).toEqual(['price', 'ma5', 'ma10', 'ma20', 'volume']);
  expect(chartHeight('daily', 'macd')).toBeGreaterThan(chartHeight('daily', 'boll'));
  expect(chartHeight('timeshare', 'macd')).toBe(chartHeight('daily', null));
});

test('rising bars are red (up) and falling ones green (down), candles, volume and MACD bars alike', () => {
  const option = buildChartOption(input()) as Loose;
  const series = option.series as Loose[];
  expect(series[0]?.itemStyle).toEqual({ color: 'UP', color0: 'DOWN', borderColor: 'UP', borderColor0: 'DOWN' });
  const volume = series.find((s) => s.id === 'volume')?.data as { itemStyle: { color: string } }[];
  expect(volume.slice(0, 2).map((v) => v.itemStyle.color)).toEqual(['UP', 'DOWN']);
  const histogram = series.find((s) => s.id === 'histogram')?.data as ({ value: number; itemStyle: { color: string } } | null)[];
  for (const bar of histogram.filter((b) => b !== null)) expect(bar.itemStyle.color).toBe(bar.value >= 0 ? 'UP' : 'DOWN');
  // ECharts' candle order is open, close, lowest, highest.
  expect((series[0]?.data as number[][])[0]).toEqual([1000, 1002, 998, 1003]);
});

test('a long series opens on its latest 60 bars; the time-sharing line opens whole', () => {
  expect(openingWindow(250, 'daily')).toEqual({ startValue: 190, endValue: 249 });
  expect(openingWindow(30, 'intraday')).toEqual({ startValue: 0, endValue: 29 });
  expect(openingWindow(331, 'timeshare')).toEqual({ startValue: 0, endValue: 330 });
  expect((buildChartOption(input()).dataZoom as Loose[])[0]).toMatchObject({ type: 'inside', startValue: 20, endValue: 79, xAxisIndex: [0, 1, 2] });
});

test('new bars: a window on the latest bar follows it, one dragged into the past stays put', () => {
  expect(followWindow({ startValue: 20, endValue: 79 }, 80, 81, 'daily')).toEqual({ startValue: 21, endValue: 80 });
  expect(followWindow({ startValue: 10, endValue: 40 }, 80, 81, 'daily')).toEqual({ startValue: 10, endValue: 40 });
  expect(followWindow({ startValue: 0, endValue: 99 }, 100, 101, 'timeshare')).toEqual({ startValue: 0, endValue: 100 });
  // Same count (a moved last bar, another adjustment): nothing moves.
  expect(followWindow({ startValue: 5, endValue: 64 }, 80, 80, 'daily')).toEqual({ startValue: 5, endValue: 64 });
});

test('the data option carries only what bars change: axis categories, series by id, the tooltip', () => {
  const data = buildDataOption(input({ indicator: 'rsi' })) as Loose;
  expect(Object.keys(data).sort()).toEqual(['series', 'tooltip', 'xAxis']);
  expect(data.xAxis).toHaveLength(3);
  expect((data.xAxis as { data: string[] }[])[0]?.data.at(-1)).toBe(barLabel(Date.UTC(2026, 0, 5) + 79 * DAY, 'daily'));
  expect(ids(data)).toEqual(ids(buildChartOption(input({ indicator: 'rsi' })) as Loose));
});

test.each([
  ['en', ['Open', 'High', 'Low', 'Close', 'Change', 'Volume'], 'Signal'],
  ['tw', ['開盤', '最高', '最低', '收盤', '漲跌', '成交量'], '訊號線'],
  ['jp', ['始値', '高値', '安値', '終値', '前日比', '出来高'], 'シグナル'],
] as const)('in %s the tooltip names OHLC, change and volume in the reader’s language', (lang, names, signal) => {
  const chart = input({ labels: labelsIn(lang) });
  const labels = tooltipRows(chart, indicatorValues(chart.bars, 'daily', 'macd'), 40).map((row) => row.label);
  expect(labels.slice(0, 6)).toEqual(names);
  expect(labels).toContain(signal);
  expect(labels).toEqual(expect.arrayContaining(['MA5', 'MA10', 'MA20', 'MACD']));
});

test('tooltip figures: OHLC in yen, the change from the bar before with its percent and colour, volume', () => {
  const chart = input();
  // Bar 40 rose to 1,042 from bar 39's close of 1,038: +4.0 (+0.39%).
  const rows = tooltipRows(chart, indicatorValues(chart.bars, 'daily', 'boll'), 40);
  expect(rows.slice(0, 6)).toEqual([
    { label: 'Open', value: '1,040.0' },
    { label: 'High', value: '1,043.0' },
    { label: 'Low', value: '1,038.0' },
    { label: 'Close', value: '1,042.0' },
    { label: 'Change', value: '+4.0 (+0.39%)', tone: 'up' },
    { label: 'Volume', value: '4,100' },
  ]);
  expect(rows.slice(6).map((r) => r.label)).toEqual(['Upper band', 'Middle band', 'Lower band']);
  const html = tooltipHtml(chart, indicatorValues(chart.bars, 'daily', 'boll'), 40);
  expect(html).toContain('2026-02-14');
  expect(html).toContain('<span style="color:UP">+4.0 (+0.39%)</span>');
});

test('the time-sharing tooltip: last and average, the change from the previous close', () => {
  const minutes = bars(5).map((b, i) => ({ ...b, time: Date.UTC(2026, 0, 5, 0, i), avgPrice: 1000.25 }));
  const chart = input({ bars: minutes, kind: 'timeshare', indicator: null, previousClose: 1010 });
  const rows = tooltipRows(chart, indicatorValues(minutes, 'timeshare', null), 1);
  expect(rows).toEqual([
    { label: 'Last', value: '1,000.0' },
    { label: 'Average', value: '1,000.3' },
    { label: 'Change', value: '-10.0 (-0.99%)', tone: 'down' },
    { label: 'Volume', value: '200' },
  ]);
  expect(tooltipHtml(chart, indicatorValues(minutes, 'timeshare', null), 1)).toMatch(/^<div data-testid="chart-tip"><div style="color:TEXT">09:01<\/div>/);
});

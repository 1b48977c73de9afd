// The stock-detail chart on ECharts: candlesticks with MA5/10/20 or Bollinger Bands (or the
// time-sharing line and its average) over volume, MACD or RSI in a pane below, a crosshair
// with the bar's figures, pinch and drag zoom. Only what it draws is registered (echarts/core),
// and this file is a chunk of its own that only the stock page loads.
//
// The instance is created once per interval. New bars (the page asks again every 30 s while
// the session trades) are merged into it by series id; the window the customer zoomed or
// dragged to stays, or keeps following the newest bar if it was on it.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { EChartsInstance } from 'echarts-for-react/lib/types';
import * as echarts from 'echarts/core';
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, DataZoomInsideComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { formatPrice } from '../../../common/quote-format';
import { useMarketText } from '../../../common/texts';
import {
  buildChartOption,
  buildDataOption,
  chartHeight,
  followWindow,
  openingWindow,
  type BarWindow,
  type ChartColours,
  type ChartInput,
  type ChartLabels,
  type Indicator,
} from './chart-option';
import type { ChartBar, ChartKind } from './types';
import styles from './stock-chart.module.css';

// SVG, not canvas: ECharts recommends it on phones (less memory, crisp at any pixel ratio),
// a few hundred candles are few elements, and jsdom can draw it, so tests run the real chart.
echarts.use([CandlestickChart, LineChart, BarChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomInsideComponent, SVGRenderer]);

/** Reads the design tokens (the shell's CSS variables) so the chart matches the page. */
export function themeColours(): ChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (names: readonly string[], fallback: string) => {
    for (const name of names) {
      const value = css.getPropertyValue(name).trim();
      if (value && !value.startsWith('var(')) return value;
    }
    return fallback;
  };
  return {
    up: read(['--kabuto-up', '--kabuto-red'], '#f75f55'),
    down: read(['--kabuto-down', '--kabuto-green'], '#1fbf75'),
    text: read(['--kabuto-text-weak'], '#819a8d'),
    grid: read(['--kabuto-border'], '#24402f'),
    line: read(['--kabuto-text'], '#ffffff'),
    // The legend's colours (details.module.css) name these lines too.
    avg: '#ffb800',
    ma: ['#ffb800', '#4aa8ff', '#c77dff'],
    bands: ['#4aa8ff', '#ffb800', '#c77dff'],
    signal: '#ffb800',
    rsi: '#c77dff',
    tipBackground: read(['--kabuto-surface-raised'], '#183026'),
    tipBorder: read(['--kabuto-border'], '#24402f'),
    tipText: read(['--kabuto-text'], '#ffffff'),
    tipLabel: read(['--kabuto-text-secondary'], '#a9bdb2'),
  };
}

/** The bars in view as the instance has them now (after the customer's pinches and drags). */
export function shownWindow(chart: echarts.EChartsType): BarWindow | null {
  const zoom = (chart.getOption() as { dataZoom?: { startValue?: unknown; endValue?: unknown }[] }).dataZoom?.[0];
  return typeof zoom?.startValue === 'number' && typeof zoom.endValue === 'number' ? { startValue: zoom.startValue, endValue: zoom.endValue } : null;
}

/**
 * Brings the instance from what it shows (`shown`) to `next`. Another indicator changes the
 * panes: the option is replaced, on the same bars in view. Anything else (new bars, a new
 * last bar, another language's tooltip) is merged: series by id, lazily on the next frame.
 */
export function updateChart(chart: echarts.EChartsType, shown: ChartInput, next: ChartInput): void {
  const before = shownWindow(chart) ?? openingWindow(shown.bars.length, shown.kind);
  const window = followWindow(before, shown.bars.length, next.bars.length, next.kind);
  if (shown.indicator !== next.indicator || shown.kind !== next.kind) {
    chart.setOption(buildChartOption(next, window), { notMerge: true });
    return;
  }
  chart.setOption({ ...buildDataOption(next), dataZoom: [{ id: 'zoom', ...window }] }, { notMerge: false, lazyUpdate: true });
}

export interface StockChartProps {
  bars: readonly ChartBar[];
  kind: ChartKind;
  indicator: Indicator | null;
  /** Tenths of a yen, as the quote gives it. */
  previousClose: number | null;
  /** The instance once it is drawn (tests use it to watch the same instance take updates). */
  onChartReady?: (chart: echarts.EChartsType) => void;
}

const price = (yen: number | undefined) => (yen === undefined ? '--' : formatPrice(Math.round(yen * 10)));

export default function StockChart({ bars, kind, indicator, previousClose, onChartReady }: StockChartProps) {
  const { t } = useMarketText();
  const [colours] = useState(themeColours);
  const labels = useMemo<ChartLabels>(
    () => ({
      open: t('quote.open'),
      high: t('quote.high'),
      low: t('quote.low'),
      close: t('detail.close'),
      last: t('quote.last'),
      avg: t('detail.avgPrice'),
      change: t('quote.change'),
      volume: t('quote.volume'),
      signal: t('detail.indicator.signal'),
      histogram: t('detail.indicator.histogram'),
      upper: t('detail.indicator.upper'),
      middle: t('detail.indicator.middle'),
      lower: t('detail.indicator.lower'),
    }),
    [t],
  );
  const input = useMemo<ChartInput>(
    () => ({
      bars,
      kind,
      indicator: kind === 'timeshare' ? null : indicator,
      previousClose: previousClose === null ? null : previousClose / 10,
      colours,
      labels,
    }),
    [bars, kind, indicator, previousClose, colours, labels],
  );
  // The option the instance starts with; later changes go through updateChart, not a new instance.
  const [initialOption] = useState(() => buildChartOption(input));
  const chartRef = useRef<echarts.EChartsType | null>(null);
  /** What the instance shows, to tell what changed. */
  const shownRef = useRef<ChartInput>(input);
  const latestRef = useRef<ChartInput>(input);
  const readyRef = useRef(onChartReady);

  useEffect(() => {
    latestRef.current = input;
    readyRef.current = onChartReady;
    const chart = chartRef.current;
    if (!chart || shownRef.current === input) return;
    updateChart(chart, shownRef.current, input);
    shownRef.current = input;
  }, [input, onChartReady]);

  // Stable across renders: echarts-for-react binds it once, at init. Its instance type is
  // echarts' own, which a CommonJS type resolution (the e2e package's) reads from echarts'
  // .d.cts: the same object as echarts/core's type, declared twice.
  const [handleReady] = useState(() => (instance: EChartsInstance) => {
    const chart = instance as unknown as echarts.EChartsType;
    chartRef.current = chart;
    // Bars that came while the instance was being created.
    if (shownRef.current !== latestRef.current) {
      updateChart(chart, shownRef.current, latestRef.current);
      shownRef.current = latestRef.current;
    }
    readyRef.current?.(chart);
  });
  // Never re-created for the same interval: opts and the option prop stay the same objects.
  const [opts] = useState(() => ({ renderer: 'svg' as const }));

  const height = chartHeight(kind, input.indicator);
  const style = useMemo<CSSProperties>(() => ({ height, width: '100%' }), [height]);
  const label = t(`detail.chart.${kind}`, { price: price(bars.at(-1)?.close) });
  return (
    <div className={styles.box} role="img" aria-label={label} data-kind={kind} data-indicator={input.indicator ?? ''}>
      <ReactEChartsCore echarts={echarts} option={initialOption} notMerge opts={opts} style={style} onChartReady={handleReady} />
    </div>
  );
}

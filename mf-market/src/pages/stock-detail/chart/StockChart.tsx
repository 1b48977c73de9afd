// The stock-detail chart. ECharts is imported module by module (echarts/core) and only
// here, so it lands in the stock-detail page chunk and never on the home route.
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useMemo } from 'react';
import { buildChartOption, type ChartBar, type ChartColours, type ChartKind } from './chart-option';

echarts.use([CandlestickChart, LineChart, BarChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** Reads the design tokens (the shell's CSS variables) so the canvas matches the page. */
function themeColours(): ChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--kabuto-red', '#f0443a'),
    down: read('--kabuto-green', '#1fbf75'),
    text: read('--kabuto-text-weak', '#6f857a'),
    grid: read('--kabuto-border', '#24402f'),
    line: read('--kabuto-text', '#ffffff'),
    avg: '#ffb800',
    ma: ['#ffb800', '#4aa8ff', '#c77dff'],
  };
}

interface StockChartProps {
  bars: readonly ChartBar[];
  kind: ChartKind;
}

export default function StockChart({ bars, kind }: StockChartProps) {
  const option = useMemo(() => buildChartOption(bars, kind, themeColours()), [bars, kind]);
  // notMerge: switching between candles and the time-sharing line replaces every series.
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height: 300, width: '100%' }} />;
}

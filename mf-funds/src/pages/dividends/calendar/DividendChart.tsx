// The company's dividend per share on ECharts (the stock-detail chart's set-up, docs/development.md
// "Charts"): echarts/core with only the bar chart, grid, tooltip and legend and the SVG renderer,
// in a chunk of its own that only this page loads.
import { useMemo, useState, type CSSProperties } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { formatDateKey } from '@kabuto/shared-sdk';
import { useFundsText } from '../../../common/texts';
import { dividendChartOption, type DividendBar, type DividendChartColours } from './chart-option';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

function themeColours(): DividendChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => {
    const value = css.getPropertyValue(name).trim();
    return value && !value.startsWith('var(') ? value : fallback;
  };
  return {
    paid: read('--kabuto-accent', '#2fd08a'),
    forecast: read('--kabuto-text-secondary', '#a9bdb2'),
    text: read('--kabuto-text-weak', '#819a8d'),
    grid: read('--kabuto-border', '#24402f'),
    tipBackground: read('--kabuto-surface-raised', '#183026'),
    tipText: read('--kabuto-text', '#ffffff'),
  };
}

const STYLE: CSSProperties = { height: 200, width: '100%' };

export default function DividendChart({ bars }: { bars: readonly DividendBar[] }) {
  const { t, lang } = useFundsText();
  const [colours] = useState(themeColours);
  const option = useMemo(
    () =>
      dividendChartOption(bars, colours, {
        paid: t('div.company.paidSeries'),
        forecast: t('div.company.forecastSeries'),
        date: (key) => formatDateKey(key, lang),
      }),
    [bars, colours, t, lang],
  );
  const [opts] = useState(() => ({ renderer: 'svg' as const }));
  return (
    <div role="img" aria-label={t('div.company.chartLabel')} data-testid="dividend-chart" data-bars={bars.length}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge opts={opts} style={STYLE} />
    </div>
  );
}

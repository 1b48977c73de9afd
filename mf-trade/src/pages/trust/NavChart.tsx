// The trust's NAV history as a line (ECharts through echarts-for-react, as mf-market's stock
// chart). Only what it draws is registered (echarts/core), so the page chunk stays small.
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import type { TrustNavPoint } from '@kabuto/shared-sdk/schemas';

echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export function NavChart({ history, label }: { history: TrustNavPoint[]; label: string }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 12, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: history.map((p) => p.date.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', scale: true },
      series: [{ name: label, type: 'line', data: history.map((p) => Number(p.nav.amount)), showSymbol: history.length < 30, lineStyle: { width: 2 } }],
    }),
    [history, label],
  );
  return (
    <div data-testid="trust-nav-chart" data-points={history.length}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 200, width: '100%' }} opts={{ renderer: 'svg' }} notMerge />
    </div>
  );
}

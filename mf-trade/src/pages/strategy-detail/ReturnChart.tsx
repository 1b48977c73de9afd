// The strategy's cumulative time-weighted return, compounded from the published monthly
// returns (the record's own figures, from venue fills only): 0 % at inception, then each month's
// end. ECharts as mf-market's StockChart uses it: echarts/core with only what is drawn, the SVG
// renderer (no canvas, works in jsdom).
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo, useState, type CSSProperties } from 'react';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';

echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export interface ReturnPoint {
  label: string;
  percent: number;
}

/** Inception at 0 %, then Π(1 + monthly) − 1 at each month's end, in percent (2 dp). */
export function cumulativeReturns(record: Pick<StrategyRecord, 'monthly'>, startLabel: string): ReturnPoint[] {
  let index = 1;
  const points: ReturnPoint[] = [{ label: startLabel, percent: 0 }];
  for (const m of record.monthly) {
    index *= 1 + Number(m.twrPercent) / 100;
    points.push({ label: m.month, percent: Math.round((index - 1) * 10_000) / 100 });
  }
  return points;
}

const style: CSSProperties = { height: 200, width: '100%' };

export function ReturnChart({ points, label }: { points: ReturnPoint[]; label: string }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 44, right: 12, top: 12, bottom: 28 },
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => `${String(v)}%` },
      xAxis: { type: 'category' as const, data: points.map((p) => p.label), boundaryGap: false },
      yAxis: { type: 'value' as const, axisLabel: { formatter: '{value}%' }, scale: true },
      series: [{ type: 'line' as const, data: points.map((p) => p.percent), symbolSize: 6, lineStyle: { width: 2 }, areaStyle: { opacity: 0.08 } }],
    }),
    [points],
  );
  const [opts] = useState(() => ({ renderer: 'svg' as const }));
  return (
    <div role="img" aria-label={label} data-testid="strategy-chart" data-points={points.map((p) => p.percent).join(',')}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge opts={opts} style={style} />
    </div>
  );
}

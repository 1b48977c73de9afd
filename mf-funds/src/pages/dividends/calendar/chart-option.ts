// The company page's chart as a pure function of the answer: one bar per record date, oldest
// first, the dividends paid on the venue and the forecasts ahead as two series in one slot
// (stacked, one of the two empty), so a forecast never reads as money already paid.
import type { DividendCompany } from '@kabuto/shared-sdk/schemas';

export interface DividendChartColours {
  paid: string;
  forecast: string;
  text: string;
  grid: string;
  tipBackground: string;
  tipText: string;
}

export interface DividendChartLabels {
  paid: string;
  forecast: string;
  /** A record date 'YYYY-MM-DD' as the page's language writes it. */
  date(key: string): string;
}

export interface DividendBar {
  recordDate: string;
  /** Yen text with 2 decimals, as the server answers it. */
  dps: string;
  forecast: boolean;
}

/** Paid history (the answer gives it newest first) then the schedule ahead, oldest first. */
export function dividendBars(company: Pick<DividendCompany, 'history' | 'ahead'>): DividendBar[] {
  const paid = [...company.history].reverse().map((item) => ({ recordDate: item.recordDate, dps: item.dps, forecast: false }));
  const ahead = company.ahead.map((event) => ({ recordDate: event.recordDate, dps: event.dps, forecast: true }));
  return [...paid, ...ahead].sort((a, b) => a.recordDate.localeCompare(b.recordDate));
}

// The option is plain data for ECharts; its value types are ECharts' own, kept loose here on
// purpose (the chart component passes it straight to setOption).
export function dividendChartOption(bars: readonly DividendBar[], colours: DividendChartColours, labels: DividendChartLabels) {
  const value = (bar: DividendBar, forecast: boolean) => (bar.forecast === forecast ? Number(bar.dps) : '-');
  return {
    animation: false,
    grid: { left: 44, right: 12, top: 28, bottom: 28 },
    legend: { top: 0, textStyle: { color: colours.text }, data: [labels.paid, labels.forecast] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      backgroundColor: colours.tipBackground,
      borderColor: colours.grid,
      textStyle: { color: colours.tipText },
      // The server's text, not the float the bar is drawn with: ¥7.50 stays ¥7.50.
      formatter: (params: { dataIndex: number }[]) => {
        const bar = bars[params[0]?.dataIndex ?? -1];
        return bar ? `${labels.date(bar.recordDate)}<br/>${bar.forecast ? labels.forecast : labels.paid}: ¥${bar.dps}` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: bars.map((bar) => labels.date(bar.recordDate)),
      axisLabel: { color: colours.text, fontSize: 10 },
      axisLine: { lineStyle: { color: colours.grid } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: colours.text, fontSize: 10, formatter: '¥{value}' },
      splitLine: { lineStyle: { color: colours.grid } },
    },
    series: [
      {
        id: 'paid',
        name: labels.paid,
        type: 'bar',
        stack: 'dps',
        barMaxWidth: 28,
        itemStyle: { color: colours.paid },
        data: bars.map((bar) => value(bar, false)),
      },
      {
        id: 'forecast',
        name: labels.forecast,
        type: 'bar',
        stack: 'dps',
        barMaxWidth: 28,
        itemStyle: { color: 'transparent', borderColor: colours.forecast, borderWidth: 1, borderType: 'dashed' },
        data: bars.map((bar) => value(bar, true)),
      },
    ],
  };
}

import { barLabel, buildChartOption, type ChartBar, type ChartColours } from './chart-option';

const colours: ChartColours = { up: 'red', down: 'green', text: '#fff', grid: '#333', line: '#fff', avg: 'yellow', ma: ['a', 'b', 'c'] };

function bars(n: number): ChartBar[] {
  return Array.from({ length: n }, (_, i) => ({
    time: Date.UTC(2026, 0, 5, 0, i),
    open: 100 + i,
    high: 102 + i,
    low: 99 + i,
    close: i % 2 === 0 ? 101 + i : 99.5 + i,
    volume: 1000 + i,
    avgPrice: 100.5 + i / 2,
  }));
}

describe('barLabel', () => {
  it('writes JST times whatever the zone', () => {
    expect(barLabel(Date.UTC(2026, 0, 5, 0, 0), 'timeshare')).toBe('09:00');
    expect(barLabel(Date.UTC(2026, 0, 5, 0, 0), 'intraday')).toBe('01-05 09:00');
    expect(barLabel(Date.UTC(2026, 0, 4, 15, 0), 'daily')).toBe('2026-01-05');
  });
});

describe('buildChartOption', () => {
  it('draws candlesticks in ECharts order (open, close, low, high) with MA5/10/20 and volume', () => {
    const option = buildChartOption(bars(30), 'daily', colours);
    const names = option.series.map((s) => s.name);
    expect(names).toEqual(['k', 'MA5', 'MA10', 'MA20', 'volume']);
    expect((option.series[0]?.data as number[][])[0]).toEqual([100, 101, 99, 102]);
    const ma20 = option.series[3]?.data as (number | null)[];
    expect(ma20.filter((v) => v === null)).toHaveLength(19);
  });

  it('colours volume red when the bar rose and green when it fell', () => {
    const option = buildChartOption(bars(2), 'intraday', colours);
    const volume = option.series.at(-1)?.data as { itemStyle: { color: string } }[];
    expect(volume.map((v) => v.itemStyle.color)).toEqual(['red', 'green']);
  });

  it('draws the time-sharing line and the average price instead of candles', () => {
    const option = buildChartOption(bars(5), 'timeshare', colours);
    expect(option.series.map((s) => s.type)).toEqual(['line', 'line', 'bar']);
    expect(option.series[1]?.data).toEqual([100.5, 101, 101.5, 102, 102.5]);
  });

  it('opens long series on the latest 60 bars', () => {
    expect(buildChartOption(bars(300), 'daily', colours).dataZoom[0]?.start).toBe(80);
    expect(buildChartOption(bars(40), 'daily', colours).dataZoom[0]?.start).toBe(0);
  });
});

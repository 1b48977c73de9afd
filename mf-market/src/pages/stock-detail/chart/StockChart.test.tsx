// The chart on a real ECharts instance in jsdom (the SVG renderer needs no canvas): what it
// draws from the bars, and a live update reaching the same instance instead of a new one.
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { getInstanceByDom, setPlatformAPI, type EChartsType } from 'echarts/core';
import { addTranslations, languageChanged, makeStore, type Lang } from '@kabuto/shared-sdk';
import { MARKET_NS } from '../../../common/texts';
import { MARKET_TEXTS } from '../../../translations';
import StockChart, { type StockChartProps } from './StockChart';
import type { ChartBar } from './types';

const DAY = 86_400_000;

/** Daily bars from 2026-01-05 (09:00 JST); the last close is 2,870.5 for 80 bars. */
function bars(n: number): ChartBar[] {
  return Array.from({ length: n }, (_, i) => ({
    time: Date.UTC(2026, 0, 5, 0, 0) + i * DAY,
    open: 2790 + i,
    high: 2793 + i,
    low: 2788 + i,
    close: i % 3 === 0 ? 2789.5 + i : 2791.5 + i,
    volume: 1000 + i,
  }));
}

// jsdom lays nothing out and has no canvas to measure text with: give the chart's box a
// phone's size, as the page's CSS would, and text a width per character (ECharts' own hook
// for places without a canvas, as on a server).
beforeAll(() => {
  setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 6 }) });
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
});
afterAll(() => jest.restoreAllMocks());

function renderChart(props: Omit<StockChartProps, 'onChartReady'>, lang: Lang = 'en') {
  addTranslations(MARKET_NS, MARKET_TEXTS);
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  const instances: EChartsType[] = [];
  const tree = (p: Omit<StockChartProps, 'onChartReady'>) => (
    <Provider store={store}>
      <StockChart {...p} onChartReady={(chart) => instances.push(chart)} />
    </Provider>
  );
  const view = render(tree(props));
  return { instances, rerender: (next: Omit<StockChartProps, 'onChartReady'>) => view.rerender(tree(next)) };
}

interface SeriesOut {
  id: string;
  type: string;
  data: unknown[];
}
const seriesOf = (chart: EChartsType) => (chart.getOption() as { series: SeriesOut[] }).series;
const zoomOf = (chart: EChartsType) => (chart.getOption() as { dataZoom: { startValue: number; endValue: number }[] }).dataZoom[0];

test('daily bars: candles, MA5/10/20, volume and the MACD pane, opening on the latest 60 of 80', async () => {
  const { instances } = renderChart({ bars: bars(80), kind: 'daily', indicator: 'macd', previousClose: null });
  await waitFor(() => expect(instances).toHaveLength(1));
  const chart = instances[0] as EChartsType;
  expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Candlestick chart, last close ¥2,870.5');
  expect(seriesOf(chart).map((s) => s.id)).toEqual(['price', 'ma5', 'ma10', 'ma20', 'volume', 'histogram', 'macd', 'signal']);
  expect(seriesOf(chart)[0]?.data.at(-1)).toEqual([2869, 2870.5, 2867, 2872]);
  expect(zoomOf(chart)).toMatchObject({ startValue: 20, endValue: 79 });
  // Drawn as SVG: a path per visible candle at least.
  expect(document.querySelectorAll('svg path').length).toBeGreaterThan(60);
});

test('a live update changes the last bar and appends one on the same instance, the window following the newest bar', async () => {
  const first = bars(80);
  const { instances, rerender } = renderChart({ bars: first, kind: 'daily', indicator: 'rsi', previousClose: null });
  await waitFor(() => expect(instances).toHaveLength(1));
  const chart = instances[0] as EChartsType;
  const setOption = jest.spyOn(chart, 'setOption');

  // The session trades on: the last bar's close and high move.
  const moved = [...first.slice(0, -1), { ...(first.at(-1) as ChartBar), close: 2880, high: 2881, volume: 5000 }];
  act(() => rerender({ bars: moved, kind: 'daily', indicator: 'rsi', previousClose: null }));
  expect(seriesOf(chart)[0]?.data.at(-1)).toEqual([2869, 2880, 2867, 2881]);
  expect(
    (
      seriesOf(chart)
        .find((s) => s.id === 'volume')
        ?.data.at(-1) as { value: number }
    ).value,
  ).toBe(5000);
  // Merged, not replaced, and drawn on the next frame.
  expect(setOption).toHaveBeenLastCalledWith(expect.anything(), { notMerge: false, lazyUpdate: true });

  // A new bar: appended, and the window moves on with it.
  const next = { ...(moved.at(-1) as ChartBar), time: (moved.at(-1) as ChartBar).time + DAY, open: 2880, close: 2885, high: 2886, low: 2879 };
  act(() => rerender({ bars: [...moved, next], kind: 'daily', indicator: 'rsi', previousClose: null }));
  expect(seriesOf(chart)[0]?.data).toHaveLength(81);
  expect(seriesOf(chart)[0]?.data.at(-1)).toEqual([2880, 2885, 2879, 2886]);
  expect(zoomOf(chart)).toMatchObject({ startValue: 21, endValue: 80 });
  expect(seriesOf(chart).find((s) => s.id === 'rsi')?.data).toHaveLength(81);

  // Still the instance the chart started with.
  expect(instances).toHaveLength(1);
  expect(getInstanceByDom(screen.getByRole('img').firstElementChild as HTMLElement)).toBe(chart);
});

test('switching the indicator rebuilds the panes on the same instance and keeps the bars in view', async () => {
  const series = bars(80);
  const { instances, rerender } = renderChart({ bars: series, kind: 'daily', indicator: 'macd', previousClose: null });
  await waitFor(() => expect(instances).toHaveLength(1));
  const chart = instances[0] as EChartsType;
  chart.dispatchAction({ type: 'dataZoom', startValue: 5, endValue: 40 });
  act(() => rerender({ bars: series, kind: 'daily', indicator: 'boll', previousClose: null }));
  const ids = seriesOf(chart).map((s) => s.id);
  expect(ids).toEqual(['price', 'bollUpper', 'bollMiddle', 'bollLower', 'volume']);
  expect(zoomOf(chart)).toMatchObject({ startValue: 5, endValue: 40 });
  expect(instances).toHaveLength(1);
});

test('the time-sharing line: price with its fill and the average, no candles nor indicator', async () => {
  const minutes = bars(120).map((b, i) => ({ ...b, time: Date.UTC(2026, 0, 5, 0, 0) + i * 60_000, avgPrice: 2790 + i / 2 }));
  const { instances } = renderChart({ bars: minutes, kind: 'timeshare', indicator: 'macd', previousClose: 27900 }, 'jp');
  await waitFor(() => expect(instances).toHaveLength(1));
  const chart = instances[0] as EChartsType;
  expect(seriesOf(chart).map((s) => [s.id, s.type])).toEqual([
    ['price', 'line'],
    ['avg', 'line'],
    ['volume', 'bar'],
  ]);
  expect(zoomOf(chart)).toMatchObject({ startValue: 0, endValue: 119 });
  expect(screen.getByRole('img').getAttribute('aria-label')).toBe('当日の分時チャート、現在値 ¥2,910.5');
});

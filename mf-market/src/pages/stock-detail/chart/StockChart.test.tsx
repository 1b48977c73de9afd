// The SVG chart in jsdom (no layout: it draws at its fallback phone width): one candle
// per bar in view, the time-sharing line as a path, the crosshair a finger reaches.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, languageChanged, makeStore } from '@kabuto/shared-sdk';
import { MARKET_NS } from '../../../common/texts';
import { MARKET_TEXTS } from '../../../translations';
import { barLabel } from './chart-geometry';
import StockChart from './StockChart';
import type { ChartBar, ChartKind } from './types';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Bars `step` apart from 09:00 JST on 2026-01-05; the last close is 2,870.5 for 80 bars. */
function bars(n: number, step = DAY): ChartBar[] {
  return Array.from({ length: n }, (_, i) => ({
    time: Date.UTC(2026, 0, 5, 0, 0) + i * step,
    open: 2790 + i,
    high: 2793 + i,
    low: 2788 + i,
    close: i % 3 === 0 ? 2789.5 + i : 2791.5 + i,
    volume: 1000 + i,
    avgPrice: 2790 + i / 2,
  }));
}

function renderChart(series: readonly ChartBar[], kind: ChartKind) {
  addTranslations(MARKET_NS, MARKET_TEXTS);
  const store = makeStore();
  store.dispatch(languageChanged('en'));
  return render(
    <Provider store={store}>
      <StockChart bars={series} kind={kind} />
    </Provider>,
  );
}

// jsdom has no PointerEvent: without one, fireEvent sends a bare Event (no clientX, no pointerId).
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeAll(() => {
  if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true });
});

afterEach(() => jest.useRealTimers());

test('daily data draws one candle (wick and body) per bar in view: the latest 60 of 80', () => {
  const series = bars(80);
  renderChart(series, 'daily');
  const svg = screen.getByRole('img');
  expect(svg.tagName.toLowerCase()).toBe('svg');
  expect(svg.getAttribute('aria-label')).toBe('Candlestick chart, last close ¥2,870.5');
  const candles = svg.querySelectorAll('[data-series="candles"] > g');
  expect(candles).toHaveLength(60);
  for (const candle of candles) expect([candle.querySelectorAll('line').length, candle.querySelectorAll('rect').length]).toEqual([1, 1]);
  expect(svg.querySelectorAll('[data-series="volume"] rect')).toHaveLength(60);
  expect([...svg.querySelectorAll('path[data-series^="MA"]')].map((p) => p.getAttribute('data-series'))).toEqual(['MA5', 'MA10', 'MA20']);
  // Axis labels: a few prices and the dates of the bars in view.
  const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent ?? '');
  expect(texts.filter((t) => /^\d{1,3}(,\d{3})*(\.\d+)?$/.test(t)).length).toBeGreaterThanOrEqual(3);
  expect(texts).toContain(barLabel(series[20]?.time ?? 0, 'daily'));
  expect(texts).toContain(barLabel(series[79]?.time ?? 0, 'daily'));
});

test('the time-sharing interval draws the price line, its fill and the average as paths, no candles', () => {
  renderChart(bars(120, MINUTE), 'timeshare');
  const svg = screen.getByRole('img');
  expect(svg.getAttribute('aria-label')).toBe("Today's price line, last ¥2,910.5");
  expect(svg.querySelector('path[data-series="price"]')?.getAttribute('d')).toMatch(/^M52 [\d.]+(L[\d.]+ [\d.]+){119}$/);
  expect(svg.querySelector('path[data-series="avg"]')?.getAttribute('d')).toMatch(/^M/);
  expect(svg.querySelector('path[data-series="area"]')?.getAttribute('d')).toMatch(/Z$/);
  expect(svg.querySelectorAll('[data-series="candles"] > g')).toHaveLength(0);
  expect(svg.querySelectorAll('[data-series="volume"] rect')).toHaveLength(120);
});

test('a touch shows the crosshair and that bar’s prices, which go a moment after the finger lifts', () => {
  jest.useFakeTimers();
  const series = bars(80);
  const { container } = renderChart(series, 'daily');
  const box = container.firstElementChild as HTMLElement;
  // The last slot (jsdom lays nothing out: the box starts at x 0 and is 360 px wide).
  fireEvent.pointerDown(box, { pointerId: 1, pointerType: 'touch', clientX: 350 });
  expect(screen.getByTestId('chart-crosshair')).toBeTruthy();
  const tip = screen.getByTestId('chart-tip').textContent ?? '';
  expect(tip.startsWith(barLabel(series[79]?.time ?? 0, 'daily'))).toBe(true);
  expect(tip).toContain('Open2,869.0');
  expect(tip).toContain('High2,872.0');
  expect(tip).toContain('Low2,867.0');
  expect(tip).toContain('Close2,870.5');
  expect(tip).toContain('Volume1,079');
  fireEvent.pointerUp(box, { pointerId: 1, pointerType: 'touch', clientX: 350 });
  expect(screen.queryByTestId('chart-tip')).toBeTruthy();
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.queryByTestId('chart-tip')).toBeNull();
});

test('a horizontal drag brings older bars into view', () => {
  const series = bars(80);
  const { container } = renderChart(series, 'daily');
  const box = container.firstElementChild as HTMLElement;
  const firstLabel = () => box.querySelector('text[text-anchor="start"]')?.textContent;
  expect(firstLabel()).toBe(barLabel(series[20]?.time ?? 0, 'daily'));
  fireEvent.pointerDown(box, { pointerId: 1, pointerType: 'touch', clientX: 100 });
  // 300 px of plot for 60 bars: 100 px is 20 bars.
  fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'touch', clientX: 200 });
  fireEvent.pointerUp(box, { pointerId: 1, pointerType: 'touch', clientX: 200 });
  expect(box.querySelectorAll('[data-series="candles"] > g')).toHaveLength(60);
  expect(firstLabel()).toBe('2026-01-05');
  expect(screen.queryByTestId('chart-crosshair')).toBeNull();
});

import {
  barIndexAt,
  barLabel,
  barX,
  buildScene,
  clampWindow,
  followWindow,
  linePath,
  niceTicks,
  openingWindow,
  panWindow,
  PLOT,
  plotWidth,
  priceText,
  zoomWindow,
} from './chart-geometry';
import type { ChartBar, ChartColours } from './types';

const colours: ChartColours = { up: 'red', down: 'green', text: '#fff', grid: '#333', line: '#fff', avg: 'yellow', ma: ['a', 'b', 'c'] };
const WIDTH = 360;

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

const bar = (open: number, close: number, high: number, low: number, volume = 100): ChartBar => ({ time: 0, open, close, high, low, volume });

describe('barLabel', () => {
  it('writes JST times whatever the zone', () => {
    expect(barLabel(Date.UTC(2026, 0, 5, 0, 0), 'timeshare')).toBe('09:00');
    expect(barLabel(Date.UTC(2026, 0, 5, 0, 0), 'intraday')).toBe('01-05 09:00');
    expect(barLabel(Date.UTC(2026, 0, 4, 15, 0), 'daily')).toBe('2026-01-05');
  });
});

describe('candles', () => {
  // Same prices, opposite directions: the same shapes in opposite colours.
  const series = [bar(100, 110, 112, 98), bar(110, 100, 112, 98)];
  const [rising, falling] = buildScene(series, 'daily', openingWindow(2, 'daily'), WIDTH, colours).candles;

  it('draws a rising bar red and a falling one green (Japanese convention)', () => {
    expect([rising?.rising, rising?.colour]).toEqual([true, 'red']);
    expect([falling?.rising, falling?.colour]).toEqual([false, 'green']);
  });

  it('runs the body from open to close and the wick from high to low', () => {
    if (!rising || !falling) throw new Error('two candles expected');
    // high 112 is the top of the data, with the 6 % margin of the span (14) above it.
    const pane = PLOT.priceBottom - PLOT.priceTop;
    expect(rising.wickTop).toBeCloseTo(PLOT.priceTop + (pane * 0.06) / 1.12, 1);
    expect(rising.wickBottom).toBeCloseTo(PLOT.priceBottom - (pane * 0.06) / 1.12, 1);
    // Body 10 of the wick's 14 yen, starting 2 yen below the high.
    const wick = rising.wickBottom - rising.wickTop;
    expect(rising.bodyHeight / wick).toBeCloseTo(10 / 14, 2);
    expect((rising.bodyY - rising.wickTop) / wick).toBeCloseTo(2 / 14, 2);
    expect([falling.bodyY, falling.bodyHeight, falling.wickTop, falling.wickBottom]).toEqual([
      rising.bodyY,
      rising.bodyHeight,
      rising.wickTop,
      rising.wickBottom,
    ]);
    // Centred in its slot, wick through the middle of the body.
    expect(rising.x).toBeCloseTo(PLOT.left + plotWidth(WIDTH) / 4, 1);
    expect(rising.bodyX + rising.bodyWidth / 2).toBeCloseTo(rising.x, 1);
    expect(falling.x).toBeGreaterThan(rising.x);
  });

  it('keeps a doji (open = close) visible as a one-pixel body', () => {
    const [doji] = buildScene([bar(100, 100, 101, 99), bar(100, 101, 102, 98)], 'daily', openingWindow(2, 'daily'), WIDTH, colours).candles;
    expect(doji?.bodyHeight).toBe(1);
    expect(doji?.colour).toBe('red');
  });

  it('scales the price axis to the bars in view only', () => {
    // An old spike at 500 scrolled out of view (and out of every MA in view) must not flatten today's candles.
    const series = [bar(100, 500, 500, 100), ...bars(40)];
    const scene = buildScene(series, 'daily', { start: 21, size: 20 }, WIDTH, colours);
    const highest = Math.min(...scene.candles.map((c) => c.wickTop));
    expect(highest).toBeLessThan(PLOT.priceTop + 20);
    expect(scene.candles).toHaveLength(20);
    expect(scene.candles[0]?.index).toBe(21);
  });
});

describe('moving averages', () => {
  it('starts MA5/10/20 late instead of averaging fewer bars, in their own colours', () => {
    const scene = buildScene(bars(30), 'daily', openingWindow(30, 'daily'), WIDTH, colours);
    expect(scene.lines.map((l) => [l.name, l.colour])).toEqual([
      ['MA5', 'a'],
      ['MA10', 'b'],
      ['MA20', 'c'],
    ]);
    const ma20 = scene.lines[2]?.d ?? '';
    // One stroke of 11 points (bars 19..29), starting at bar 19.
    expect(ma20.match(/M/g)).toHaveLength(1);
    expect(ma20.match(/L/g)).toHaveLength(10);
    const firstX = Number(/^M([\d.]+) /.exec(ma20)?.[1]);
    expect(firstX).toBeCloseTo(barX(19, 'daily', openingWindow(30, 'daily'), WIDTH), 1);
  });

  it('averages bars left of the window too, so a scrolled line starts at the left edge', () => {
    const window = openingWindow(300, 'daily');
    const ma20 = buildScene(bars(300), 'daily', window, WIDTH, colours).lines[2]?.d ?? '';
    expect(Number(/^M([\d.]+) /.exec(ma20)?.[1])).toBeCloseTo(barX(240, 'daily', window, WIDTH), 1);
    expect(ma20.match(/L/g)).toHaveLength(59);
  });

  it('widens the price axis to the averages in view, so no line leaves the pane', () => {
    // Twenty bars at 200, then ten at 100: MA20 over the last ten bars is still far above them.
    const series = [...Array.from({ length: 20 }, () => bar(200, 200, 201, 199)), ...Array.from({ length: 10 }, () => bar(100, 100, 101, 99))];
    const scene = buildScene(series, 'daily', { start: 20, size: 10 }, WIDTH, colours);
    const ys = (scene.lines[2]?.d ?? '')
      .split(/[ML]/)
      .filter(Boolean)
      .map((point) => Number(point.split(' ')[1]));
    expect(ys).toHaveLength(10);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(PLOT.priceTop);
    expect(Math.max(...scene.candles.map((c) => c.wickBottom))).toBeLessThanOrEqual(PLOT.priceBottom);
  });

  it('lifts the pen over a missing point and puts it down again after', () => {
    expect(linePath([[1, 2], [3, 4], null, [5, 6], [7, 8.04]])).toBe('M1 2L3 4M5 6L7 8');
    expect(linePath([null, null])).toBe('');
  });
});

describe('time-sharing line', () => {
  it('draws the price line with its area fill and the average price, no candles, first bar to last edge to edge', () => {
    const scene = buildScene(bars(5), 'timeshare', openingWindow(5, 'timeshare'), WIDTH, colours);
    expect(scene.candles).toEqual([]);
    expect(scene.lines.map((l) => [l.name, l.colour, l.width])).toEqual([
      ['price', '#fff', 1.2],
      ['avg', 'yellow', 1],
    ]);
    const price = scene.lines[0]?.d ?? '';
    expect(price.startsWith(`M${PLOT.left} `)).toBe(true);
    expect(price).toContain(`L${WIDTH - PLOT.right} `);
    expect(scene.area).toBe(`${price}L${WIDTH - PLOT.right} ${PLOT.priceBottom}L${PLOT.left} ${PLOT.priceBottom}Z`);
  });

  it('leaves the average out where the bar has none', () => {
    const series = bars(4).map((b, i) => (i === 1 ? { ...b, avgPrice: undefined } : b));
    const avg = buildScene(series, 'timeshare', openingWindow(4, 'timeshare'), WIDTH, colours).lines[1]?.d ?? '';
    expect(avg.match(/M/g)).toHaveLength(2);
  });
});

describe('volume', () => {
  it('colours a candle volume by close against open', () => {
    // The second bar closes above the first close but below its own open: falling.
    const series = [bar(100, 101, 102, 99), bar(105, 103, 106, 102), bar(103, 103, 104, 102)];
    const scene = buildScene(series, 'intraday', openingWindow(3, 'intraday'), WIDTH, colours);
    expect(scene.volume.map((v) => v.colour)).toEqual(['red', 'green', 'red']);
  });

  it('colours a time-sharing volume by close against the previous close', () => {
    const series = [bar(100, 101, 102, 99), bar(105, 103, 106, 102), bar(103, 102, 104, 101), bar(100, 102, 103, 99)];
    const scene = buildScene(series, 'timeshare', openingWindow(4, 'timeshare'), WIDTH, colours);
    expect(scene.volume.map((v) => v.colour)).toEqual(['red', 'red', 'green', 'red']);
  });

  it('keeps the time-sharing volume bars on the edges inside the plot', () => {
    const volume = buildScene(bars(5), 'timeshare', openingWindow(5, 'timeshare'), WIDTH, colours).volume;
    expect(volume[0]?.x).toBe(PLOT.left);
    expect((volume[0]?.width ?? 0) * 2).toBeCloseTo(volume[1]?.width ?? 0, 1);
    const last = volume.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(WIDTH - PLOT.right, 1);
  });

  it('scales the tallest bar in view to the pane height', () => {
    const series = [bar(1, 2, 2, 1, 50), bar(1, 2, 2, 1, 200), bar(2, 1, 2, 1, 100)];
    const volume = buildScene(series, 'daily', openingWindow(3, 'daily'), WIDTH, colours).volume;
    const pane = PLOT.volumeBottom - PLOT.volumeTop;
    expect(volume.map((v) => v.height)).toEqual([pane / 4, pane, pane / 2]);
    expect(volume.map((v) => v.y + v.height)).toEqual([PLOT.volumeBottom, PLOT.volumeBottom, PLOT.volumeBottom]);
    // A huge volume scrolled out of view does not flatten the bars in view.
    const scrolled = buildScene([bar(1, 2, 2, 1, 10_000), ...series], 'daily', { start: 1, size: 3 }, WIDTH, colours).volume;
    expect(scrolled.map((v) => v.height)).toEqual([pane / 4, pane, pane / 2]);
  });
});

describe('window', () => {
  it('opens long candle series on the latest 60 bars, short ones and the time-sharing line whole', () => {
    expect(openingWindow(300, 'daily')).toEqual({ start: 240, size: 60 });
    expect(openingWindow(40, 'daily')).toEqual({ start: 0, size: 40 });
    expect(openingWindow(300, 'timeshare')).toEqual({ start: 0, size: 300 });
    const scene = buildScene(bars(300), 'daily', openingWindow(300, 'daily'), WIDTH, colours);
    expect(scene.candles.map((c) => c.index)).toEqual(Array.from({ length: 60 }, (_, i) => 240 + i));
  });

  it('drags right into the past and stops at the first and the last bar', () => {
    const origin = { start: 240, size: 60 };
    const slot = plotWidth(WIDTH) / 60;
    expect(panWindow(origin, 10 * slot, WIDTH, 300)).toEqual({ start: 230, size: 60 });
    expect(panWindow(origin, -10 * slot, WIDTH, 300)).toEqual({ start: 240, size: 60 });
    expect(panWindow(origin, 1000 * slot, WIDTH, 300)).toEqual({ start: 0, size: 60 });
    expect(panWindow({ start: 0, size: 60 }, -30 * slot, WIDTH, 300)).toEqual({ start: 30, size: 60 });
  });

  it('zooms between 10 bars and the whole series, keeping the bar under the fingers in place', () => {
    const origin = { start: 240, size: 60 };
    expect(zoomWindow(origin, 0.5, 1, 300)).toEqual({ start: 270, size: 30 });
    expect(zoomWindow(origin, 0.5, 0, 300)).toEqual({ start: 240, size: 30 });
    expect(zoomWindow(origin, 0.5, 0.5, 300)).toEqual({ start: 255, size: 30 });
    expect(zoomWindow(origin, 0.01, 1, 300)).toEqual({ start: 290, size: 10 });
    expect(zoomWindow(origin, 100, 1, 300)).toEqual({ start: 0, size: 300 });
    // Zooming out at the left edge cannot reach past the newest bar.
    expect(zoomWindow({ start: 280, size: 20 }, 2, 0, 300)).toEqual({ start: 260, size: 40 });
  });

  it('clamps any window into the series', () => {
    expect(clampWindow(-5, 20, 100)).toEqual({ start: 0, size: 20 });
    expect(clampWindow(95, 20, 100)).toEqual({ start: 80, size: 20 });
    expect(clampWindow(0, 3, 100)).toEqual({ start: 0, size: 10 });
    expect(clampWindow(0, 3, 6)).toEqual({ start: 0, size: 6 });
    expect(clampWindow(0, 500, 100)).toEqual({ start: 0, size: 100 });
  });

  it('follows new bars at the latest edge, stays where the customer dragged back to', () => {
    expect(followWindow({ start: 240, size: 60 }, 300, 301, 'intraday')).toEqual({ start: 241, size: 60 });
    expect(followWindow({ start: 100, size: 60 }, 300, 301, 'intraday')).toEqual({ start: 100, size: 60 });
    expect(followWindow({ start: 0, size: 120 }, 120, 121, 'timeshare')).toEqual({ start: 0, size: 121 });
    expect(followWindow({ start: 0, size: 60 }, 60, 61, 'daily')).toEqual({ start: 1, size: 60 });
  });

  it('finds the bar nearest a pointer', () => {
    const window = { start: 240, size: 60 };
    expect(barIndexAt(barX(250, 'daily', window, WIDTH), 'daily', window, WIDTH)).toBe(250);
    expect(barIndexAt(0, 'daily', window, WIDTH)).toBe(240);
    expect(barIndexAt(WIDTH, 'daily', window, WIDTH)).toBe(299);
    const day = { start: 0, size: 5 };
    expect(barIndexAt(barX(3, 'timeshare', day, WIDTH) - 10, 'timeshare', day, WIDTH)).toBe(3);
  });
});

describe('axis labels', () => {
  it('picks round price steps that give 4 or 5 labels', () => {
    expect(niceTicks(2700, 2800)).toEqual({ values: [2700, 2725, 2750, 2775, 2800], decimals: 0 });
    expect(niceTicks(2703.1, 2791.9)).toEqual({ values: [2720, 2740, 2760, 2780], decimals: 0 });
    expect(niceTicks(0.93, 1.37)).toEqual({ values: [1, 1.1, 1.2, 1.3], decimals: 1 });
    // 100 gives 7 labels, 200 only 3: 150 gives 5.
    expect(niceTicks(2491, 3162)).toEqual({ values: [2550, 2700, 2850, 3000, 3150], decimals: 0 });
  });

  it('keeps the labels few and inside the range whatever the span', () => {
    for (const [min, max] of [
      [2712.3, 2861.7],
      [98.2, 101.9],
      [31_250, 33_980],
      [412.5, 413.1],
    ] as const) {
      const { values } = niceTicks(min, max);
      expect([min, max, values.length >= 3 && values.length <= 6]).toEqual([min, max, true]);
      expect(values.every((v) => v >= min && v <= max)).toBe(true);
    }
  });

  it('writes prices with thousands separators and the step’s decimals', () => {
    expect(priceText(2790.5, 1)).toBe('2,790.5');
    expect(priceText(31250, 0)).toBe('31,250');
    expect(priceText(1.1, 2)).toBe('1.10');
  });

  it('writes 3–4 time labels from the first to the last bar in view, inside the plot', () => {
    const series = bars(300);
    const scene = buildScene(series, 'daily', openingWindow(300, 'daily'), WIDTH, colours);
    expect(scene.timeLabels.length).toBeGreaterThanOrEqual(3);
    expect(scene.timeLabels.length).toBeLessThanOrEqual(4);
    expect(scene.timeLabels[0]).toEqual({ x: PLOT.left, text: barLabel(series[240]?.time ?? 0, 'daily'), anchor: 'start' });
    expect(scene.timeLabels.at(-1)).toEqual({ x: WIDTH - PLOT.right, text: barLabel(series[299]?.time ?? 0, 'daily'), anchor: 'end' });
  });
});

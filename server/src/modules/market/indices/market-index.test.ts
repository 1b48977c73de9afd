import { fixedClock, jstDate } from '../../../clock';
import { SimulatedMarket } from '../provider';
import { SESSION_TIMES, previousBusinessDay } from '../rules/calendar';
import { MINUTE_SLOTS } from '../simulation/session-clock';
import { createUniverse } from '../universe/universe';
import { N225_BASE_LEVEL, TOPIX_BASE_LEVEL } from './market-index';

// A caller replays the simulated market day after day and watches the indices and their ETFs.
const universe = createUniverse();
const clock = fixedClock(jstDate(2026, 11, 20, 14, 0));
const market = new SimulatedMarket({ clock, seed: 'kabuto-demo', universe });
const sim = market.simulator;
const DAYS = 60;

function lastDays(n: number): string[] {
  const out: string[] = [];
  let d = previousBusinessDay('2026-11-20');
  while (out.length < n) {
    out.unshift(d);
    d = previousBusinessDay(d);
  }
  return out;
}

function dailyMove(code: string, day: string): number {
  const path = sim.path(code);
  return path.dailyBar(day).close - path.basePrice(day);
}

describe('indices and index ETFs over a replay', () => {
  const days = lastDays(DAYS);

  it('Nikkei-2× (1570) and double-inverse (1357) move opposite ways on every simulated day', () => {
    let opposite = 0;
    for (const day of days) {
      const up = dailyMove('1570', day);
      const inverse = dailyMove('1357', day);
      expect([day, up * inverse <= 0]).toEqual([day, true]);
      if (up !== 0 && inverse !== 0) opposite += 1;
    }
    // Not a vacuous pass: on most days both moved (a move under one tick shows as unchanged).
    expect(opposite).toBeGreaterThan(DAYS * 0.8);
  });

  it('the two Nikkei 225 ETFs (1321, 1330) move the same way as the index every day', () => {
    for (const day of days) {
      const n225 = sim.indices.N225.closeRatio(day) - 1;
      for (const code of ['1321', '1330', '1570']) expect([day, code, dailyMove(code, day) * n225 >= 0]).toEqual([day, code, true]);
      expect([day, dailyMove('1357', day) * n225 <= 0, dailyMove('1571', day) * n225 <= 0]).toEqual([day, true, true]);
      expect([day, dailyMove('1306', day) * (sim.indices.TOPIX.closeRatio(day) - 1) >= 0]).toEqual([day, true]);
    }
  });

  it('a 2× ETF returns about twice the index each day (daily reset), within tracking noise and a tick', () => {
    for (const day of days.slice(-30)) {
      const index = sim.indices.N225.closeRatio(day) - 1;
      const path = sim.path('1570');
      const etf = path.dailyBar(day).close / path.basePrice(day) - 1;
      // Tracking noise ≤ half the move, plus rounding to the tick on a ~¥25,000 price.
      expect(Math.abs(etf - 2 * index)).toBeLessThanOrEqual(Math.abs(index) + 0.0005);
    }
  });

  it('intraday, minute by minute, 1570 and 1357 stay on opposite sides of their previous closes', () => {
    const day = days[days.length - 1] as string;
    const lev = sim.path('1570');
    const inv = sim.path('1357');
    const levPrev = lev.basePrice(day);
    const invPrev = inv.basePrice(day);
    for (const second of MINUTE_SLOTS) {
      expect((lev.fairValue(day, second) - levPrev) * (inv.fairValue(day, second) - invPrev)).toBeLessThanOrEqual(1e-6 * levPrev * invPrev);
    }
  });

  it('computes the indices from the constituents: price-weighted N225 and cap-weighted TOPIX at their base levels', () => {
    const base = '2025-06-30';
    expect(sim.indices.N225.close(base)).toBeCloseTo(N225_BASE_LEVEL, 6);
    expect(sim.indices.TOPIX.close(base)).toBeCloseTo(TOPIX_BASE_LEVEL, 6);
    const n225Members = universe.instruments.filter((i) => i.kind === 'stock' && i.nikkei225);
    expect(sim.indices.N225.size()).toBe(n225Members.length);
    // Price-weighted: moving one constituent by ¥x moves the index by x / divisor, whatever the stock.
    const day = days[days.length - 1] as string;
    const sum = (d: string) => n225Members.reduce((s, i) => s + sim.path(i.code).adjustedCloseOn(d), 0);
    expect(sim.indices.N225.close(day) / sim.indices.N225.close(base)).toBeCloseTo(sum(day) / sum(base), 9);
  });

  it('serves a live index quote labelled simulated, with the approximation stated', () => {
    const q = market.indexQuote('N225');
    expect(q).toMatchObject({ code: 'N225', simulated: true, method: 'price-weighted', tradingDate: '2026-11-20' });
    expect(q.note.en).toMatch(/Approximation/);
    expect(q.value).toBeCloseTo(sim.indices.N225.valueAt('2026-11-20', 14 * 3600), 1);
    expect(q.change).toBeCloseTo(q.value - q.previousClose, 1);
    expect(q.high).toBeGreaterThanOrEqual(q.value);
    expect(q.low).toBeLessThanOrEqual(q.value);
    clock.set(jstDate(2026, 11, 20, 16, 0));
    expect(market.indexQuote('TOPIX').value).toBeCloseTo(sim.indices.TOPIX.close('2026-11-20'), 1);
    expect(SESSION_TIMES.close).toBeGreaterThan(0);
  });
});

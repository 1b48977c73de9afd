import { fixedClock, jstDate } from '../../../clock';
import { testUniverse } from '../test-universe';
import { tradeValueYen } from '../price';
import type { Fill, Trade } from '../venue/types';
import { MarketSimulator } from './market-simulator';

const universe = testUniverse(['7203', '6758', '1321']);
const at = (h: number, m: number) => jstDate(2026, 11, 20, h, m);

function run(seed: string, stops: Date[], code = '7203') {
  const clock = fixedClock(stops[0] as Date);
  const sim = new MarketSimulator({ universe, seed, clock });
  const tape: Trade[] = [];
  sim.listen({ trade: (t) => t.code === code && tape.push(t) });
  for (const stop of stops) {
    clock.set(stop);
    sim.advance(code);
  }
  return { sim, tape, clock };
}

describe('seeded simulation', () => {
  it('replays the same day from the same seed: identical tapes, however it is driven', () => {
    const a = run('seed-1', [at(15, 31)]);
    const b = run('seed-1', [at(8, 30), at(9, 0), at(10, 17), at(11, 45), at(13, 2), at(15, 27), at(15, 31)]);
    expect(a.tape.length).toBeGreaterThan(500);
    expect(b.tape).toEqual(a.tape);
  });

  it('gives a different day for a different seed', () => {
    const a = run('seed-1', [at(11, 0)]);
    const b = run('seed-2', [at(11, 0)]);
    expect(b.tape.map((t) => [t.price, t.quantity])).not.toEqual(a.tape.map((t) => [t.price, t.quantity]));
  });

  it('keeps a five-level book on both sides during Zaraba', () => {
    const { sim, clock } = run('seed-1', [at(10, 0)]);
    for (const m of [5, 20, 45, 70]) {
      clock.set(new Date(at(10, 0).getTime() + m * 60_000));
      const snap = sim.snapshot('7203');
      expect(snap.bids).toHaveLength(5);
      expect(snap.asks).toHaveLength(5);
      expect((snap.bids[0]?.price ?? 0) < (snap.asks[0]?.price ?? 0)).toBe(true);
    }
  });

  it('trades more near the open and close than at midday (U-shaped volume)', () => {
    const { tape } = run('seed-1', [at(15, 31)]);
    const volumeBetween = (from: Date, to: Date) => tape.filter((t) => t.at >= from.getTime() && t.at < to.getTime()).reduce((a, t) => a + t.quantity, 0);
    const open = volumeBetween(at(9, 0), at(9, 30));
    const midday = volumeBetween(at(10, 15), at(10, 45));
    const close = volumeBetween(at(14, 55), at(15, 25));
    expect(open).toBeGreaterThan(midday * 1.5);
    expect(close).toBeGreaterThan(midday * 1.5);
  });

  it('keeps session statistics that agree with the tape, and follows the seeded path', () => {
    const { sim, tape } = run('seed-1', [at(15, 31)]);
    const s = sim.stats('7203');
    expect(s.volume).toBe(tape.reduce((a, t) => a + t.quantity, 0));
    expect(s.turnover).toBe(tape.reduce((a, t) => a + tradeValueYen(t.price, t.quantity), 0));
    expect(s.open).toBe(tape[0]?.price);
    expect(s.last).toBe(tape[tape.length - 1]?.price);
    expect(s.high).toBe(Math.max(...tape.map((t) => t.price)));
    expect(s.low).toBe(Math.min(...tape.map((t) => t.price)));
    expect(s.previousClose).toBe(sim.path('7203').basePrice('2026-11-20'));
    // The close lands near the path's close for the day (within 2 %).
    const generated = sim.path('7203').dailyBar('2026-11-20').close;
    expect(Math.abs((s.last as number) - generated) / generated).toBeLessThan(0.02);
    // The closing Itayose prints at 15:30.
    expect(tape[tape.length - 1]?.at).toBe(at(15, 30).getTime());
    expect(tape[tape.length - 1]?.aggressor).toBeNull();
  });

  it('takes customer orders into the same book and reports their fills', () => {
    const clock = fixedClock(at(10, 0));
    const sim = new MarketSimulator({ universe, seed: 'seed-1', clock });
    const fills: Fill[] = [];
    sim.listen({ fill: (f) => fills.push(f) });
    const res = sim.submitOrder({ code: '7203', side: 'buy', type: 'market', quantity: 100, ownerId: 'user-1', clientOrderId: 'a1' });
    expect(res.status).toBe('accepted');
    expect(fills.filter((f) => f.ownerId === 'user-1').reduce((a, f) => a + f.quantity, 0)).toBe(100);
    expect(fills.every((f) => !f.ownerId.startsWith('sim:'))).toBe(true);
    expect(sim.submitOrder({ code: '7203', side: 'buy', type: 'market', quantity: 100, ownerId: 'sim:maker', clientOrderId: 'x' })).toEqual({
      status: 'rejected',
      reason: 'reserved-owner',
    });
  });

  it('shows the last completed day on a holiday, and refuses orders', () => {
    const clock = fixedClock(jstDate(2026, 11, 23, 10, 0)); // Labor Thanksgiving Day (Monday)
    const sim = new MarketSimulator({ universe, seed: 'seed-1', clock });
    expect(sim.tradingDate()).toBe('2026-11-20');
    expect(sim.stats('7203').last).not.toBeNull();
    expect(sim.submitOrder({ code: '7203', side: 'buy', type: 'market', quantity: 100, ownerId: 'u', clientOrderId: 'h' })).toEqual({
      status: 'rejected',
      reason: 'market-closed',
    });
  });

  it('starts a fresh session when the clock goes back (the demo clock replaying its day)', () => {
    const clock = fixedClock(at(11, 0));
    const sim = new MarketSimulator({ universe, seed: 'seed-1', clock });
    const first = sim.tape('7203', 5);
    clock.set(at(15, 0));
    sim.advance('7203');
    clock.set(at(11, 0));
    expect(sim.tape('7203', 5).map((t) => [t.price, t.quantity, t.at])).toEqual(first.map((t) => [t.price, t.quantity, t.at]));
    expect(sim.tape('7203', 1)[0]?.id).not.toBe(first[first.length - 1]?.id);
  });

  it('keeps an operator price shock when a published schedule makes the issue’s path again', () => {
    const clock = fixedClock(at(10, 0));
    const sim = new MarketSimulator({ universe, seed: 'seed-1', clock });
    const calm = new MarketSimulator({ universe, seed: 'seed-1', clock });
    // Shock Monday 24 Nov's close; Tuesday 25 Nov opens on it.
    sim.shock('7203', '2026-11-24', 0.7);
    const ratio = () => sim.path('7203').basePrice('2026-11-25') / calm.path('7203').basePrice('2026-11-25');
    expect(ratio()).toBeCloseTo(0.7, 2);
    // The schedule gains a dividend: both paths are made again, the shocked one with its shock.
    const schedule = [...sim.actionsFor('7203'), { code: '7203', exDate: '2027-09-29', kind: 'dividend' as const, amount: 500, origin: 'simulated' as const }];
    sim.setScheduledActions('7203', schedule);
    calm.setScheduledActions('7203', schedule);
    expect(ratio()).toBeCloseTo(0.7, 2);
  });
});

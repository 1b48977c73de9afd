// The simulated PTS night session: hours (16:30–06:00, Japannext since 2023-08-14), limits
// from the primary market's base price, lots never smaller, limit orders only, its own
// book and tape, and every open order expiring at 06:00.
import { fixedClock } from '../../../clock';
import { SimulatedMarket } from '../provider';
import { atJst, nextBusinessDay } from '../rules/calendar';
import { limitPrices } from '@kabuto/shared-sdk/market-rules';
import { testUniverse } from '../test-universe';
import type { ExpiredOrder, Fill } from '../venue/types';
import { PtsVenue, isPtsOrderId } from './pts-venue';
import { currentOrNextPtsSession, openPtsSession, ptsLot } from './session';

const at = (date: string, h: number, m = 0) => atJst(date, h * 3600 + m * 60);

describe('PTS night session hours', () => {
  it('is open 16:30 to 06:00 the next day, after every TSE business day', () => {
    expect(openPtsSession(at('2026-01-13', 16, 29))).toBeNull();
    expect(openPtsSession(at('2026-01-13', 16, 30))?.date).toBe('2026-01-13');
    expect(openPtsSession(at('2026-01-14', 5, 59))?.date).toBe('2026-01-13');
    expect(openPtsSession(at('2026-01-14', 6, 0))).toBeNull();
    expect(openPtsSession(at('2026-01-14', 12, 0))).toBeNull();
    // Friday's night runs into Saturday morning; Saturday evening has none.
    expect(openPtsSession(at('2026-01-17', 3, 0))?.date).toBe('2026-01-16');
    expect(openPtsSession(at('2026-01-17', 20, 0))).toBeNull();
    expect(currentOrNextPtsSession(at('2026-01-17', 20, 0)).session.date).toBe('2026-01-19');
    // A holiday (Coming of Age Day, 2026-01-12) has no night session.
    expect(openPtsSession(at('2026-01-12', 20, 0))).toBeNull();
  });

  it('never lets a lot be smaller than the primary market, and trades unit-1 stocks in 10s', () => {
    expect(ptsLot(100)).toBe(100);
    expect(ptsLot(1)).toBe(10);
    expect(ptsLot(10)).toBe(10);
  });
});

function night(startAt: Date) {
  const clock = fixedClock(startAt);
  const primary = new SimulatedMarket({ clock, seed: 'pts-test', universe: testUniverse(['7203', '1330']) });
  const pts = new PtsVenue({ primary, clock, seed: 'pts-test' });
  const fills: Fill[] = [];
  const expired: ExpiredOrder[] = [];
  pts.onFill((f) => fills.push(f));
  pts.onExpired((e) => expired.push(e));
  return { clock, primary, pts, fills, expired };
}

describe('PTS venue', () => {
  it('takes its limits from the primary market base price of the next day, and its own book trades', () => {
    const { pts, primary } = night(at('2026-01-13', 17, 0));
    const q = pts.quote('7203');
    const base = primary.simulator.path('7203').basePrice(nextBusinessDay('2026-01-13'));
    expect(q.previousClose).toBe(base);
    const limits = limitPrices(base, q.tickTable);
    expect([q.lowerLimit, q.upperLimit]).toEqual([limits.lower, limits.upper]);
    expect(q.sessionOpen).toBe(true);
    expect(q.venue).toBe('pts');
    // Simulated participants have traded since 16:30 on the PTS tape.
    expect(q.volume).toBeGreaterThan(0);
    const tape = pts.trades('7203');
    expect(tape.length).toBeGreaterThan(0);
    expect(tape.every((t) => isPtsOrderId(t.id))).toBe(true);
  });

  it('accepts limit orders only, in whole PTS lots, inside the limits, and fills a marketable one', () => {
    const { pts, fills } = night(at('2026-01-13', 18, 0));
    const q = pts.quote('7203');
    const req = { code: '7203', side: 'buy' as const, ownerId: 'u7', quantity: 100 };
    expect(pts.submitOrder({ ...req, type: 'market', clientOrderId: 'm' })).toEqual({ status: 'rejected', reason: 'limit-orders-only' });
    expect(pts.submitOrder({ ...req, type: 'limit', price: q.upperLimit + 10, clientOrderId: 'x' })).toMatchObject({ reason: 'outside-daily-limit' });
    expect(pts.submitOrder({ ...req, type: 'limit', price: q.bestAsk ?? 0, quantity: 150, clientOrderId: 'y' })).toMatchObject({ reason: 'invalid-quantity' });
    const ask = q.bestAsk;
    expect(ask).not.toBeNull();
    const placed = pts.submitOrder({ ...req, type: 'limit', price: ask as number, clientOrderId: 'k1' });
    expect(placed.status).toBe('accepted');
    if (placed.status !== 'accepted') return;
    expect(isPtsOrderId(placed.orderId)).toBe(true);
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((f) => f.orderId === placed.orderId && f.price <= (ask as number) && isPtsOrderId(f.tradeId))).toBe(true);
    // The same client order id is entered once.
    expect(pts.submitOrder({ ...req, type: 'limit', price: ask as number, clientOrderId: 'k1' })).toMatchObject({ reason: 'duplicate-client-order-id' });
  });

  it('uses lots of 10 for a unit-1 ETF', () => {
    const { pts, primary } = night(at('2026-01-13', 18, 0));
    expect(primary.instrument('1330')?.lot).toBe(1);
    const q = pts.quote('1330');
    expect(q.lot).toBe(10);
    expect(pts.submitOrder({ code: '1330', side: 'buy', type: 'limit', price: q.lowerLimit, quantity: 5, ownerId: 'u7', clientOrderId: 'e' })).toMatchObject({
      reason: 'invalid-quantity',
    });
  });

  it('refuses orders between sessions, and expires open orders at 06:00', () => {
    const { pts, clock, expired } = night(at('2026-01-13', 12, 0));
    expect(pts.submitOrder({ code: '7203', side: 'buy', type: 'limit', price: 10_000, quantity: 100, ownerId: 'u7', clientOrderId: 'a' })).toEqual({
      status: 'rejected',
      reason: 'market-closed',
    });
    clock.set(at('2026-01-13', 23, 0));
    const low = pts.quote('7203').lowerLimit;
    const placed = pts.submitOrder({ code: '7203', side: 'buy', type: 'limit', price: low, quantity: 100, ownerId: 'u7', clientOrderId: 'b' });
    expect(placed.status).toBe('accepted');
    if (placed.status !== 'accepted') return;
    expect(pts.isOpenOrder(placed.orderId)).toBe(true);
    clock.set(at('2026-01-14', 6, 1));
    expect(pts.isOpenOrder(placed.orderId)).toBe(false);
    // Reading the board after the close brings the book to 06:00: the order expires there.
    pts.quote('7203');
    expect(expired.map((e) => e.clientOrderId)).toContain('b');
  });

  it('replays the same night from the same seed', () => {
    const a = night(at('2026-01-13', 20, 0)).pts.trades('7203', 30);
    const b = night(at('2026-01-13', 20, 0)).pts.trades('7203', 30);
    expect(a).toEqual(b);
  });
});

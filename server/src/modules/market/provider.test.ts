import { fixedClock, jstDate } from '../../clock';
import { MAX_SUBSCRIPTION_CODES, MarketDataError, SimulatedMarket, type MarketUpdate } from './provider';
import { testUniverse } from './test-universe';
import type { Fill } from './venue/types';

function market(at = jstDate(2026, 11, 20, 10, 0)) {
  const clock = fixedClock(at);
  return { clock, m: new SimulatedMarket({ clock, seed: 'prov', universe: testUniverse(['7203', '9983', '1321', '6472']) }) };
}

describe('SimulatedMarket as MarketDataProvider', () => {
  it('quotes the stock-detail fields of spec §3, labelled simulated', () => {
    const { m } = market();
    const q = m.quote('7203');
    expect(q).toMatchObject({ code: '7203', simulated: true, phase: 'zaraba', tradingDate: '2026-11-20', lot: 100, industryPe: 10 });
    expect(q.name.jp).toBe('トヨタ自動車');
    for (const k of ['last', 'open', 'high', 'low', 'previousClose', 'volume', 'turnover', 'pe', 'bestBid', 'bestAsk'] as const) {
      expect(q[k]).not.toBeNull();
    }
    expect(Number.isInteger(q.turnover)).toBe(true);
    expect(q.change).toBe((q.last as number) - q.previousClose);
    expect(q.pe).toBeGreaterThan(0);
    expect(m.quote('6472').pe).toBeNull(); // loss-making
    expect(m.quote('1321').industryPe).toBeNull(); // ETF
  });

  it('keeps P/E in today’s share terms across a split after the reference date', () => {
    const { m } = market();
    // 9983: P/E 40 at ¥48,000 on 2025-06-30, then a (simulated) 1→3 split: EPS ÷ 3.
    const q = m.quote('9983');
    const eps = 480_000 / 40 / 3;
    expect(q.pe).toBeCloseTo((q.last as number) / eps, 2);
  });

  it('serves best five bids and asks', () => {
    const { m } = market();
    const d = m.depth('7203');
    expect(d.bids).toHaveLength(5);
    expect(d.asks).toHaveLength(5);
    expect(d.simulated).toBe(true);
  });

  it('answers bad input with MarketDataError codes, not crashes', () => {
    const { m } = market();
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof MarketDataError ? e.code : 'other';
      }
      return 'none';
    };
    expect(code(() => m.quote('0000'))).toBe('unknown-instrument');
    expect(code(() => m.depth('abc'))).toBe('unknown-instrument');
    expect(code(() => m.klines('7203', 'hour' as never, 'none'))).toBe('bad-interval');
    expect(code(() => m.klines('7203', 'day', 'sideways' as never))).toBe('bad-adjustment');
    expect(code(() => m.klines('7203', 'day', 'none', 0))).toBe('bad-limit');
    expect(code(() => m.klines('7203', 'day', 'none', 100_000))).toBe('bad-limit');
    expect(
      code(() =>
        m.subscribe(
          Array.from({ length: MAX_SUBSCRIPTION_CODES + 1 }, () => '7203'),
          () => {},
        ),
      ),
    ).toBe('too-many-codes');
    expect(code(() => m.subscribe(['7203', 'nope'], () => {}))).toBe('unknown-instrument');
  });

  it('pushes quote and depth changes to subscribers when pumped, and stops after unsubscribe', () => {
    const { m, clock } = market();
    const got: MarketUpdate[] = [];
    const off = m.subscribe(['7203'], (u) => got.push(u));
    m.pump();
    expect(got.map((u) => u.type).sort()).toEqual(['depth', 'quote']);
    expect(m.pump()).toBe(0); // nothing moved
    clock.advance(60_000);
    m.pump();
    expect(got.length).toBeGreaterThan(2);
    off();
    clock.advance(60_000);
    const before = got.length;
    m.pump();
    expect(got.length).toBe(before);
  });

  it('shows the trade tape', () => {
    const { m } = market();
    const tape = m.trades('7203', 10);
    expect(tape).toHaveLength(10);
    expect(tape[9]?.at).toBeGreaterThanOrEqual(tape[0]?.at ?? 0);
  });

  it('searches through the provider', () => {
    const { m } = market();
    expect(m.search('トヨタ').map((i) => i.code)).toContain('7203');
  });
});

describe('SimulatedMarket as OrderEntry', () => {
  it('accepts a customer limit order, fills it against the book and lets the owner cancel the rest', () => {
    const { m } = market();
    const fills: Fill[] = [];
    m.onFill((f) => fills.push(f));
    const ask = m.quote('7203').bestAsk as number;
    const res = m.submitOrder({ code: '7203', side: 'buy', type: 'limit', price: ask, quantity: 100_000, ownerId: 'u1', clientOrderId: 'c1' });
    expect(res.status).toBe('accepted');
    const filled = fills.reduce((a, f) => a + f.quantity, 0);
    expect(filled).toBeGreaterThan(0);
    expect(fills.every((f) => f.ownerId === 'u1' && f.price <= ask)).toBe(true);
    if (res.status !== 'accepted') return;
    expect(m.cancelOrder(res.orderId, 'u2')).toEqual({ status: 'rejected', reason: 'not-owner' });
    const cancelled = m.cancelOrder(res.orderId, 'u1');
    expect(cancelled).toEqual({ status: 'cancelled', orderId: res.orderId, cancelledQuantity: 100_000 - filled });
  });

  it('rejects orders with reason codes', () => {
    const { m } = market();
    const base = { code: '7203', side: 'buy' as const, ownerId: 'u1' };
    const q = m.quote('7203');
    expect(m.submitOrder({ ...base, type: 'limit', price: q.upperLimit + 10, quantity: 100, clientOrderId: 'a' })).toEqual({
      status: 'rejected',
      reason: 'outside-daily-limit',
    });
    // Above ¥1,000 a TOPIX500 tick is at least ¥0.5, so one tenth more is off the grid.
    expect(q.previousClose).toBeGreaterThan(10_000);
    expect(m.submitOrder({ ...base, type: 'limit', price: q.previousClose + 1, quantity: 100, clientOrderId: 'b' })).toEqual({
      status: 'rejected',
      reason: 'invalid-tick',
    });
    expect(m.submitOrder({ ...base, type: 'market', quantity: 50, clientOrderId: 'c' })).toEqual({ status: 'rejected', reason: 'invalid-quantity' });
    expect(m.submitOrder({ ...base, code: '9999', type: 'market', quantity: 100, clientOrderId: 'd' })).toEqual({
      status: 'rejected',
      reason: 'unknown-instrument',
    });
  });

  it('expires open customer orders at the close', () => {
    const { m, clock } = market(jstDate(2026, 11, 20, 15, 0));
    const expired: string[] = [];
    m.onExpired((e) => expired.push(e.ownerId));
    const low = m.quote('7203').lowerLimit;
    m.submitOrder({ code: '7203', side: 'buy', type: 'limit', price: low, quantity: 100, ownerId: 'u9', clientOrderId: 'e' });
    clock.set(jstDate(2026, 11, 20, 15, 31));
    m.quote('7203');
    expect(expired).toContain('u9');
  });
});

describe('a new listing (an IPO listing day, docs/ipo.md)', () => {
  const listing = { code: '9Q7A', name: { jp: '（模擬）上場', en: '(Simulated) Listing', tw: '（模擬）上市' }, offerPriceYen: 1_450, listedOn: '2026-11-20' };

  it('is refused as not yet listed before its day, then trades from the offer price with no history before it', () => {
    const { m } = market();
    m.announceListing(listing.code);
    expect(m.isUpcomingListing(listing.code)).toBe(true);
    expect(m.instrument(listing.code)).toBeUndefined();
    const nikkeiBefore = m.indexQuote('N225').value;

    m.addListing(listing);
    expect(m.isUpcomingListing(listing.code)).toBe(false);
    expect(m.instrument(listing.code)).toMatchObject({ listedOn: '2026-11-20', loanEligible: false, lot: 100 });
    const q = m.quote(listing.code);
    // The offer price is the first base price; the opening Itayose made the first trade.
    expect(q).toMatchObject({ previousClose: 14_500, tradingDate: '2026-11-20', simulated: true });
    // Listing day: orders from 1/4 to 4 times the offer price (on ticks), not the ±¥300 daily limit.
    expect([q.lowerLimit, q.upperLimit]).toEqual([3_630, 58_000]);
    expect(q.open).not.toBeNull();
    expect(m.klines(listing.code, 'day', 'none', 50).every((bar) => bar.time >= jstDate(2026, 11, 20, 0, 0).getTime())).toBe(true);
    // The indices keep their constituents.
    expect(m.indexQuote('N225').value).toBe(nikkeiBefore);
    // Listing again (every server start re-lists) changes nothing.
    expect(m.addListing(listing)).toBe(m.instrument(listing.code));
  });

  it('joins today at the latest (the venue has no book for a later day)', () => {
    const { m } = market();
    m.addListing({ ...listing, listedOn: '2026-11-24' });
    expect(m.instrument(listing.code)?.listedOn).toBe('2026-11-20');
    expect(m.quote(listing.code).previousClose).toBe(14_500);
  });
});

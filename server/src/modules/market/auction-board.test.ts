// The opening-auction board: the indicative Itayose of a building book is exactly what the
// Itayose then does when no order changes, and the windows the tab names.
import { fixedClock } from '../../clock';
import { auctionBoard, auctionWindowAt } from './auction-board';
import { SimulatedMarket } from './provider';
import { renewalInterval } from '@kabuto/shared-sdk/market-rules';
import { atJst } from './rules/calendar';
import { mulberry32 } from './simulation/prng';
import { testUniverse } from './test-universe';
import { testBook } from './venue/test-helpers';

describe('indicative auction price and volume', () => {
  it('equals what the opening Itayose then executes, over random pre-open books', () => {
    let checked = 0;
    let crossed = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rng = mulberry32(seed);
      const { book, trades, order, enter } = testBook({ base: 1_000 });
      book.setMode('accumulating');
      const n = 1 + Math.floor(rng.next() * 30);
      for (let i = 0; i < n; i++) {
        const side = rng.next() < 0.5 ? 'buy' : 'sell';
        const lots = 1 + Math.floor(rng.next() * 9);
        const market = rng.next() < 0.1;
        enter(order(side, lots * 100, market ? undefined : 985 + Math.floor(rng.next() * 31)));
      }
      const indicative = book.indicative();
      book.runAuction('morning-open', 1);
      const volume = trades.reduce((s, t) => s + t.quantity, 0);
      const [result] = book.auctionResults();
      if (indicative === null) {
        expect(volume).toBe(0);
        expect(result?.price).toBeNull();
        continue;
      }
      crossed++;
      // Outside one renewal interval TSE shows a special quote instead of matching (§2.4).
      if (Math.abs(indicative.price - book.basePrice) > renewalInterval(book.basePrice)) continue;
      checked++;
      expect(new Set(trades.map((t) => t.price))).toEqual(new Set([indicative.price]));
      expect(volume).toBe(indicative.volume);
      expect(result).toMatchObject({ kind: 'morning-open', price: indicative.price, volume: indicative.volume });
    }
    expect(crossed).toBeGreaterThan(200);
    expect(checked).toBeGreaterThan(150);
  });

  it('the board shows it while the pre-open book builds, and the Itayose result after 09:00', () => {
    const clock = fixedClock(atJst('2026-01-13', 8 * 3600 + 30 * 60));
    // Next to no participants: the book is the customer orders below.
    const market = new SimulatedMarket({ clock, seed: 'auction-board', universe: testUniverse(['7203']), eventRate: 1e-9 });
    const base = market.quote('7203').previousClose;
    const submit = (side: 'buy' | 'sell', price: number, quantity: number, id: string) =>
      expect(market.submitOrder({ code: '7203', side, type: 'limit', price, quantity, ownerId: 'u1', clientOrderId: id }).status).toBe('accepted');
    submit('buy', base + 10, 300, 'b1');
    submit('sell', base - 10, 200, 's1');
    submit('sell', base, 200, 's2');
    const before = auctionBoard(market, ['7203'], 'en', clock.now());
    expect(before.window).toMatchObject({ kind: 'morning-open', open: true });
    const row = before.items[0];
    expect(row?.indicativePrice).not.toBeNull();
    // Our orders cross for 300 shares; the one participant order of 08:00 may add to it.
    expect(row?.indicativeVolume).toBeGreaterThanOrEqual(300);
    expect(row?.lastAuction).toBeNull();

    clock.set(atJst('2026-01-13', 9 * 3600 + 5));
    const after = auctionBoard(market, ['7203'], 'en', clock.now());
    expect(after.window).toMatchObject({ kind: 'afternoon-open', open: false });
    expect(after.items[0]?.indicativePrice).toBeNull();
    expect(after.items[0]?.lastAuction).toMatchObject({ kind: 'morning-open', price: row?.indicativePrice, volume: row?.indicativeVolume });
    expect(market.quote('7203').open).toBe(row?.indicativePrice);
  });
});

describe('auction windows', () => {
  const at = (date: string, h: number, m: number) => atJst(date, h * 3600 + m * 60);
  it('names the opening window open now or the next one (08:00–09:00, 12:05–12:30); the closing auction is not one', () => {
    expect(auctionWindowAt(at('2026-01-13', 8, 10))).toMatchObject({ kind: 'morning-open', open: true });
    expect(auctionWindowAt(at('2026-01-13', 7, 59))).toMatchObject({ kind: 'morning-open', open: false });
    expect(auctionWindowAt(at('2026-01-13', 10, 0))).toMatchObject({ kind: 'afternoon-open', open: false });
    expect(auctionWindowAt(at('2026-01-13', 12, 5))).toMatchObject({ kind: 'afternoon-open', open: true });
    expect(auctionWindowAt(at('2026-01-13', 13, 0))).toMatchObject({ kind: 'morning-open', open: false, from: at('2026-01-14', 8, 0).toISOString() });
    expect(auctionWindowAt(at('2026-01-13', 15, 26))).toMatchObject({ kind: 'morning-open', open: false });
    const evening = auctionWindowAt(at('2026-01-13', 15, 30));
    expect(evening).toMatchObject({ kind: 'morning-open', open: false, from: at('2026-01-14', 8, 0).toISOString() });
    // Friday evening → Monday 08:00.
    expect(auctionWindowAt(at('2026-01-16', 18, 0)).from).toBe(at('2026-01-19', 8, 0).toISOString());
  });
});

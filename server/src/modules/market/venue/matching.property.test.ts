// The optimised book (price levels, FIFO queues with a head index, open orders by sequence
// number, the customer client-id table) checked against plain reference code on random
// order flows: a list of resting orders scanned in full for the best one, and a Set of
// joined (owner, client id) strings.
import fc from 'fast-check';
import { ClientOrderIds } from './client-ids';
import { testBook, yen } from './test-helpers';
import type { Side } from './types';

interface RefOrder {
  id: string;
  side: Side;
  /** Tenths; the reference never rests a market order (see below). */
  price: number;
  remaining: number;
  seq: number;
}

type Op =
  | { kind: 'limit'; side: Side; ticks: number; lots: number; owner: number }
  | { kind: 'market'; side: Side; lots: number; owner: number }
  | { kind: 'cancel'; back: number; mangle: number };

// Base ¥1,000 on table 01 (¥1 ticks): the renewal interval is at least ¥15, and every limit
// price here lies within ¥7 of the base, so no trade can reach a special quote. The one way
// to show one is a market order left unfilled (§2.4), which ends the comparison.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      ticks: fc.integer({ min: -7, max: 7 }),
      lots: fc.integer({ min: 1, max: 5 }),
      owner: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      lots: fc.integer({ min: 1, max: 5 }),
      owner: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), back: fc.integer({ min: 1, max: 30 }), mangle: fc.integer({ min: 0, max: 4 }) }) },
);

/** The id itself, or look-alikes that must never reach an order: leading zero, exponent, other prefix, suffix. */
function mangled(id: string, how: number): string {
  const dash = id.lastIndexOf('-');
  if (how === 1) return `${id.slice(0, dash + 1)}0${id.slice(dash + 1)}`;
  if (how === 2) return `${id}e0`;
  if (how === 3) return `x${id}`;
  return how === 4 ? `${id} ` : id;
}

const betterFor = (side: Side, a: number, b: number) => (side === 'buy' ? a > b : a < b);

describe('the book against a reference implementation (random Zaraba flows)', () => {
  it('trades, fills, depth, open orders and cancels agree', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), (ops) => {
        const { book, trades, fills, order } = testBook({ base: 1_000, table: '01' });
        book.setMode('continuous');
        const resting: RefOrder[] = [];
        const ids: string[] = [];
        const expected: Array<[string, string, number, number, Side]> = [];
        const expectedFills: Array<[string, number, number]> = [];
        let seq = 0;
        for (const op of ops) {
          if (op.kind === 'cancel') {
            const target = ids[ids.length - op.back];
            if (target === undefined) continue;
            const asked = mangled(target, op.mangle);
            const i = op.mangle === 0 ? resting.findIndex((o) => o.id === target) : -1;
            const got = book.cancel(asked, 0);
            if (i < 0) expect(got).toBe('not-open');
            else {
              expect(got).toEqual(expect.objectContaining({ cancelled: (resting[i] as RefOrder).remaining }));
              resting.splice(i, 1);
            }
            continue;
          }
          const req = order(op.side, op.lots * 100, op.kind === 'limit' ? 1_000 + op.ticks : undefined, `o${op.owner}`);
          expect(book.check(req)).toBeNull();
          const id = book.enter(req, 0);
          ids.push(id);
          const incoming: RefOrder = { id, side: op.side, price: req.price ?? Number.NaN, remaining: req.quantity, seq: ++seq };
          // The reference: scan every resting order of the other side for the best (price, then time).
          for (;;) {
            let best: RefOrder | undefined;
            for (const o of resting) {
              if (o.side === op.side) continue;
              if (!best || betterFor(o.side, o.price, best.price) || (o.price === best.price && o.seq < best.seq)) best = o;
            }
            if (!best || incoming.remaining === 0) break;
            if (op.kind === 'limit' && betterFor(op.side, best.price, incoming.price)) break;
            const qty = Math.min(best.remaining, incoming.remaining);
            best.remaining -= qty;
            incoming.remaining -= qty;
            const [buy, sell] = op.side === 'buy' ? [incoming.id, best.id] : [best.id, incoming.id];
            expected.push([buy, sell, best.price, qty, op.side]);
            const bestFill: [string, number, number] = [best.id, qty, best.remaining];
            const inFill: [string, number, number] = [incoming.id, qty, incoming.remaining];
            expectedFills.push(...(op.side === 'buy' ? [inFill, bestFill] : [bestFill, inFill]));
            if (best.remaining === 0) resting.splice(resting.indexOf(best), 1);
          }
          if (incoming.remaining > 0 && op.kind === 'market') {
            // An unfilled market order rests and shows a special quote; from here other rules apply.
            expect(book.specialQuote()).toEqual(expect.objectContaining({ side: op.side }));
            resting.push(incoming);
            break;
          }
          expect(book.specialQuote()).toBeNull();
          if (incoming.remaining > 0) resting.push(incoming);
        }
        expect(trades.map((t) => [t.buyOrderId, t.sellOrderId, t.price, t.quantity, t.aggressor])).toEqual(expected);
        expect(fills.map((f) => [f.orderId, f.quantity, f.remaining])).toEqual(expectedFills);
        const depth = (side: Side) => {
          const levels = new Map<number, { price: number; quantity: number; orders: number }>();
          for (const o of resting.filter((r) => r.side === side).sort((a, b) => a.seq - b.seq)) {
            const l = levels.get(o.price) ?? { price: o.price, quantity: 0, orders: 0 };
            l.quantity += o.remaining;
            l.orders += 1;
            levels.set(o.price, l);
          }
          return [...levels.values()].sort((a, b) => (betterFor(side, a.price, b.price) ? -1 : 1));
        };
        const snap = book.snapshot(0, 100);
        if (snap.specialQuote === null) {
          expect(snap.bids).toEqual(depth('buy'));
          expect(snap.asks).toEqual(depth('sell'));
        }
        for (const id of ids) {
          const open = resting.find((o) => o.id === id);
          expect(book.openOrder(id)?.remaining).toBe(open?.remaining);
        }
        const stats = book.stats();
        expect(stats.volume).toBe(expected.reduce((a, t) => a + t[3], 0));
        expect(stats.last).toBe(expected.length ? (expected[expected.length - 1] as [string, string, number, number, Side])[2] : null);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the price levels best first with time priority inside each level', () => {
    const { book, trades, enter, order } = testBook();
    book.setMode('continuous');
    const first = enter(order('sell', 100, 1_003));
    enter(order('sell', 100, 1_001));
    const second = enter(order('sell', 100, 1_003));
    enter(order('sell', 100, 1_002));
    enter(order('buy', 400, 1_003));
    expect(trades.map((t) => [t.price, t.sellOrderId === first ? 'first' : t.sellOrderId === second ? 'second' : '-'])).toEqual([
      [yen(1_001), '-'],
      [yen(1_002), '-'],
      [yen(1_003), 'first'],
      [yen(1_003), 'second'],
    ]);
  });
});

describe('the customer client-id table against a Set of joined keys', () => {
  // Ids drawn from a small alphabet, so prefixes, leading zeros, long digit runs and
  // repeats across owners all occur often.
  const idArb = fc.oneof(
    fc.tuple(fc.constantFrom('k', 'c', '', 'k0', 'x-'), fc.integer({ min: 0, max: 40 })).map(([p, n]) => `${p}${n}`),
    fc.constantFrom('k007', 'k07', 'k7', '7', '07', 'k', '', 'k1234567890', 'k123456789', 'k1e3', 'c00'),
    fc.string({ unit: fc.constantFrom('k', 'c', '0', '1', '9', '-'), maxLength: 12 }),
  );

  it('says an id was used exactly when the reference does', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('u1', 'u2', 'u3'), idArb, fc.boolean()), { maxLength: 300 }), (steps) => {
        const table = new ClientOrderIds();
        const reference = new Set<string>();
        for (const [owner, id, record] of steps) {
          const key = `${owner}\u0000${id}`;
          expect(table.has(owner, id)).toBe(reference.has(key));
          if (record) {
            table.add(owner, id);
            reference.add(key);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every id of a long day (the table grows) and still refuses none it never saw', () => {
    const table = new ClientOrderIds();
    for (let i = 0; i < 5_000; i++) table.add(`u${i % 7}`, `k${i}`);
    for (let i = 0; i < 5_000; i++) expect(table.has(`u${i % 7}`, `k${i}`)).toBe(true);
    expect(table.has('u1', 'k0')).toBe(false);
    expect(table.has('u0', 'k5000')).toBe(false);
    expect(table.has('u0', 'k00')).toBe(false);
  });
});

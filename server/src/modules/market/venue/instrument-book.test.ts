import { SPECIAL_QUOTE_WAIT_MS } from './instrument-book';
import { testBook, yen } from './test-helpers';

const MIN = 60_000;

describe('order checks', () => {
  it('rejects with a reason code: off-tick, outside the daily limits, bad lots, price rules, halted', () => {
    const { book, order } = testBook({ base: 1_000, table: '01' });
    expect(book.check(order('buy', 100, 1_000))).toBe('market-closed');
    book.setMode('continuous');
    expect(book.check(order('buy', 100, 1_000))).toBeNull();
    expect(book.check(order('buy', 100, 1_000.5))).toBe('invalid-tick');
    expect(book.check(order('buy', 100, 1_301))).toBe('outside-daily-limit');
    expect(book.check(order('sell', 100, 699))).toBe('outside-daily-limit');
    expect(book.check(order('buy', 100, 1_300))).toBeNull();
    expect(book.check(order('buy', 150, 1_000))).toBe('invalid-quantity');
    expect(book.check(order('buy', 0, 1_000))).toBe('invalid-quantity');
    expect(book.check({ ...order('buy', 100), type: 'limit' })).toBe('price-required');
    expect(book.check({ ...order('buy', 100, 1_000), type: 'market' })).toBe('price-not-allowed');
  });
});

describe('Zaraba (§2.5)', () => {
  it('matches in strict price-time priority, sweeping level by level', () => {
    const { book, trades, enter, order } = testBook();
    book.setMode('continuous');
    const a = enter(order('sell', 100, 1_002));
    const b = enter(order('sell', 100, 1_002));
    const c = enter(order('sell', 100, 1_001));
    enter(order('sell', 100, 1_003));
    enter(order('buy', 300, 1_002));
    expect(trades.map((t) => [t.sellOrderId, t.price, t.quantity, t.aggressor])).toEqual([
      [c, yen(1_001), 100, 'buy'],
      [a, yen(1_002), 100, 'buy'],
      [b, yen(1_002), 100, 'buy'],
    ]);
    expect(book.snapshot(0).asks).toEqual([{ price: yen(1_003), quantity: 100, orders: 1 }]);
  });

  it('lets a market order sweep the book and leaves the unfilled limit rest', () => {
    const { book, trades, enter, order } = testBook();
    book.setMode('continuous');
    enter(order('buy', 200, 999));
    enter(order('buy', 100, 998));
    enter(order('sell', 300));
    expect(trades.map((t) => [t.price, t.quantity])).toEqual([
      [yen(999), 200],
      [yen(998), 100],
    ]);
    enter(order('buy', 200, 997));
    expect(book.snapshot(0).bids).toEqual([{ price: yen(997), quantity: 200, orders: 1 }]);
  });

  it('reports fills with what is left on each order', () => {
    const { book, fills, enter, order } = testBook();
    book.setMode('continuous');
    const s = enter(order('sell', 300, 1_000, 'seller'));
    const b = enter(order('buy', 100, 1_000, 'buyer'));
    expect(fills).toHaveLength(2);
    expect(fills).toContainEqual(expect.objectContaining({ orderId: b, ownerId: 'buyer', side: 'buy', quantity: 100, remaining: 0, auction: false }));
    expect(fills).toContainEqual(expect.objectContaining({ orderId: s, ownerId: 'seller', side: 'sell', quantity: 100, remaining: 200 }));
  });

  it('cancels the open part of an order', () => {
    const { book, enter, order } = testBook();
    book.setMode('continuous');
    const id = enter(order('buy', 300, 999));
    expect(book.cancel(id, 0)).toEqual(expect.objectContaining({ cancelled: 300 }));
    expect(book.cancel(id, 0)).toBe('not-open');
    expect(book.snapshot(0).bids).toEqual([]);
  });

  it('keeps ids, look-ups and the tape right over a long day', () => {
    // Past a thousand orders (ids are made a thousand at a time) and several chunks of the
    // open-order index, with whole chunks emptied and refilled, and the tape ring wrapped.
    const { book, trades, enter, order } = testBook();
    book.setMode('continuous');
    const resting: string[] = [];
    for (let i = 1; i <= 2_600; i++) {
      const id = enter(order('buy', 100, 990));
      expect(id).toBe(`9999-20260113-${i}`);
      resting.push(id);
    }
    for (const id of resting.slice(0, 1_500)) expect(book.cancel(id, 0)).toEqual(expect.objectContaining({ cancelled: 100 }));
    for (const id of resting.slice(0, 1_500)) expect(book.openOrder(id)).toBeUndefined();
    expect(book.openOrder(resting[1_500] as string)?.remaining).toBe(100);
    expect(book.openOrder('9999-20260113-01501')).toBeUndefined();
    expect(book.openOrder('9999-20260113-99999')).toBeUndefined();
    const sells: string[] = [];
    for (let i = 0; i < 1_100; i++) sells.push(enter(order('sell', 100, 990)));
    expect(sells[0]).toBe('9999-20260113-2601');
    expect(trades).toHaveLength(1_100);
    expect(trades.map((t) => t.id)).toEqual(Array.from({ length: 1_100 }, (_, i) => `9999-20260113-T${i + 1}`));
    expect(trades.map((t) => t.buyOrderId)).toEqual(resting.slice(1_500));
    expect(book.openOrder(resting[2_599] as string)).toBeUndefined();
    expect(book.tape().map((t) => t.id)).toEqual(trades.slice(-500).map((t) => t.id));
    expect(book.tape(3)).toEqual(trades.slice(-3));
    expect(book.tape(0)).toHaveLength(500);
    expect(book.snapshot(0).bids).toEqual([]);
    // A chunk of the index left empty and then used again.
    const gone = enter(order('buy', 100, 990));
    expect(book.cancel(gone, 0)).toEqual(expect.objectContaining({ cancelled: 100 }));
    const next = enter(order('buy', 200, 990));
    expect(book.openOrder(gone)).toBeUndefined();
    expect(book.openOrder(next)?.remaining).toBe(200);
  });
});

describe('Itayose allocation: market orders first', () => {
  it('fills resting market orders before limit orders at the match price', () => {
    const { book, trades, enter, order } = testBook();
    book.setMode('accumulating');
    const limitSell = enter(order('sell', 100, 1_000));
    const marketSell = enter(order('sell', 100));
    enter(order('buy', 100, 1_000));
    book.runAuction('morning-open', 0);
    expect(trades).toHaveLength(1);
    expect(trades[0]).toEqual(expect.objectContaining({ sellOrderId: marketSell, price: yen(1_000), aggressor: null }));
    expect(book.snapshot(0).asks).toEqual([{ price: yen(1_000), quantity: 100, orders: 1 }]);
    expect(book.openOrder(limitSell)?.remaining).toBe(100);
  });

  it('deals a partly filled price level out lot by lot, ignoring arrival time', () => {
    const { book, trades, enter, order } = testBook();
    book.setMode('accumulating');
    const first = enter(order('buy', 500, 1_000));
    const second = enter(order('buy', 500, 1_000));
    enter(order('sell', 400, 1_000));
    book.runAuction('morning-open', 0);
    const byBuyer = (id: string) => trades.filter((t) => t.buyOrderId === id).reduce((a, t) => a + t.quantity, 0);
    expect(byBuyer(first)).toBe(200);
    expect(byBuyer(second)).toBe(200);
  });
});

describe('special quotes (§2.4)', () => {
  // Base ¥1,000 → renewal interval ¥30; table 01.
  function pushedUp() {
    const t = testBook({ base: 1_000 });
    t.book.setMode('continuous');
    t.enter(t.order('sell', 100, 1_005));
    t.enter(t.order('sell', 500, 1_050));
    t.enter(t.order('buy', 300), 0);
    return t;
  }

  it('stops a sweep that would trade beyond one interval and shows the quote one interval away', () => {
    const { book, trades } = pushedUp();
    expect(trades.map((t) => [t.price, t.quantity])).toEqual([[yen(1_005), 100]]);
    expect(book.specialQuote()).toEqual({ side: 'buy', price: yen(1_035), since: 0 });
    expect(book.snapshot(0).marketBuyQuantity).toBe(200);
  });

  it('after 3 minutes with nothing tradable at the quote, moves it one interval', () => {
    const { book, trades } = pushedUp();
    book.onTimer(SPECIAL_QUOTE_WAIT_MS - 1);
    expect(book.specialQuote()?.price).toBe(yen(1_035));
    book.onTimer(SPECIAL_QUOTE_WAIT_MS);
    expect(book.specialQuote()).toEqual({ side: 'buy', price: yen(1_065), since: 3 * MIN });
    expect(trades).toHaveLength(1);
    // 3 more minutes: the match price (1,050) is now inside the quote's range → Itayose there.
    book.onTimer(6 * MIN);
    expect(trades.map((t) => [t.price, t.quantity, t.aggressor])).toEqual([
      [yen(1_005), 100, 'buy'],
      [yen(1_050), 200, null],
    ]);
    expect(book.specialQuote()).toBeNull();
  });

  it('trades sooner when new orders allow a match inside the range', () => {
    const { book, trades, enter, order } = pushedUp();
    enter(order('sell', 200, 1_030), MIN);
    // 1,030 … 1,050 all satisfy the three conditions; 1,030 is nearest the last price (1,005).
    expect(trades.map((t) => [t.price, t.quantity, t.at])).toEqual([
      [yen(1_005), 100, 0],
      [yen(1_030), 200, MIN],
    ]);
    expect(book.specialQuote()).toBeNull();
  });

  it('after 3 minutes trades at the quote when the match price is within one more interval', () => {
    const { book, trades, enter, order } = pushedUp();
    enter(order('sell', 100, 1_035), MIN);
    expect(trades).toHaveLength(1);
    book.onTimer(SPECIAL_QUOTE_WAIT_MS);
    expect(trades.map((t) => [t.price, t.quantity])).toEqual([
      [yen(1_005), 100],
      [yen(1_035), 100],
    ]);
    // 100 market shares still wait: the next quote is one interval above the new last price.
    expect(book.specialQuote()).toEqual({ side: 'buy', price: yen(1_065), since: SPECIAL_QUOTE_WAIT_MS });
  });

  it('shows a special quote at the open when the Itayose price is beyond one interval from the base', () => {
    const { book, trades, enter, order } = testBook({ base: 1_000 });
    book.setMode('accumulating');
    enter(order('buy', 1_000));
    enter(order('sell', 1_000, 1_100));
    book.runAuction('morning-open', 0);
    expect(trades).toHaveLength(0);
    expect(book.specialQuote()).toEqual({ side: 'buy', price: yen(1_030), since: 0 });
    expect(book.getMode()).toBe('continuous');
  });

  it('clears the quote when the pressure is cancelled away', () => {
    const t = testBook({ base: 1_000 });
    t.book.setMode('continuous');
    t.enter(t.order('sell', 100, 1_005));
    t.enter(t.order('sell', 500, 1_050));
    const buy = t.enter(t.order('buy', 300, 1_060));
    expect(t.book.specialQuote()?.price).toBe(yen(1_035));
    t.book.cancel(buy, MIN);
    expect(t.book.specialQuote()).toBeNull();
  });

  it('sets the final special quote at the close when no closing price is possible', () => {
    const { book, trades, enter, order } = testBook({ base: 1_000 });
    book.setMode('accumulating');
    enter(order('sell', 500));
    enter(order('buy', 100, 900));
    book.runAuction('close', 0);
    expect(trades).toHaveLength(0);
    expect(book.finalSpecialQuote()).toBe(yen(970));
    expect(book.closingBase()).toBe(yen(970));
    expect(book.getMode()).toBe('halted');
  });
});

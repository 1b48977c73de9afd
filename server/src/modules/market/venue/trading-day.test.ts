import { at, testDay as day, yen } from './test-helpers';

describe('a trading day (§2.1 sessions on the book)', () => {
  it('refuses orders before 08:00, takes them pre-open without matching, and opens by Itayose at 09:00', () => {
    const { d, trades, req } = day();
    expect(d.submitOrder(req('buy', 100, 2_500), at(7, 59))).toEqual({ status: 'rejected', reason: 'market-closed' });
    expect(d.submitOrder(req('buy', 100, 2_510), at(8, 30)).status).toBe('accepted');
    expect(d.submitOrder(req('sell', 100, 2_490), at(8, 31)).status).toBe('accepted');
    expect(trades).toHaveLength(0);
    expect(d.book('7203')?.snapshot(at(8, 31)).indicativePrice).toBe(yen(2_500));
    d.advance('7203', at(9, 0));
    expect(trades).toEqual([expect.objectContaining({ price: yen(2_500), quantity: 100, aggressor: null, at: at(9, 0) })]);
  });

  it('is closed over lunch until 12:05, then accumulates until the 12:30 Itayose', () => {
    const { d, trades, req } = day();
    expect(d.submitOrder(req('buy', 100, 2_500), at(11, 45)).status).toBe('rejected');
    d.submitOrder(req('buy', 100, 2_500), at(12, 10));
    d.submitOrder(req('sell', 100, 2_500), at(12, 11));
    expect(trades).toHaveLength(0);
    d.advance('7203', at(12, 30));
    expect(trades).toHaveLength(1);
    expect(trades[0]?.at).toBe(at(12, 30));
  });

  it('runs the closing auction 15:25–15:30 with no executions, closes by Itayose and expires what is left', () => {
    const { d, trades, expired, req } = day();
    d.submitOrder(req('sell', 300, 2_505), at(15, 26));
    d.submitOrder(req('buy', 100, 2_510), at(15, 27));
    expect(trades).toHaveLength(0);
    d.advance('7203', at(15, 30));
    expect(trades).toEqual([expect.objectContaining({ price: yen(2_505), quantity: 100, at: at(15, 30) })]);
    expect(expired).toEqual([expect.objectContaining({ remaining: 200, side: 'sell', ownerId: 'alice' })]);
    expect(d.book('7203')?.stats().last).toBe(yen(2_505));
    expect(d.submitOrder(req('buy', 100, 2_500), at(15, 31))).toEqual({ status: 'rejected', reason: 'market-closed' });
  });

  it('trades continuously in Zaraba', () => {
    const { d, trades, req } = day();
    d.submitOrder(req('sell', 100, 2_500), at(10, 0));
    d.submitOrder(req('buy', 100, 2_500), at(10, 1));
    expect(trades).toEqual([expect.objectContaining({ aggressor: 'buy', at: at(10, 1) })]);
  });

  it('accepts a client order id once per owner, rejects unknown codes, and cancels only for the owner', () => {
    const { d, req } = day();
    const order = req('buy', 100, 2_400);
    const first = d.submitOrder(order, at(10, 0));
    expect(first.status).toBe('accepted');
    expect(d.submitOrder(order, at(10, 0))).toEqual({ status: 'rejected', reason: 'duplicate-client-order-id' });
    expect(d.submitOrder({ ...order, ownerId: 'bob' }, at(10, 0)).status).toBe('accepted');
    expect(d.submitOrder({ ...order, code: '0000', clientOrderId: 'x' }, at(10, 0))).toEqual({
      status: 'rejected',
      reason: 'unknown-instrument',
    });
    const id = first.status === 'accepted' ? first.orderId : '';
    expect(d.cancelOrder(id, 'bob', at(10, 1))).toEqual({ status: 'rejected', reason: 'not-owner' });
    expect(d.cancelOrder(id, 'alice', at(10, 1))).toEqual({ status: 'cancelled', orderId: id, cancelledQuantity: 100 });
    expect(d.cancelOrder(id, 'alice', at(10, 2))).toEqual({ status: 'rejected', reason: 'not-open' });
  });

  it('fires the special-quote timer on the clock as the day advances', () => {
    const { d, trades, req } = day();
    // Base ¥2,500 → interval ¥50.
    d.submitOrder(req('sell', 100, 2_510), at(10, 0));
    d.submitOrder(req('sell', 100, 2_620), at(10, 0));
    d.submitOrder(req('buy', 200), at(10, 1));
    expect(d.book('7203')?.specialQuote()?.price).toBe(yen(2_560));
    d.advance('7203', at(10, 4));
    expect(d.book('7203')?.specialQuote()?.price).toBe(yen(2_610));
    // The offer at 2,620 is beyond the 2,610 quote: no trade yet, the quote moves again.
    d.advance('7203', at(10, 7));
    expect(d.book('7203')?.specialQuote()?.price).toBe(yen(2_660));
    expect(trades).toHaveLength(1);
    d.advance('7203', at(10, 10));
    expect(trades.map((t) => [t.price, t.at])).toEqual([
      [yen(2_510), at(10, 1)],
      [yen(2_620), at(10, 10)],
    ]);
    expect(d.book('7203')?.specialQuote()).toBeNull();
  });
});

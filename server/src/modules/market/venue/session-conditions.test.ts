// Session conditions on the venue (docs/trading.md "Conditional orders"): 寄付 (at-open) only
// in an opening Itayose, 引け (at-close) only in the day's closing Itayose, 不成 (funari) a
// limit in Zaraba that becomes a market order at the close.
import { at, testDay as day, yen } from './test-helpers';

describe('寄付 (at-open)', () => {
  it('takes part in the opening Itayose; what it did not get leaves the book as expired', () => {
    const { d, fills, expired, req } = day();
    expect(d.submitOrder(req('buy', 300, 2_510, 'at-open', 'alice'), at(8, 30)).status).toBe('accepted');
    expect(d.submitOrder(req('sell', 100, 2_500, undefined, 'bob'), at(8, 31)).status).toBe('accepted');
    d.advance('7203', at(9, 0));
    expect(fills.filter((f) => f.ownerId === 'alice')).toEqual([expect.objectContaining({ quantity: 100, auction: true, remaining: 200 })]);
    expect(expired).toEqual([expect.objectContaining({ ownerId: 'alice', remaining: 200 })]);
    // Nothing of it is left to trade in Zaraba.
    d.submitOrder(req('sell', 200, 2_500, undefined, 'carol'), at(9, 5));
    expect(fills.filter((f) => f.ownerId === 'alice')).toHaveLength(1);
  });

  it('is refused in Zaraba and in the closing auction, accepted again before the afternoon open', () => {
    const { d, req } = day();
    d.advance('7203', at(9, 0));
    expect(d.submitOrder(req('buy', 100, 2_500, 'at-open'), at(10, 0))).toEqual({ status: 'rejected', reason: 'session-condition-not-allowed' });
    expect(d.submitOrder(req('buy', 100, 2_500, 'at-open'), at(12, 10)).status).toBe('accepted');
    expect(d.submitOrder(req('buy', 100, 2_500, 'at-open'), at(15, 26))).toEqual({ status: 'rejected', reason: 'session-condition-not-allowed' });
  });
});

describe('引け (at-close)', () => {
  it('does not trade in Zaraba, joins the book at 15:25 and fills in the closing Itayose', () => {
    const { d, fills, req } = day();
    d.advance('7203', at(9, 0));
    expect(d.submitOrder(req('buy', 100, 2_520, 'at-close', 'alice'), at(10, 0)).status).toBe('accepted');
    d.submitOrder(req('sell', 100, 2_500, undefined, 'bob'), at(10, 1));
    // A crossing sell in Zaraba does not meet it: it is not in the book yet.
    expect(fills).toHaveLength(0);
    expect(d.book('7203')?.snapshot(at(10, 2)).bids).toEqual([]);
    d.advance('7203', at(15, 26));
    expect(d.book('7203')?.snapshot(at(15, 26)).bids).toEqual([expect.objectContaining({ price: yen(2_520), quantity: 100 })]);
    d.advance('7203', at(15, 30));
    expect(fills.filter((f) => f.ownerId === 'alice')).toEqual([expect.objectContaining({ quantity: 100, auction: true })]);
  });

  it('can be cancelled while held off the book, and expires at the close when unfilled', () => {
    const { d, expired, req } = day();
    d.advance('7203', at(9, 0));
    const a = d.submitOrder(req('buy', 100, 2_400, 'at-close'), at(10, 0));
    const b = d.submitOrder(req('buy', 200, 2_400, 'at-close'), at(10, 0));
    if (a.status !== 'accepted' || b.status !== 'accepted') throw new Error('not accepted');
    expect(d.cancelOrder(a.orderId, 'alice', at(10, 1))).toEqual({ status: 'cancelled', orderId: a.orderId, cancelledQuantity: 100 });
    d.advance('7203', at(15, 30));
    expect(expired).toEqual([expect.objectContaining({ orderId: b.orderId, remaining: 200 })]);
  });
});

describe('不成 (funari)', () => {
  it('is a limit order in Zaraba', () => {
    const { d, fills, req } = day();
    d.advance('7203', at(9, 0));
    d.submitOrder(req('sell', 100, 2_490, undefined, 'bob'), at(9, 1));
    d.submitOrder(req('buy', 100, 2_480, 'funari', 'alice'), at(9, 2));
    expect(fills.filter((f) => f.ownerId === 'alice')).toHaveLength(0);
    d.submitOrder(req('sell', 100, 2_480, undefined, 'carol'), at(9, 3));
    expect(fills.filter((f) => f.ownerId === 'alice')).toEqual([expect.objectContaining({ price: yen(2_480), quantity: 100, auction: false })]);
  });

  it('becomes a market order at the closing Itayose and fills above its limit', () => {
    const { d, fills, req } = day();
    d.advance('7203', at(9, 0));
    d.submitOrder(req('buy', 100, 2_480, 'funari', 'alice'), at(9, 2));
    d.submitOrder(req('sell', 100, 2_500, undefined, 'bob'), at(15, 27));
    d.advance('7203', at(15, 30));
    expect(fills.filter((f) => f.ownerId === 'alice')).toEqual([expect.objectContaining({ price: yen(2_500), quantity: 100, auction: true })]);
  });

  it('a plain limit at the same price does not fill at the close (the control)', () => {
    const { d, fills, req } = day();
    d.advance('7203', at(9, 0));
    d.submitOrder(req('buy', 100, 2_480, undefined, 'alice'), at(9, 2));
    d.submitOrder(req('sell', 100, 2_500, undefined, 'bob'), at(15, 27));
    d.advance('7203', at(15, 30));
    expect(fills.filter((f) => f.ownerId === 'alice')).toHaveLength(0);
  });

  it('is refused on a market order', () => {
    const { d, req } = day();
    d.advance('7203', at(9, 0));
    expect(d.submitOrder(req('buy', 100, undefined, 'funari'), at(9, 2))).toEqual({ status: 'rejected', reason: 'session-condition-not-allowed' });
  });
});

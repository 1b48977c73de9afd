// Small builders shared by the venue tests.
import { InstrumentBook } from './instrument-book';
import type { Fill, OrderRequest, Trade } from './types';

export const yen = (y: number) => Math.round(y * 10);

export function testBook(opts: { base?: number; table?: '01' | '03'; lot?: number } = {}) {
  const trades: Trade[] = [];
  const fills: Fill[] = [];
  const book = new InstrumentBook({
    code: '9999',
    tradingDate: '2026-01-13',
    basePrice: yen(opts.base ?? 1_000),
    tickTable: opts.table ?? '01',
    lot: opts.lot ?? 100,
    events: { trade: (t) => trades.push(t), fill: (f) => fills.push(f) },
  });
  let n = 0;
  const order = (side: 'buy' | 'sell', quantity: number, price?: number, ownerId = 'u'): OrderRequest => ({
    code: '9999',
    side,
    type: price === undefined ? 'market' : 'limit',
    ...(price === undefined ? {} : { price: yen(price) }),
    quantity,
    ownerId,
    clientOrderId: `c${++n}`,
  });
  const enter = (req: OrderRequest, at = 0) => {
    const reason = book.check(req);
    if (reason) throw new Error(reason);
    return book.enter(req, at);
  };
  return { book, trades, fills, order, enter };
}

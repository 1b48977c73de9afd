// Small builders shared by the venue tests.
import { jstDate } from '../../../clock';
import { InstrumentBook } from './instrument-book';
import { TradingDay } from './trading-day';
import type { ExpiredOrder, Fill, OrderRequest, SessionCondition, Trade } from './types';

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

/** Epoch ms of a JST time on 2026-01-13, the trading date of `testDay`. */
export const at = (h: number, m: number, s = 0) => jstDate(2026, 1, 13, h, m, s).getTime();

/** A venue day (2026-01-13) with one instrument, 7203 at ¥2,500, and what it reports. */
export function testDay() {
  const d = new TradingDay('2026-01-13', [{ code: '7203', basePrice: yen(2_500), tickTable: '03', lot: 100 }]);
  const trades: Trade[] = [];
  const fills: Fill[] = [];
  const expired: ExpiredOrder[] = [];
  d.listen({ trade: (t) => trades.push(t), fill: (f) => fills.push(f), expired: (e) => expired.push(e) });
  let n = 0;
  const req = (side: 'buy' | 'sell', quantity: number, price?: number, session?: SessionCondition, ownerId = 'alice'): OrderRequest => ({
    code: '7203',
    side,
    type: price === undefined ? 'market' : 'limit',
    ...(price === undefined ? {} : { price: yen(price) }),
    quantity,
    ownerId,
    clientOrderId: `o${++n}`,
    ...(session === undefined ? {} : { session }),
  });
  return { d, trades, fills, expired, req };
}

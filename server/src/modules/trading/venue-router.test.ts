// Orders routed by the session the customer picks: a PTS order (simulated PTS night session,
// 16:30–06:00) fills on the PTS book and lands in the same positions as TSE orders, its venue
// stored on the order and the fill; the PTS rules refuse with catalogue messages and write
// nothing; an open PTS order expires at 06:00.
import { count } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradePosition, TradePositionDetail, TradePositionPage } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { VenueRouter, venueTradeIdOf } from './venue-router';
import { tradingOrders } from './schema';
import { createTrader, placeOrder, startTradingTestApp, trade, type TestCustomer, type TradingTestContext } from './testing/trading-test-kit';

/** Monday 2025-01-06 18:00 JST: the PTS night session is open, the TSE closed. */
const EVENING = jstDate(2025, 1, 6, 18, 0);
const CODE = '7203';

let t: TradingTestContext;
let me: TestCustomer;
let router: VenueRouter;

async function orderRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(tradingOrders);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await startTradingTestApp({ start: EVENING });
  me = await createTrader(t, 50_000_000n);
  const venue = t.service.deps.venue;
  if (!(venue instanceof VenueRouter)) throw new Error('the app should route through VenueRouter');
  router = venue;
}, 120_000);
afterAll(async () => t.close());

const yenText = (tenths: number) => (tenths / 10).toString();

describe('PTS routing', () => {
  it('refuses market orders, margin and (outside 16:30–06:00) any PTS order, writing nothing', async () => {
    const before = await orderRows();
    const market = await placeOrder(t, me, { code: CODE, venue: 'pts', orderType: 'market' });
    expect(market.msg).toBe(MSG.ptsLimitOrdersOnly);
    const q = router.pts.quote(CODE);
    const margin = await placeOrder(t, me, { code: CODE, venue: 'pts', product: 'margin', price: yenText(q.lowerLimit) });
    expect(margin.msg).toBe(MSG.ptsMarginOnlyInTseHours);
    const outside = q.upperLimit + 10;
    const far = await placeOrder(t, me, { code: CODE, venue: 'pts', price: yenText(outside) });
    expect(far.msg).toBe(MSG.priceLimitExceeded);
    expect(await orderRows()).toBe(before);
  });

  it('fills a PTS limit order on the PTS book and shows it in the same positions, venue on order and fill', async () => {
    const q = router.pts.quote(CODE);
    expect(q.bestAsk).not.toBeNull();
    const placed = await placeOrder(t, me, { code: CODE, venue: 'pts', price: yenText(q.bestAsk as number) });
    expect(placed.msg).toBe(MSG.orderPlaced);
    expect(placed.data.venue).toBe('pts');
    await t.service.engine.idle();
    const detail = (await trade<TradePositionDetail>(t.app, 'detail', { id: placed.data.id }, me)).data;
    expect(detail.status).toBe('holding');
    expect(detail.orders[0]).toMatchObject({ venue: 'pts', state: 'filled' });
    expect(detail.orders[0]?.venueOrderId).toContain('-pts');
    expect(detail.fills.length).toBeGreaterThan(0);
    expect(detail.fills.every((f) => f.venue === 'pts' && f.tradeId.includes('-pts'))).toBe(true);
    // The PTS tape shows the customer's trade.
    expect(router.pts.trades(CODE, 200).map((tr) => tr.id)).toContain(detail.fills[0]?.tradeId);
    const list = (await trade<TradePositionPage>(t.app, 'list', { tab: 'competition' }, me)).data;
    expect(list.list.find((p) => p.id === placed.data.id)).toMatchObject({ venue: 'pts', status: 'holding' });
  });

  it('keeps a resting PTS order working until 06:00, then expires it', async () => {
    const q = router.pts.quote(CODE);
    const placed = await placeOrder(t, me, { code: CODE, venue: 'pts', price: yenText(q.lowerLimit) });
    expect(placed.msg).toBe(MSG.orderPlaced);
    await t.service.engine.idle();
    let view = (await trade<TradePosition>(t.app, 'detail', { id: placed.data.id }, me)).data;
    expect(view.status).toBe('pending');
    t.clock.set(jstDate(2025, 1, 7, 6, 1));
    await t.service.sweep();
    view = (await trade<TradePosition>(t.app, 'detail', { id: placed.data.id }, me)).data;
    expect(view).toMatchObject({ status: 'cancelled', endReason: 'expired' });
  });

  it('names the night session hours when the PTS is closed; TSE orders are unaffected', async () => {
    t.clock.set(jstDate(2025, 1, 7, 10, 0));
    const closed = await placeOrder(t, me, { code: CODE, venue: 'pts', price: '1000' });
    expect(closed.msg).toBe(MSG.ptsSessionClosed);
    const tse = await placeOrder(t, me, { code: CODE, price: yenText(router.quote(CODE).lowerLimit) });
    expect(tse.msg).toBe(MSG.orderPlaced);
    expect(tse.data.venue).toBe('tse');
  });
});

test("a stored fill's trade id shows as the venue's: the venue start's tag comes off, other ids stay", () => {
  expect(venueTradeIdOf('8306-20261202-T57@mbq1x2k4n7')).toBe('8306-20261202-T57');
  expect(venueTradeIdOf('8306-20261202-T57')).toBe('8306-20261202-T57');
  expect(venueTradeIdOf('block-12')).toBe('block-12');
});

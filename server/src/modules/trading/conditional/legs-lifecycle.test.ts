// How conditional legs end when the world changes under them (docs/trading.md §11): a trading
// bar cancels the legs that would add exposure and keeps the ones that reduce it; a child order
// refused at the trigger ends its leg rejected with the rule and the figures; what trade/close
// would refuse is refused at placement; a leg left triggered without a child is recovered or
// cancelled; and legs follow their position when it is reduced or closed, whatever closed it.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BuyingPower, ConditionalOrderView, TradePosition } from '@kabuto/shared-sdk/schemas';
import { siteMessages, users } from '../../identity';
import { createOperator } from '../../funds/testing/funds-test-kit';
import {
  conditionalView,
  placeConditional,
  closeAtMarket,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  startTradingTestApp,
  trade,
  type TestCustomer,
  type TradingTestContext,
} from '../testing/trading-test-kit';
import { recordOffExchangeBuy } from '../off-exchange/record';
import { jstDateKey, addDays } from '../../market';
import { openStreet, type Street } from '../testing/street';
import { conditionalOf, type ConditionalService } from './index';
import { tradingConditionalOrders, tradingOrders } from '../schema';

const CODE = '8306';
let t: TradingTestContext;
let operatorToken = '';
let streetKit: Street;
let runner: ConditionalService;

beforeAll(async () => {
  t = await startTradingTestApp();
  streetKit = await openStreet(t, CODE, () => runner.idle(), 8);
  operatorToken = (await createOperator(t.db, 'legs-ops')).token;
  const r = conditionalOf(t.service);
  if (!r) throw new Error('conditional runner not started');
  runner = r;
}, 120_000);
afterAll(async () => t.close());

const last = (): number => streetKit.last();
const tradeAt = (yen: number): Promise<void> => streetKit.tradeAt(yen);
const clearStreet = (): Promise<void> => streetKit.clear();
const bidAt = (yen: number, lots?: number): Promise<void> => streetKit.bidAt(yen, lots);
const holder = (lots?: number, c?: TestCustomer): Promise<{ c: TestCustomer; pos: TradePosition }> => streetKit.holder(lots, c);

const conditional = (c: TestCustomer, form: Record<string, string | number | undefined>) => placeConditional(t.app, c, { code: CODE, ...form });
const view = (c: TestCustomer, id: number): Promise<ConditionalOrderView> => conditionalView(t.app, c, id);

async function setTradeBan(c: TestCustomer, on: boolean): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ops/users/${c.session.account}/restrictions`,
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ restriction: 'trade_banned', on, reason: 'test review', customerReason: 'under review' }),
  });
  expect(res.json()).toMatchObject({ status: 1 });
}

/** The customer's conditional-order notices (stored after the commit: waited for briefly). */
async function legNotices(c: TestCustomer, atLeast: number): Promise<{ title: { en: string }; body: { en: string } }[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await t.db
      .select()
      .from(siteMessages)
      .where(and(eq(siteMessages.userId, c.user.id), eq(siteMessages.kind, 'conditional_order')));
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${atLeast} conditional-order notices`);
}

describe('a trading bar blocks new exposure and lets the customer reduce it', () => {
  test('setting it cancels the waiting legs that would open, with a notice; the stop-loss stays and fires; cancels and closes still work', async () => {
    await clearStreet();
    const { c, pos } = await holder();
    const second = await holder(1, c);
    const p = last();
    const stopLoss = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(p - 3) });
    const opening = await conditional(c, { kind: 'stop', side: 'buy', triggerPrice: String(p + 5) });
    expect(stopLoss.status).toBe(1);
    expect(opening.status).toBe(1);
    const resting = await placeOrder(t, c, { code: CODE, price: String(p - 8) });
    expect(resting.data.status).toBe('pending');

    await setTradeBan(c, true);
    expect((await view(c, opening.data.id)).legs[0]).toMatchObject({ state: 'cancelled', reason: MSG.tradingBarred });
    expect((await view(c, stopLoss.data.id)).legs[0]).toMatchObject({ state: 'waiting' });
    const [notice] = await legNotices(c, 1);
    expect(notice?.body.en).toContain('would open or add');

    // New exposure is refused with the bar's message: a new order, a conditional order that opens.
    expect(await placeOrder(t, c, { code: CODE, price: String(p) })).toMatchObject({
      status: 0,
      msg: MSG.tradingBarred,
      data: { restriction: 'trade_banned' },
    });
    expect(await conditional(c, { kind: 'stop', side: 'buy', triggerPrice: String(p + 5) })).toMatchObject({ status: 0, msg: MSG.tradingBarred });
    expect(await conditional(c, { kind: 'ifd', side: 'buy', orderType: 'limit', price: String(p - 9), childPrice: String(p) })).toMatchObject({
      status: 0,
      msg: MSG.tradingBarred,
    });
    // Reducing it is not: a take-profit on a holding, cancelling it, cancelling a resting order, closing.
    const takeProfit = await conditional(c, { kind: 'oco', side: 'sell', positionId: second.pos.id, price: String(p + 9), triggerPrice: String(p - 9) });
    expect(takeProfit.status).toBe(1);
    expect(await trade(t.app, 'conditional/cancel', { id: takeProfit.data.id }, c)).toMatchObject({ status: 1 });
    expect(await trade(t.app, 'cancel', { id: resting.data.id }, c)).toMatchObject({ status: 1, data: { status: 'cancelled' } });
    await bidAt(p - 1);
    expect(await closeAtMarket(t.app, c, second.pos.id)).toMatchObject({ status: 1 });
    await runner.idle();
    expect((await trade<TradePosition>(t.app, 'detail', { id: second.pos.id }, c)).data.status).toBe('closed');

    // The stop-loss placed before the bar fires and closes while barred.
    await bidAt(p - 4);
    await tradeAt(p - 2);
    await tradeAt(p - 3);
    expect((await view(c, stopLoss.data.id)).legs[0]?.state).toBe('filled');
    expect((await trade<TradePosition>(t.app, 'detail', { id: pos.id }, c)).data.status).toBe('closed');
    await setTradeBan(c, false);
  }, 90_000);

  test('an opening leg that reaches its trigger while barred does not fire: it ends rejected with the bar as reason', async () => {
    await clearStreet();
    const c = await createTrader(t, 5_000_000n);
    const p = last();
    const opening = await conditional(c, { kind: 'stop', side: 'buy', triggerPrice: String(p + 2) });
    expect(opening.status).toBe(1);
    // The bar set behind the operator call's back (no hook ran): the firing step itself must hold.
    await t.db.update(users).set({ tradeBanned: true }).where(eq(users.id, c.user.id));
    await tradeAt(p + 1);
    await tradeAt(p + 2);
    const leg = (await view(c, opening.data.id)).legs[0];
    expect(leg).toMatchObject({ state: 'rejected', reason: MSG.tradingBarred, childOrderId: null });
    expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, c.user.id))).toHaveLength(0);
    await legNotices(c, 1);
    await tradeAt(p);
  }, 60_000);
});

describe('a conditional leg whose child is refused ends rejected', () => {
  test('no buying power at the trigger: rejected with the rule and the figures, nothing held, the customer told', async () => {
    await clearStreet();
    const c = await createTrader(t, 1_000n);
    const p = last();
    const placed = await conditional(c, { kind: 'stop', side: 'buy', triggerPrice: String(p + 2) });
    expect(placed.status).toBe(1);
    const before = (await trade<BuyingPower>(t.app, 'buyingPower', {}, c)).data;
    await tradeAt(p + 2);
    const v = await view(c, placed.data.id);
    expect(v.state).toBe('rejected');
    expect(v.actions).toEqual([]);
    expect(v.legs[0]).toMatchObject({
      state: 'rejected',
      reason: MSG.insufficientBuyingPower,
      childOrderId: null,
      reasonData: { rule: 'buying-power', buyingPower: before.buyingPower.amount },
    });
    expect(v.legs[0]?.reasonData?.required).toEqual(expect.any(String));
    const after = (await trade<BuyingPower>(t.app, 'buyingPower', {}, c)).data;
    expect(after).toMatchObject({ buyingPower: before.buyingPower, holds: before.holds });
    const [notice] = await legNotices(c, 1);
    expect(notice?.body.en).toContain(`buyingPower ${before.buyingPower.amount}`);
    expect(notice?.body.en).not.toContain(MSG.insufficientBuyingPower);
    // Ended for good: later trades place nothing.
    await tradeAt(p + 3);
    expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, c.user.id))).toHaveLength(0);
    await tradeAt(p);
  }, 60_000);

  test('a close leg on a block-trade position in lock-up is refused at placement with the message trade/close uses', async () => {
    const c = await createTrader(t, 5_000_000n);
    const today = jstDateKey(t.clock.now());
    const sellableFrom = addDays(today, 10);
    const { positionId } = await t.db.transaction((tx) =>
      recordOffExchangeBuy(tx, {
        userId: c.user.id,
        code: CODE,
        shares: 100,
        priceTenths: last() * 10,
        at: t.clock.now(),
        tradeDate: today,
        tradeId: `block:legs-${c.user.id}`,
        lockUpUntil: sellableFrom,
      }),
    );
    const close = await closeAtMarket(t.app, c, positionId);
    expect(close).toMatchObject({ status: 0, msg: MSG.lockUpPeriod, data: { sellableFrom } });
    const stop = await conditional(c, { kind: 'stop', side: 'sell', positionId, triggerPrice: String(last() - 3) });
    expect(stop).toMatchObject({ status: 0, msg: close.msg, data: { rule: 'lock-up', sellableFrom } });
    expect(await t.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.userId, c.user.id))).toHaveLength(0);
  });

  test('a leg left triggered without a child is placed again by the sweep, or cancelled by the customer', async () => {
    await clearStreet();
    const a = await holder();
    const b = await holder();
    const p = last();
    const recovered = await conditional(a.c, { kind: 'stop', side: 'sell', positionId: a.pos.id, triggerPrice: String(p - 5) });
    const cancelled = await conditional(b.c, { kind: 'stop', side: 'sell', positionId: b.pos.id, triggerPrice: String(p - 5) });
    // What a crash between the trigger's transaction and the child leaves behind.
    for (const id of [recovered.data.id, cancelled.data.id])
      await t.db.update(tradingConditionalOrders).set({ state: 'triggered', triggeredAt: new Date() }).where(eq(tradingConditionalOrders.groupId, id));
    const stuck = await view(b.c, cancelled.data.id);
    expect(stuck.actions).toEqual(['cancel']);
    expect(await trade(t.app, 'conditional/cancel', { id: cancelled.data.id }, b.c)).toMatchObject({ status: 1 });
    expect((await view(b.c, cancelled.data.id)).legs[0]).toMatchObject({ state: 'cancelled', reason: 'customer' });
    await bidAt(p - 1);
    await runner.sweep();
    await runner.idle();
    const leg = (await view(a.c, recovered.data.id)).legs[0];
    expect(leg?.childOrderId).toEqual(expect.any(Number));
    expect(['triggered', 'filled']).toContain(leg?.state);
    expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, b.pos.id))).toHaveLength(1);
  }, 60_000);
});

describe('conditional legs follow their position', () => {
  test('reduced: legs shrink to what is left; closed: they are cancelled, with notices, and a trailing stop stops moving', async () => {
    await clearStreet();
    const { c, pos } = await holder(2);
    const p = last();
    const stop = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, lots: 2, triggerPrice: String(p - 6) });
    const trailing = await conditional(c, { kind: 'trailing', side: 'sell', positionId: pos.id, lots: 2, trailWidth: '6' });
    expect(stop.status).toBe(1);
    expect(trailing.status).toBe(1);

    await bidAt(p - 1);
    const half = await trade(t.app, 'close', { id: pos.id, orderType: 'market', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(half.status).toBe(1);
    await runner.idle();
    for (const id of [stop.data.id, trailing.data.id])
      expect((await view(c, id)).legs[0]).toMatchObject({ state: 'waiting', quantity: 100, reason: 'position-reduced' });
    expect((await legNotices(c, 1))[0]?.body.en).toContain('reduced to 100 shares');

    // Closed by the customer: nothing waits to sell shares that are gone, even read again later.
    await bidAt(p - 1);
    expect(await closeAtMarket(t.app, c, pos.id)).toMatchObject({ status: 1 });
    await runner.idle();
    for (const id of [stop.data.id, trailing.data.id]) expect((await view(c, id)).legs[0]).toMatchObject({ state: 'cancelled', reason: 'position-closed' });
    expect((await legNotices(c, 2)).some((n) => n.body.en.includes('was closed'))).toBe(true);
    const extreme = (await view(c, trailing.data.id)).legs[0]?.trailExtreme;
    await tradeAt(p + 4);
    await tradeAt(p + 6);
    expect((await view(c, trailing.data.id)).legs[0]).toMatchObject({ state: 'cancelled', trailExtreme: extreme });
    const closes = (await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, pos.id))).filter((o) => o.kind === 'close');
    expect(closes).toHaveLength(2);
    await tradeAt(p);
  }, 90_000);

  test('closed by another leg: a second stop on the same position is cancelled in the same step', async () => {
    await clearStreet();
    const { c, pos } = await holder();
    const p = last();
    const first = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(p - 2) });
    const second = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(p - 6) });
    await bidAt(p - 3);
    await tradeAt(p - 2);
    expect((await view(c, first.data.id)).legs[0]?.state).toBe('filled');
    expect((await view(c, second.data.id)).legs[0]).toMatchObject({ state: 'cancelled', reason: 'position-closed' });
    await bidAt(p - 7);
    await tradeAt(p - 6);
    const closes = (await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, pos.id))).filter((o) => o.kind === 'close');
    expect(closes).toHaveLength(1);
    await tradeAt(p);
  }, 60_000);
});

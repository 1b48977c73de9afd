// Start-up recovery after a crash (docs/operations.md "Start-up recovery"): a second app on
// the same database is the restarted process (its venue starts empty: the first one's book
// died with it, as after kill -9). Acknowledged orders must be resting in the new venue and
// cancellable as soon as readiness answers 200, readiness must answer 503 before, and an
// acknowledged order not yet entered again must be cancellable with its hold released.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BuyingPower, TradePosition } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkLedger } from '../../funds';
import { tradingOrders } from '../schema';
import { createTrader, placeOrder, startTradingTestApp, trade, MORNING, type TestCustomer, type TradingTestContext } from '../testing/trading-test-kit';

const CODE = '8306'; // an empty book below the seed's one ask at 2040.5 (trading-flow.test.ts)

let first: TradingTestContext;
let second: TradingTestContext | null = null;

afterEach(async () => {
  // The crashed app is closed without touching the database (its venue is gone anyway); the
  // restarted one closes it.
  await first.app.close();
  await second?.close();
  second = null;
});

async function restingBuys(c: TestCustomer, prices: string[]): Promise<TradePosition[]> {
  const placed: TradePosition[] = [];
  for (const price of prices) {
    const r = await placeOrder(first, c, { code: CODE, price });
    expect(r.status).toBe(1);
    expect(r.data.status).toBe('pending');
    placed.push(r.data);
  }
  return placed;
}

async function ordersOf(t: TradingTestContext, c: TestCustomer) {
  return t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, c.user.id)).orderBy(tradingOrders.id);
}

async function buyingPower(t: TradingTestContext, c: TestCustomer): Promise<bigint> {
  return BigInt((await trade<BuyingPower>(t.app, 'buyingPower', {}, c)).data.buyingPower.minor);
}

/** The restarted process on the same database. */
function restart(opts: { recoverOnReady?: boolean; recoveryWaitMs?: number } = {}): Promise<TradingTestContext> {
  return startTradingTestApp({
    database: first.database,
    start: MORNING,
    ...(opts.recoverOnReady === undefined ? {} : { recoverOnReady: opts.recoverOnReady }),
    ...(opts.recoveryWaitMs === undefined ? {} : { config: { recoveryWaitMs: opts.recoveryWaitMs } }),
  });
}

/** A trader with one resting buy at ¥1,600, and the app restarted over it with recovery not yet run. */
async function restartedOverRestingBuy() {
  first = await startTradingTestApp();
  const a = await createTrader(first, 1_000_000n);
  const [p1] = await restingBuys(a, ['1600']);
  second = await restart({ recoverOnReady: false });
  return { t: second, a, p1 };
}

test('after a crash, acknowledged orders rest in the new venue and cancel as soon as ready answers 200 (503 before)', async () => {
  first = await startTradingTestApp();
  const a = await createTrader(first, 1_000_000n);
  const [p1, p2] = await restingBuys(a, ['1600', '1601']);
  const before = await ordersOf(first, a);
  expect(before.map((o) => o.state)).toEqual(['working', 'working']);
  const powerBefore = await buyingPower(first, a);

  second = await restart({ recoverOnReady: false, recoveryWaitMs: 0 });
  const t = second;
  // Not ready, and an order call is refused as "starting" instead of answered from an empty book.
  const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(notReady.statusCode).toBe(503);
  expect(notReady.json()).toMatchObject({ status: 'starting', waitingFor: ['order-recovery'] });
  const early = await trade(t.app, 'cancel', { id: p1?.id }, a);
  expect(early.msg).toBe(MSG.systemStarting);
  expect((await ordersOf(t, a)).map((o) => o.state)).toEqual(['working', 'working']);

  expect(await t.service.recover()).toEqual({ reentered: 2, expired: 0, waiting: 0 });
  const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect([ready.statusCode, ready.json()]).toMatchObject([200, { status: 'ok' }]);

  // Resting in the new venue, under their own (new) venue ids, with their holds unchanged.
  const after = await ordersOf(t, a);
  expect(after.map((o) => o.state)).toEqual(['working', 'working']);
  for (const o of after) expect(t.runtime.market.isOpenOrder(o.venueOrderId ?? '')).toBe(true);
  const bids = t.runtime.market.simulator.snapshot(CODE).bids.map((l) => [l.price, l.quantity]);
  expect(bids).toEqual(
    expect.arrayContaining([
      [16_000, 100],
      [16_010, 100],
    ]),
  );
  expect(await buyingPower(t, a)).toBe(powerBefore);

  for (const p of [p1, p2]) {
    const cancelled = await trade<TradePosition>(t.app, 'cancel', { id: p?.id }, a);
    expect(cancelled.msg).toBe(MSG.cancelOrderSuccess);
    expect(cancelled.data.status).toBe('cancelled');
  }
  expect(t.runtime.market.simulator.snapshot(CODE).bids).toEqual([]);
  expect(await buyingPower(t, a)).toBe(1_000_000n);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('order calls arriving during recovery wait for it and are answered from the recovered book', async () => {
  const { t, a, p1 } = await restartedOverRestingBuy();
  const cancel = trade<TradePosition>(t.app, 'cancel', { id: p1?.id }, a);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await t.service.recover();
  const answer = await cancel;
  expect(answer.msg).toBe(MSG.cancelOrderSuccess);
  expect(answer.data.status).toBe('cancelled');
}, 120_000);

test('an acknowledged order whose day ended while the process was down expires at recovery, its hold released', async () => {
  const { t, a } = await restartedOverRestingBuy();
  // Tuesday morning on the business clock: Monday's day order is no longer valid.
  t.clock.set(jstDate(2025, 1, 7, 10, 0));
  expect(await t.service.recover()).toEqual({ reentered: 0, expired: 1, waiting: 0 });
  const [order] = await ordersOf(t, a);
  expect(order?.state).toBe('expired');
  expect(order?.hold).toBe(0n);
  expect(t.runtime.market.simulator.snapshot(CODE).bids).toEqual([]);
  expect(await buyingPower(t, a)).toBe(1_000_000n);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('an acknowledged order not yet entered again is cancelled directly: its hold released once', async () => {
  const { t, a, p1 } = await restartedOverRestingBuy();
  const [order] = await ordersOf(t, a);
  // Recovery has taken stock of what the venue lost but not entered it yet.
  expect(await t.service.engine.forgetVenueEntries()).toEqual([order?.id]);
  await Promise.all([
    t.service.engine.cancel(order?.id ?? 0, MSG.orderNotPending),
    t.service.engine.cancel(order?.id ?? 0, MSG.orderNotPending).catch((e: unknown) => e),
  ]);
  const [cancelled] = await ordersOf(t, a);
  expect(cancelled?.state).toBe('cancelled');
  expect(cancelled?.hold).toBe(0n);
  await t.service.recover();
  // Nothing entered for it, nothing held twice or released twice.
  expect(t.runtime.market.simulator.snapshot(CODE).bids).toEqual([]);
  expect((await ordersOf(t, a)).map((o) => o.state)).toEqual(['cancelled']);
  expect(await buyingPower(t, a)).toBe(1_000_000n);
  expect((await trade(t.app, 'cancel', { id: p1?.id }, a)).msg).toBe(MSG.orderNotPending);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

// A venue rebuilt from its input log (a cluster's takeover; cluster/venue-input-log.ts): a second
// app on the same database is the new leader. It replays the first one's logged TSE inputs into
// fresh books before recovery, so it holds the same resting orders under the same venue ids, its
// fills come out with the same trade ids (nothing written twice), and it enters nothing again.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradePosition } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkLedger } from '../../funds';
import { MarketSimulator } from '../../market';
import { tradingFills, tradingOrders } from '../schema';
import { createTrader, placeOrder, startTradingTestApp, trade, type TestCustomer, type TradingTestContext } from '../testing/trading-test-kit';
import { VenueRouter, type LoggedVenueInput, type VenueInput, type VenueInputLog } from '../venue-router';

const CODE = '8306'; // an empty book below the seed's one ask at 2040.5 (trading-flow.test.ts)

/** The log as the leader keeps it, in memory: every input numbered, at the venue's time. */
class MemoryLog implements VenueInputLog {
  readonly inputs: LoggedVenueInput[] = [];
  constructor(private readonly now: () => Date) {}
  record(input: VenueInput): Date {
    const at = this.now();
    this.inputs.push({ ...input, seq: this.inputs.length + 1, at, tradingDate: MarketSimulator.tradingDateAt(at) });
    return at;
  }
}

let first: TradingTestContext;
let second: TradingTestContext | null = null;

afterEach(async () => {
  await first.app.close();
  await second?.close();
  second = null;
});

async function ordersOf(t: TradingTestContext, c: TestCustomer) {
  return t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, c.user.id)).orderBy(tradingOrders.id);
}

async function fills(t: TradingTestContext) {
  const rows = await t.db.select().from(tradingFills).orderBy(tradingFills.id);
  return rows.map((f) => ({ orderId: f.orderId, tradeId: f.tradeId, price: f.price, quantity: f.quantity }));
}

async function leaderWithLog(start?: Date) {
  let now: () => Date = () => new Date(0);
  const log = new MemoryLog(() => now());
  first = await startTradingTestApp({ venueLog: { log, replay: [] }, ...(start ? { start } : {}) });
  const clock = first.clock;
  now = () => clock.now();
  return log;
}

/** The new leader on the same database, replaying `inputs` when ready (its own log empty). */
async function takeOver(inputs: readonly LoggedVenueInput[]) {
  second = await startTradingTestApp({
    database: first.database,
    start: first.clock.now(),
    recoverOnReady: false,
    venueLog: { log: new MemoryLog(() => first.clock.now()), replay: inputs },
  });
  return second;
}

/** The takeover over a log whose consequences were all written: nothing entered again, no fill added. */
async function takeOverUnchanged(inputs: readonly LoggedVenueInput[], fillsBefore: Awaited<ReturnType<typeof fills>>) {
  const t = await takeOver(inputs);
  expect(await t.service.recover()).toEqual({ reentered: 0, expired: 0, waiting: 0 });
  await t.service.engine.idle();
  expect(await fills(t)).toEqual(fillsBefore);
  return t;
}

test('the new leader replays the log: same resting orders and venue ids, fills not written twice, nothing entered again', async () => {
  const log = await leaderWithLog();
  const a = await createTrader(first, 2_000_000n);
  const b = await createTrader(first, 2_000_000n);
  const resting = await placeOrder(first, a, { code: CODE, price: '1600' });
  expect(resting.data.status).toBe('pending');
  first.clock.advance(60_000);
  // Crosses the seed's ask: a venue fill against a simulated participant.
  const bought = await placeOrder(first, b, { code: CODE, price: '2040.5' });
  expect(bought.data.status).toBe('holding');
  first.clock.advance(60_000);
  const cancelled = await placeOrder(first, a, { code: CODE, price: '1601' });
  const c = await trade<TradePosition>(first.app, 'cancel', { id: cancelled.data.id }, a);
  expect(c.msg).toBe(MSG.cancelOrderSuccess);
  expect(log.inputs.map((i) => i.kind)).toEqual(['submit', 'submit', 'submit', 'cancel']);
  const ordersBefore = await ordersOf(first, a);
  const fillsBefore = await fills(first);
  expect(fillsBefore).toHaveLength(1);
  // The venue's own trade id: the replay gives it again, so no process tag is added.
  expect(fillsBefore[0]?.tradeId).not.toContain('@');

  const t = await takeOverUnchanged(log.inputs, fillsBefore);
  const ordersAfter = await ordersOf(t, a);
  expect(ordersAfter.map((o) => [o.state, o.venueOrderId])).toEqual(ordersBefore.map((o) => [o.state, o.venueOrderId]));
  const [rest] = ordersAfter;
  expect(t.runtime.market.isOpenOrder(rest?.venueOrderId ?? '')).toBe(true);
  expect(t.runtime.market.simulator.snapshot(CODE).bids.map((l) => [l.price, l.quantity])).toEqual([[16_000, 100]]);
  // The order rests where the old leader left it: the new leader can cancel it.
  const again = await trade<TradePosition>(t.app, 'cancel', { id: resting.data.id }, a);
  expect(again.msg).toBe(MSG.cancelOrderSuccess);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('an input whose acceptance the old leader never wrote: the replay writes it, and recovery does not enter the order twice', async () => {
  const log = await leaderWithLog();
  const a = await createTrader(first, 2_000_000n);
  const b = await createTrader(first, 2_000_000n);
  const placed = await placeOrder(first, a, { code: CODE, price: '1600' });
  first.clock.advance(1_000);
  await placeOrder(first, b, { code: CODE, price: '1600' });
  const [entered] = await ordersOf(first, a);
  const [behind] = await ordersOf(first, b);
  expect([entered?.state, behind?.state]).toEqual(['working', 'working']);
  // As after a crash between the venue's act (logged) and the acceptance's write.
  await first.db.update(tradingOrders).set({ state: 'queued', venueOrderId: null, tradingDate: null }).where(eq(tradingOrders.id, placed.data.id));

  const t = await takeOver(log.inputs);
  expect(await t.service.recover()).toEqual({ reentered: 0, expired: 0, waiting: 0 });
  await t.service.engine.idle();
  const [after] = await ordersOf(t, a);
  expect([after?.state, after?.venueOrderId, after?.tradingDate]).toEqual(['working', entered?.venueOrderId, entered?.tradingDate]);
  expect((await ordersOf(t, b)).map((o) => [o.state, o.venueOrderId])).toEqual([['working', behind?.venueOrderId]]);
  // Both in the book, a's first (time priority as the old leader had it).
  expect(t.runtime.market.simulator.snapshot(CODE).bids.map((l) => [l.price, l.quantity])).toEqual([[16_000, 200]]);
  for (const o of [after, behind]) expect(t.runtime.market.isOpenOrder(o?.venueOrderId ?? '')).toBe(true);
}, 120_000);

test('the PTS night session is logged and replayed too: its fills keep their ids, its resting order stays in the new book', async () => {
  // Monday 18:00 JST: the PTS night session is open, the TSE closed (venue-router.test.ts).
  const log = await leaderWithLog(jstDate(2025, 1, 6, 18, 0));
  const router = first.service.deps.venue;
  if (!(router instanceof VenueRouter)) throw new Error('the app should route through VenueRouter');
  const a = await createTrader(first, 50_000_000n);
  const q = router.pts.quote('7203');
  const yen = (tenths: number) => (tenths / 10).toString();
  const bought = await placeOrder(first, a, { code: '7203', venue: 'pts', price: yen(q.bestAsk as number) });
  expect(bought.data.status).toBe('holding');
  first.clock.advance(60_000);
  const resting = await placeOrder(first, a, { code: '7203', venue: 'pts', price: yen(q.lowerLimit) });
  expect(resting.data.status).toBe('pending');
  expect(log.inputs.map((i) => (i.kind === 'submit' ? i.order.venue : i.kind))).toEqual(['pts', 'pts']);
  const fillsBefore = await fills(first);
  expect(fillsBefore.length).toBeGreaterThan(0);
  expect(fillsBefore.every((f) => f.tradeId.includes('-pts') && !f.tradeId.includes('@'))).toBe(true);
  const [, rest] = await ordersOf(first, a);

  const t = await takeOverUnchanged(log.inputs, fillsBefore);
  const next = t.service.deps.venue;
  if (!(next instanceof VenueRouter)) throw new Error('the app should route through VenueRouter');
  expect(next.pts.isOpenOrder(rest?.venueOrderId ?? '')).toBe(true);
  const again = await trade<TradePosition>(t.app, 'cancel', { id: resting.data.id }, a);
  expect(again.msg).toBe(MSG.cancelOrderSuccess);
}, 120_000);

// Two venue partitions on one database and a real nats-server (cluster/partitions.ts,
// partition-orders.ts): an order of an instrument the other partition holds is written where it
// is placed, entered, filled and cancelled by the partition holding its book; a refusal there is
// the answer here; and one partition's sweep and recovery leave the other's orders alone.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradePosition } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../modules/funds';
import { tradingFills, tradingOrders } from '../modules/trading';
import { createTrader, placeOrder, startTradingTestApp, trade, type TradingTestContext } from '../modules/trading/testing/trading-test-kit';
import { connectClusterBus, type ClusterBus } from './bus';
import { partitionOwnership, serveOtherPartitionsOrders } from './partition-orders';
import { formFields, partitionForRequest } from './partition-routing';
import { partitionOf, type VenuePartition } from './partitions';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';

// In the test universe 8306 is partition 0's and 7203 partition 1's (of 2). 8306's book is empty
// below the seed's one ask at 2040.5 (trading-flow.test.ts).
const HELD_THERE = '8306';
const HELD_HERE = '7203';
const P0: VenuePartition = { index: 0, count: 2 };
const P1: VenuePartition = { index: 1, count: 2 };

let nats: TestNatsServer;
const buses: ClusterBus[] = [];
const stops: (() => void)[] = [];
let holder: TradingTestContext;
let placer: TradingTestContext;
/** An API server writing placements itself (KABUTO_PLACEMENTS=api): it holds no book. */
let api: TradingTestContext;
const errors: unknown[] = [];

beforeAll(async () => {
  expect([partitionOf(HELD_THERE, 2), partitionOf(HELD_HERE, 2)]).toEqual([0, 1]);
  nats = await startNatsServer();
  const bus = async (name: string) => {
    const b = await connectClusterBus({ url: nats.url, name });
    buses.push(b);
    return b;
  };
  const busOf0 = await bus('partition-0');
  const busOf1 = await bus('partition-1');
  const onError = (error: unknown) => errors.push(error);
  holder = await startTradingTestApp({ ownership: partitionOwnership(busOf0, P0, onError) });
  placer = await startTradingTestApp({ database: holder.database, start: holder.clock.now(), ownership: partitionOwnership(busOf1, P1, onError) });
  api = await startTradingTestApp({
    database: holder.database,
    start: holder.clock.now(),
    ownership: partitionOwnership(await bus('api'), { index: null, count: 2 }, onError),
    // As main.ts builds an API server: no background work, so no start-up recovery of its own.
    background: false,
  });
  stops.push(serveOtherPartitionsOrders(busOf0, P0, holder.service.engine, onError), serveOtherPartitionsOrders(busOf1, P1, placer.service.engine, onError));
}, 120_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await api?.app.close();
  await placer?.app.close();
  await holder?.close();
  for (const b of buses) await b.close();
  await nats?.stop();
});

async function orderOf(positionId: number) {
  const [row] = await holder.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, positionId)).limit(1);
  if (!row) throw new Error(`no order for position ${positionId}`);
  return row;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('an order placed on the other partition is entered into the book that holds its instrument, and cancelled there', async () => {
  const a = await createTrader(placer, 2_000_000n);
  const placed = await placeOrder(placer, a, { code: HELD_THERE, price: '1600' });
  expect(placed.msg).toBe(MSG.orderPlaced);
  const working = await eventually(
    () => orderOf(placed.data.id),
    (o) => o.state === 'working',
    'the holding partition to enter it',
  );
  expect(holder.runtime.market.isOpenOrder(working.venueOrderId ?? '')).toBe(true);
  expect(placer.runtime.market.simulator.snapshot(HELD_THERE).bids).toEqual([]);
  expect(holder.runtime.market.simulator.snapshot(HELD_THERE).bids.map((l) => [l.price, l.quantity])).toEqual([[16_000, 100]]);

  // The placing partition's sweep and recovery leave it alone: it is not in their book.
  await placer.service.sweep();
  expect(await placer.service.recover()).toEqual({ reentered: 0, expired: 0, waiting: 0 });
  expect((await orderOf(placed.data.id)).state).toBe('working');

  // The customer's cancel reaches the holding partition; its refusal of a second one is the answer.
  const cancelled = await trade<TradePosition>(placer.app, 'cancel', { id: placed.data.id }, a);
  expect(cancelled.msg).toBe(MSG.cancelOrderSuccess);
  expect((await orderOf(placed.data.id)).state).toBe('cancelled');
  expect(holder.runtime.market.isOpenOrder(working.venueOrderId ?? '')).toBe(false);
  await expect(placer.service.engine.cancel(working.id, MSG.orderNotPending)).rejects.toMatchObject({ msgKey: MSG.orderNotPending });
  expect(errors).toEqual([]);
}, 60_000);

test('a fill happens in the holding book and is written once; each partition enters its own instruments itself', async () => {
  const b = await createTrader(placer, 2_000_000n);
  // Crosses the seed's ask in partition 0's book.
  const bought = await placeOrder(placer, b, { code: HELD_THERE, price: '2040.5' });
  const filled = await eventually(
    () => orderOf(bought.data.id),
    (o) => o.state === 'filled',
    'the fill',
  );
  const fills = await holder.db.select().from(tradingFills).where(eq(tradingFills.orderId, filled.id));
  expect(fills.map((f) => [f.price, f.quantity])).toEqual([[20_405, 100]]);
  await holder.service.engine.idle();
  await placer.service.engine.idle();
  expect(await holder.db.select().from(tradingFills).where(eq(tradingFills.orderId, filled.id))).toHaveLength(1);

  // Its own instrument: entered by the placing partition at once, never sent across.
  const own = await placeOrder(placer, b, { code: HELD_HERE, price: String(placer.runtime.market.quote(HELD_HERE).lowerLimit / 10) });
  expect(own.msg).toBe(MSG.orderPlaced);
  const entered = await orderOf(own.data.id);
  expect(entered.state).toBe('working');
  expect(placer.runtime.market.isOpenOrder(entered.venueOrderId ?? '')).toBe(true);
  expect(holder.runtime.market.isOpenOrder(entered.venueOrderId ?? '')).toBe(false);
  expect((await checkLedger(holder.db)).balanced).toBe(true);
  expect(errors).toEqual([]);
}, 60_000);

test("an API server sends a request to the partition of the instrument it names, or of the position's", async () => {
  const c = await createTrader(placer, 2_000_000n);
  const placed = await placeOrder(placer, c, { code: HELD_THERE, price: '1500' });
  const route = (r: string, fields: Record<string, unknown>) => partitionForRequest(holder.db, 2, r, fields);
  expect(await route('/api/vue/trade/place', formFields('/api/vue/trade/place', 'application/json', Buffer.from(JSON.stringify({ code: HELD_HERE }))))).toBe(1);
  expect(await route('/api/vue/market/quote', formFields(`/api/vue/market/quote?code=${HELD_THERE}`, undefined, Buffer.alloc(0)))).toBe(0);
  expect(
    await route('/api/vue/trade/cancel', formFields('/api/vue/trade/cancel', 'application/x-www-form-urlencoded', Buffer.from(`id=${placed.data.id}`))),
  ).toBe(0);
  // Nothing names an instrument (lists, figures), or an unknown position: the home partition.
  expect(await route('/api/vue/trade/list', {})).toBe(0);
  expect(await route('/api/vue/trade/cancel', { id: '999999' })).toBe(0);
  expect(await route('/api/vue/trade/place', formFields('/api/vue/trade/place', 'application/json', Buffer.from('{not json')))).toBe(0);
  // A position of partition 1's instrument is routed there, but only for a request with a session:
  // without one nothing is read, and the home partition refuses it.
  const own = await placeOrder(placer, c, { code: HELD_HERE, price: String(placer.runtime.market.quote(HELD_HERE).lowerLimit / 10) });
  expect(await partitionForRequest(holder.db, 2, '/api/vue/trade/cancel', { id: String(own.data.id) })).toBe(1);
  expect(await partitionForRequest(holder.db, 2, '/api/vue/trade/cancel', { id: String(own.data.id) }, false)).toBe(0);
  // One partition: everything at home, nothing read.
  expect(await partitionForRequest(holder.db, 1, '/api/vue/trade/cancel', { id: placed.data.id })).toBe(0);
}, 60_000);

test('an API server that writes placements itself sends each order to the partition holding its instrument', async () => {
  const d = await createTrader(api, 3_000_000n);
  const there = await placeOrder(api, d, { code: HELD_THERE, price: '1550' });
  const here = await placeOrder(api, d, { code: HELD_HERE, price: String(api.runtime.market.quote(HELD_HERE).lowerLimit / 10) });
  expect([there.msg, here.msg]).toEqual([MSG.orderPlaced, MSG.orderPlaced]);
  const [inZero, inOne] = await Promise.all(
    [there, here].map((p) =>
      eventually(
        () => orderOf(p.data.id),
        (o) => o.state === 'working',
        'its partition to enter it',
      ),
    ),
  );
  expect(holder.runtime.market.isOpenOrder(inZero?.venueOrderId ?? '')).toBe(true);
  expect(placer.runtime.market.isOpenOrder(inOne?.venueOrderId ?? '')).toBe(true);
  // Nothing entered the API server's own (idle) books.
  for (const code of [HELD_THERE, HELD_HERE]) expect(api.runtime.market.simulator.snapshot(code).bids).toEqual([]);
  const cancelled = await trade<TradePosition>(api.app, 'cancel', { id: here.data.id }, d);
  expect(cancelled.msg).toBe(MSG.cancelOrderSuccess);
  expect((await orderOf(here.data.id)).state).toBe('cancelled');
  expect((await checkLedger(holder.db)).balanced).toBe(true);
  expect(errors).toEqual([]);
}, 60_000);

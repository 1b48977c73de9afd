// Conditional orders on the whole app (PGlite, the simulated venue with no participants, so
// every price comes from test orders): a stop fires after a controlled price move and its child
// fills in the venue; OCO cancels the other leg; IFD arms its child only after the parent fills;
// bad input is refused with its rule and nothing is saved; a rebuilt runner over the same
// database loses and duplicates nothing (docs/trading.md §11).
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { ConditionalOrderView, TradePosition } from '@kabuto/shared-sdk/schemas';
import {
  conditionalView,
  placeConditional,
  createTrader,
  placeOrder,
  startTradingTestApp,
  trade,
  type TestCustomer,
  type TradingTestContext,
} from '../testing/trading-test-kit';
import { openStreet, type Street } from '../testing/street';
import { conditionalOf, ConditionalService, registerConditional } from './index';
import { tradingOrders, tradingConditionalOrders } from '../schema';

const CODE = '8306';
let t: TradingTestContext;
let streetKit: Street;
let runner: ConditionalService;

beforeAll(async () => {
  t = await startTradingTestApp();
  streetKit = await openStreet(t, CODE, () => runner.idle(), 10);
  const r = conditionalOf(t.service);
  if (!r) throw new Error('conditional runner not started');
  runner = r;
}, 120_000);
afterAll(async () => t.close());

const street = (): TestCustomer => streetKit.next();
const last = (): number => streetKit.last();
const tradeAt = (yen: number): Promise<void> => streetKit.tradeAt(yen);
const clearStreet = (): Promise<void> => streetKit.clear();
const bidAt = (yen: number, lots?: number): Promise<void> => streetKit.bidAt(yen, lots);
const holder = (): Promise<{ c: TestCustomer; pos: TradePosition }> => streetKit.holder();

const conditional = (c: TestCustomer, form: Record<string, string | number | undefined>) => placeConditional(t.app, c, { code: CODE, ...form });
const view = (c: TestCustomer, id: number): Promise<ConditionalOrderView> => conditionalView(t.app, c, id);

test('a stop-loss waits, triggers at the first trade at or below the stop, and its market close fills in the venue', async () => {
  const { c, pos } = await holder();
  const start = last();
  const placed = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(start - 3) });
  expect(placed.status).toBe(1);
  expect(placed.data.state).toBe('waiting');
  await bidAt(start - 4);
  await tradeAt(start - 1);
  await tradeAt(start - 2.5);
  expect((await view(c, placed.data.id)).state).toBe('waiting');
  await tradeAt(start - 3);
  const v = await view(c, placed.data.id);
  expect(v.legs[0]).toMatchObject({ state: 'filled', triggerTradePrice: String(start - 3), positionId: pos.id });
  expect(v.state).toBe('filled');
  const detail = (await trade<TradePosition>(t.app, 'detail', { id: pos.id }, c)).data;
  expect(detail.status).toBe('closed');
  // Never fires twice: later trades below the stop place nothing more.
  await tradeAt(start - 3.5);
  const closes = await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, pos.id));
  expect(closes.filter((o) => o.kind === 'close')).toHaveLength(1);
}, 60_000);

test('bad input is refused naming the rule, and nothing is saved', async () => {
  const { c, pos } = await holder();
  const p = last();
  const before = (await t.db.select().from(tradingConditionalOrders)).length;
  const wrongSide = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(p) });
  expect(wrongSide).toMatchObject({ status: 0, msg: MSG.stopPriceWrongSide, data: { rule: 'sell-stop-below-last', stop: String(p), last: String(p) } });
  const overlap = await conditional(c, { kind: 'oco', side: 'sell', positionId: pos.id, price: String(p - 2), triggerPrice: String(p - 1) });
  expect(overlap).toMatchObject({ status: 0, msg: MSG.ocoLegsOverlap });
  const big = await conditional(c, { kind: 'ifd', side: 'buy', orderType: 'limit', price: String(p - 10), lots: 1, childLots: 2, childPrice: String(p) });
  expect(big).toMatchObject({ status: 0, msg: MSG.ifdChildTooLarge, data: { childLots: 2, parentLots: 1 } });
  const zero = await conditional(c, { kind: 'trailing', side: 'sell', positionId: pos.id, trailWidth: '0' });
  expect(zero.status).toBe(0);
  const offTick = await conditional(c, { kind: 'trailing', side: 'sell', positionId: pos.id, trailWidth: '0.3' });
  expect(offTick).toMatchObject({ status: 0, msg: MSG.trailWidthInvalid, data: { tick: '0.5' } });
  const cashShort = await conditional(c, { kind: 'stop', side: 'sell', triggerPrice: String(p - 5) });
  expect(cashShort).toMatchObject({ status: 0, msg: MSG.cashShortNotAllowed });
  const funariMarket = await placeOrder(t, c, { code: CODE, orderType: 'market', price: undefined, condition: 'funari' });
  expect(funariMarket).toMatchObject({ status: 0, msg: MSG.conditionNotAllowed });
  expect((await t.db.select().from(tradingConditionalOrders)).length).toBe(before);
}, 60_000);

test('OCO: the limit leg triggers first, the stop leg is cancelled in the same step and never fires', async () => {
  const { c, pos } = await holder();
  const p = last();
  const placed = await conditional(c, { kind: 'oco', side: 'sell', positionId: pos.id, price: String(p + 3), triggerPrice: String(p - 3) });
  expect(placed.status).toBe(1);
  await tradeAt(p + 1.5);
  await tradeAt(p + 3);
  let v = await view(c, placed.data.id);
  const [limitLeg, stopLeg] = v.legs;
  expect(limitLeg?.state === 'triggered' || limitLeg?.state === 'filled').toBe(true);
  expect(stopLeg).toMatchObject({ state: 'cancelled', reason: 'oco' });
  // The limit close sells to a buyer at its price; a later fall below the stop places nothing.
  await tradeAt(p + 3);
  await bidAt(p - 4);
  await tradeAt(p - 1);
  await tradeAt(p - 3);
  v = await view(c, placed.data.id);
  expect(v.legs[1]?.state).toBe('cancelled');
  const closes = (await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, pos.id))).filter((o) => o.kind === 'close');
  expect(closes).toHaveLength(1);
  expect(closes[0]).toMatchObject({ orderType: 'limit', price: (p + 3) * 10 });
}, 60_000);

test('IFD: the child is armed only once the parent fully filled, then closes what it opened', async () => {
  const c = await createTrader(t, 5_000_000n);
  const p = last();
  const placed = await conditional(c, { kind: 'ifd', side: 'buy', orderType: 'limit', price: String(p - 2), childTriggerPrice: String(p - 5) });
  expect(placed.status).toBe(1);
  let v = await view(c, placed.data.id);
  expect(v.legs.map((l) => [l.role, l.state, l.armed])).toEqual([
    ['parent', 'triggered', true],
    ['child', 'waiting', false],
  ]);
  // Sells down to the parent's limit (any street bid above it goes first) fill the parent.
  expect((await placeOrder(t, street(), { code: CODE, product: 'margin', side: 'sell', price: String(p - 2), lots: 5, leverage: '1' })).status).toBe(1);
  await runner.idle();
  v = await view(c, placed.data.id);
  expect(v.legs.map((l) => [l.role, l.state, l.armed])).toEqual([
    ['parent', 'filled', true],
    ['child', 'waiting', true],
  ]);
  const positionId = v.legs[0]?.positionId as number;
  expect(v.legs[1]?.positionId).toBe(positionId);
  await bidAt(p - 6);
  await tradeAt(p - 4);
  await tradeAt(p - 5);
  v = await view(c, placed.data.id);
  expect(v.legs[1]?.state).toBe('filled');
  expect((await trade<TradePosition>(t.app, 'detail', { id: positionId }, c)).data.status).toBe('closed');
}, 60_000);

test('trailing stop: the stop follows the highest trade by the width and fires once', async () => {
  const { c, pos } = await holder();
  const p = last();
  const placed = await conditional(c, { kind: 'trailing', side: 'sell', positionId: pos.id, trailWidth: '3' });
  expect(placed.data.legs[0]).toMatchObject({ trailExtreme: String(p), trailStop: String(p - 3) });
  await tradeAt(p + 2);
  await tradeAt(p + 4);
  let v = await view(c, placed.data.id);
  expect(v.legs[0]).toMatchObject({ state: 'waiting', trailExtreme: String(p + 4), trailStop: String(p + 1) });
  await bidAt(p);
  await tradeAt(p + 1.5);
  v = await view(c, placed.data.id);
  expect(v.legs[0]?.state).toBe('waiting');
  await tradeAt(p + 1);
  v = await view(c, placed.data.id);
  expect(['triggered', 'filled']).toContain(v.legs[0]?.state);
  expect(v.legs[0]?.triggerTradePrice).toBe(String(p + 1));
}, 60_000);

test('a rebuilt runner over the same database re-arms waiting legs and re-links a triggered one exactly once', async () => {
  const { c, pos } = await holder();
  const p = last();
  const waiting = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(p - 2) });
  // Crash in the middle: a second leg marked triggered with no child yet (the step after the trigger's transaction).
  const second = await holder();
  const crashed = await conditional(second.c, { kind: 'stop', side: 'sell', positionId: second.pos.id, triggerPrice: String(p - 4) });
  runner.stop();
  await t.db.update(tradingConditionalOrders).set({ state: 'triggered', triggeredAt: new Date() }).where(eq(tradingConditionalOrders.groupId, crashed.data.id));
  // Liquidity for the crashed leg's market close, above the waiting leg's stop.
  await bidAt(p - 1, 2);
  for (let i = 0; i < 2; i++) {
    // Two rebuilds in a row: the second finds everything done and does nothing again.
    runner = new ConditionalService(t.service.deps, t.service.engine);
    registerConditional(t.service, runner);
    await runner.start();
    await runner.idle();
    runner.stop();
  }
  runner = new ConditionalService(t.service.deps, t.service.engine);
  registerConditional(t.service, runner);
  await runner.start();
  const crashedCloses = (await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, second.pos.id))).filter((o) => o.kind === 'close');
  expect(crashedCloses).toHaveLength(1);
  expect((await view(second.c, crashed.data.id)).legs[0]?.childOrderId).toBe(crashedCloses[0]?.id);
  expect((await view(c, waiting.data.id)).state).toBe('waiting');
  await clearStreet();
  await bidAt(p - 6);
  await tradeAt(p - 1.5);
  expect((await view(c, waiting.data.id)).state).toBe('waiting');
  await tradeAt(p - 2);
  expect((await view(c, waiting.data.id)).legs[0]?.state).toBe('filled');
}, 90_000);

test('property: on random price paths a stop fires exactly when the rule says, once, across rebuilds', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 2, maxLength: 4 }),
      fc.integer({ min: 1, max: 4 }),
      fc.boolean(),
      async (steps, below, rebuild) => {
        await clearStreet();
        const { c, pos } = await holder();
        const start = last();
        const stop = start - below;
        const placed = await conditional(c, { kind: 'stop', side: 'sell', positionId: pos.id, triggerPrice: String(stop) });
        expect(placed.status).toBe(1);
        // Below every price of the path (at most 8 yen down), inside one renewal interval.
        await bidAt(start - 9);
        let price = start;
        let expectFired = false;
        for (const [i, s] of steps.entries()) {
          price += s;
          await tradeAt(price);
          if (price <= stop) expectFired = true;
          if (rebuild && i === 0) {
            runner.stop();
            runner = new ConditionalService(t.service.deps, t.service.engine);
            registerConditional(t.service, runner);
            await runner.start();
          }
          const leg = (await view(c, placed.data.id)).legs[0];
          expect(leg?.state === 'waiting').toBe(!expectFired);
        }
        const closes = (await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, pos.id))).filter((o) => o.kind === 'close');
        expect(closes).toHaveLength(expectFired ? 1 : 0);
        // Back near the start so the next run's moves stay inside one renewal interval.
        await tradeAt(start);
        if (!expectFired) await trade(t.app, 'conditional/cancel', { id: placed.data.id }, c);
      },
    ),
    { numRuns: 6 },
  );
}, 240_000);

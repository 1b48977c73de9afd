// Property: random sequences of orders (cash buys, margin longs and shorts, limit and market),
// cancels, closes (whole or partial), cancelled closes, street trades that move the price, and
// time passing within the session, for several customers, with a tiered commission. After every
// step: every currency's postings sum to zero and the balance cache equals them; each position
// equals its fills; each customer's cash = deposits − costs + proceeds ± margin P&L − fees −
// interest; no available balance is negative; every finished order holds nothing; the wallet
// the customer sees (remembered between writes, funds/wallet/wallet-cache.ts) equals the
// figures read afresh; the order writer's memory of each customer's holds (orders/held-memory.ts),
// whenever it would be used, equals the holds read afresh.
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import type { TradePosition, Wallet } from '@kabuto/shared-sdk/schemas';
import { ACCOUNT_KINDS } from '../funds';
import { checkLedger, userAccountBalance } from '../funds';
import { availableMinor, fundsUserLocks, heldFor, toMoney } from '../funds';
import { marginHolds, openOrderHolds } from './settlement/holds';
import { tradingFills, tradingOrders, tradingPositions } from './schema';
import {
  createTrader,
  funds,
  FUND_PASSWORD,
  idemKey,
  MORNING,
  startTradingTestApp,
  TIERED_FEES,
  trade,
  createMarginTrader,
  MARGIN_FORM,
  type TestCustomer,
  type TradingTestContext,
} from './testing/trading-test-kit';

const CODE = '8306';
const DEPOSIT = 3_000_000n;

let t: TradingTestContext;
let street: TestCustomer;
const customers: TestCustomer[] = [];

beforeAll(async () => {
  t = await startTradingTestApp({
    walletCacheMs: 60_000,
    config: { fees: TIERED_FEES },
  });
  street = await createMarginTrader(t, 10_000_000_000n);
  for (let i = 0; i < 3; i++) {
    const c = await createTrader(t, DEPOSIT);
    expect((await trade(t.app, 'marginApply', MARGIN_FORM, c)).status).toBe(1);
    customers.push(c);
  }
}, 180_000);
afterAll(async () => t.close());

/** A price `ticks` half-yen steps from the last trade (or the base), as yen text. */
function priceAt(ticks: number): string {
  const q = t.runtime.market.quote(CODE);
  const base = Math.round((q.last ?? q.previousClose) / 5) * 5;
  const p = Math.min(q.upperLimit, Math.max(q.lowerLimit, base + ticks * 5));
  return String(p / 10);
}

type Command =
  | { kind: 'place'; who: number; product: 'cash' | 'long' | 'short'; ticks: number; lots: number; market: boolean; leverage: string }
  | { kind: 'cancel' | 'cancelClose'; who: number; pick: number }
  | { kind: 'close'; who: number; pick: number; market: boolean; ticks: number; partial: boolean }
  | { kind: 'street'; ticks: number; lots: number }
  | { kind: 'time'; seconds: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    who: fc.nat(2),
    product: fc.constantFrom('cash' as const, 'long' as const, 'short' as const),
    ticks: fc.integer({ min: -6, max: 6 }),
    lots: fc.integer({ min: 1, max: 3 }),
    market: fc.boolean(),
    leverage: fc.constantFrom('1', '2', '3.3'),
  }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'cancelClose' as const), who: fc.nat(2), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('close' as const),
    who: fc.nat(2),
    pick: fc.nat(20),
    market: fc.boolean(),
    ticks: fc.integer({ min: -6, max: 6 }),
    partial: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('street' as const), ticks: fc.integer({ min: -6, max: 6 }), lots: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 120 }) }),
);

async function positionsOf(c: TestCustomer, status: string[]): Promise<TradePosition[]> {
  const rows = await t.db
    .select({ id: tradingPositions.id })
    .from(tradingPositions)
    .where(
      and(eq(tradingPositions.userId, c.user.id), inArray(tradingPositions.status, status as ('pending' | 'holding' | 'closing' | 'closed' | 'cancelled')[])),
    );
  const out: TradePosition[] = [];
  for (const r of rows) {
    const v = await trade<TradePosition>(t.app, 'detail', { id: r.id }, c);
    if (v.status === 1) out.push(v.data);
  }
  return out;
}

async function run(cmd: Command): Promise<void> {
  switch (cmd.kind) {
    case 'place': {
      const c = customers[cmd.who] as TestCustomer;
      await trade(
        t.app,
        'place',
        {
          code: CODE,
          product: cmd.product === 'cash' ? 'cash' : 'margin',
          side: cmd.product === 'short' ? 'sell' : 'buy',
          orderType: cmd.market ? 'market' : 'limit',
          price: cmd.market ? undefined : priceAt(cmd.ticks),
          lots: cmd.lots,
          leverage: cmd.product === 'cash' ? '1' : cmd.leverage,
          fundPassword: FUND_PASSWORD,
          idempotencyKey: idemKey(),
        },
        c,
      );
      return;
    }
    case 'cancel':
    case 'cancelClose': {
      const c = customers[cmd.who] as TestCustomer;
      const list = await positionsOf(c, [cmd.kind === 'cancel' ? 'pending' : 'closing']);
      const p = list[cmd.pick % Math.max(1, list.length)];
      if (p) await trade(t.app, cmd.kind, { id: p.id }, c);
      return;
    }
    case 'close': {
      const c = customers[cmd.who] as TestCustomer;
      const list = await positionsOf(c, ['holding']);
      const p = list[cmd.pick % Math.max(1, list.length)];
      if (!p) return;
      const lots = cmd.partial && p.holdingQuantity >= 200 ? 1 : undefined;
      await trade(
        t.app,
        'close',
        {
          id: p.id,
          orderType: cmd.market ? 'market' : 'limit',
          price: cmd.market ? undefined : priceAt(cmd.ticks),
          lots,
          fundPassword: FUND_PASSWORD,
          idempotencyKey: idemKey(),
        },
        c,
      );
      return;
    }
    case 'street': {
      const price = priceAt(cmd.ticks);
      for (const side of ['sell', 'buy'] as const) {
        await trade(
          t.app,
          'place',
          {
            code: CODE,
            product: 'margin',
            side,
            orderType: 'limit',
            price,
            lots: cmd.lots,
            leverage: '1',
            fundPassword: FUND_PASSWORD,
            idempotencyKey: idemKey(),
          },
          street,
        );
      }
      return;
    }
    case 'time': {
      const next = new Date(t.clock.now().getTime() + cmd.seconds * 1000);
      // Stay inside the morning session (before 11:25 JST) so the book keeps trading.
      if (next.getTime() < MORNING.getTime() + 85 * 60_000) t.clock.set(next);
      await t.service.sweep();
      return;
    }
  }
}

/** Customers whose remembered holds were compared (the property must exercise the memory). */
let rememberedChecked = 0;

async function checkInvariants(): Promise<void> {
  await t.service.engine.idle();
  const ledger = await checkLedger(t.db);
  expect(ledger.cacheMismatches).toEqual([]);
  expect(ledger.currencies.every((c) => c.sum === 0n)).toBe(true);

  const orders = await t.db.select().from(tradingOrders);
  const fills = await t.db.select().from(tradingFills);
  const positions = await t.db.select().from(tradingPositions);
  for (const o of orders) {
    const mine = fills.filter((f) => f.orderId === o.id);
    expect(mine.reduce((s, f) => s + f.quantity, 0)).toBe(o.filledQuantity);
    expect(o.filledQuantity).toBeLessThanOrEqual(o.quantity);
    if (!['queued', 'working'].includes(o.state)) expect(o.hold).toBe(0n);
  }
  for (const p of positions) {
    const open = fills.filter((f) => f.positionId === p.id && orders.find((o) => o.id === f.orderId)?.kind === 'open');
    const close = fills.filter((f) => f.positionId === p.id && orders.find((o) => o.id === f.orderId)?.kind !== 'open');
    expect(open.reduce((s, f) => s + f.quantity, 0)).toBe(p.openQuantity);
    expect(open.reduce((s, f) => s + BigInt(f.price) * BigInt(f.quantity), 0n)).toBe(p.openValueTenths);
    expect(close.reduce((s, f) => s + f.quantity, 0)).toBe(p.closedQuantity);
    expect(close.reduce((s, f) => s + BigInt(f.price) * BigInt(f.quantity), 0n)).toBe(p.closeValueTenths);
    expect(p.closedQuantity).toBeLessThanOrEqual(p.openQuantity);
    if (p.status === 'closed' || p.status === 'cancelled') expect(p.marginHeld).toBe(0n);
    if (p.status === 'closed') expect(p.closedCostTenths).toBe(p.openValueTenths);
  }
  for (const c of customers) {
    const mine = positions.filter((p) => p.userId === c.user.id);
    let expected = DEPOSIT;
    for (const p of mine) {
      const opened = p.openValueTenths / 10n;
      const closed = p.closeValueTenths / 10n;
      const closedCost = p.closedCostTenths / 10n;
      if (p.product === 'cash') expected += closed - opened;
      else expected += p.direction === 'long' ? closed - closedCost : closedCost - closed;
      expected -= p.interestPosted + p.feesPosted;
    }
    expect(await userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY')).toBe(expected);
    const available = await availableMinor({ extensions: t.service.deps.funds }, t.db, c.user.id, 'JPY');
    expect(available).toBeGreaterThanOrEqual(0n);
    // Read through the route (and so remembered) after every step: a write that failed to
    // forget it shows here at the next step.
    const wallet = await funds<Wallet>(t.app, 'wallet', {}, c);
    if (!wallet.data) throw new Error(JSON.stringify(wallet));
    expect(wallet.data.available).toEqual(toMoney('JPY', available));
    const held = await heldFor(t.service.deps.funds, t.db, c.user.id, 'JPY');
    expect(wallet.data.holds).toEqual(held.lines.map((l) => ({ source: l.source, amount: toMoney('JPY', l.minor) })));
    // What the writer would use at its next lock of the customer, if nobody else locks first.
    const [lock] = await t.db.select({ version: fundsUserLocks.version }).from(fundsUserLocks).where(eq(fundsUserLocks.userId, c.user.id));
    const remembered = t.service.engine.held.heldAt(c.user.id, (lock?.version ?? 0) + 1);
    if (remembered !== undefined) {
      rememberedChecked += 1;
      expect(remembered).toBe((await openOrderHolds(t.db, c.user.id)) + (await marginHolds(t.db, c.user.id)));
    }
  }
}

test('ledger, positions, cash and holds stay consistent over random trading', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 25 }), async (commands) => {
      for (const cmd of commands) {
        await run(cmd);
        await checkInvariants();
      }
    }),
    { numRuns: 4, seed: 1106, endOnFailure: true },
  );
  expect(rememberedChecked).toBeGreaterThan(10);
  // The runs did trade: fills, closes and margin positions of the customers exist.
  const mine = await t.db
    .select()
    .from(tradingPositions)
    .where(
      inArray(
        tradingPositions.userId,
        customers.map((c) => c.user.id),
      ),
    );
  expect(mine.filter((p) => p.openQuantity > 0).length).toBeGreaterThan(3);
  expect(mine.some((p) => p.closedQuantity > 0)).toBe(true);
  expect(mine.some((p) => p.product === 'margin' && p.direction === 'short' && p.openQuantity > 0)).toBe(true);
}, 600_000);

test('the invariant check can fail: a position whose fees disagree with the ledger is caught', async () => {
  const c = customers[0] as TestCustomer;
  const before = await userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY');
  const [pos] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, c.user.id)).limit(1);
  if (!pos) return;
  await t.db
    .update(tradingPositions)
    .set({ feesPosted: pos.feesPosted + 1n })
    .where(eq(tradingPositions.id, pos.id));
  await expect(checkInvariants()).rejects.toThrow();
  await t.db.update(tradingPositions).set({ feesPosted: pos.feesPosted }).where(eq(tradingPositions.id, pos.id));
  expect(await userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY')).toBe(before);
});

test("the invariant check can fail: a wrong memory of a customer's holds is caught", async () => {
  const c = customers[0] as TestCustomer;
  const [lock] = await t.db.select({ version: fundsUserLocks.version }).from(fundsUserLocks).where(eq(fundsUserLocks.userId, c.user.id));
  const version = lock?.version ?? 0;
  const held = (await openOrderHolds(t.db, c.user.id)) + (await marginHolds(t.db, c.user.id));
  t.service.engine.held.remember(c.user.id, version, held + 1n);
  await expect(checkInvariants()).rejects.toThrow();
  t.service.engine.held.forget([c.user.id]);
});

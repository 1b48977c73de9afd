// Group commit keeps each order's guarantees (docs/trading.md "Write path"): in one batch a
// refused order refuses only itself, a failed write is retried job by job so only the job that
// breaks it fails, and a commit that fails answers every order of the batch as failed with
// nothing written.
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../../../http/envelope';
import { brokerAccount, checkLedger, customerCash, fundsIdempotency, ledgerJournal, lockFundsOf, type IdempotentRequest, type JournalInput } from '../../funds';
import type { Fill } from '../../market';
import type { TradingDeps } from '../deps';
import { tradingFills, tradingMarginAccounts, tradingOrders, tradingPositions } from '../schema';
import { createTrader, idemKey, placeOrder, startTradingTestApp, type TestCustomer, type TradingTestContext } from '../testing/trading-test-kit';
import { powerFigures } from './buying-power';
import { GroupCommit } from '../../../db/group-commit';
import { jpy } from '../money';
import { HeldMemory } from './held-memory';
import { PlacementBatch, placementsOf, readAlone, writePlacements, type PlacementEngine, type PlacementJob } from './placement-writer';
import { TRADING_ACCOUNTS } from './engine';

const CODE = '8306';

let t: TradingTestContext;
beforeAll(async () => {
  t = await startTradingTestApp();
}, 120_000);
afterAll(async () => t.close());

/** A cash buy of one lot at the day's lower limit (it rests in the book), holding `hold` yen. */
function job(c: TestCustomer, hold: bigint, key = idemKey(), lots = 1): PlacementJob {
  const price = t.runtime.market.quote(CODE).lowerLimit;
  const now = t.clock.now();
  const request: IdempotentRequest = { userId: c.user.id, key, action: 'trade.place', params: { code: CODE, price, lots } };
  return {
    request,
    hold,
    minimumCash: null,
    coupon: null,
    position: {
      userId: c.user.id,
      code: CODE,
      product: 'cash',
      marginKind: null,
      direction: 'long',
      orderType: 'limit',
      limitPrice: price,
      leverageTenths: 10,
      tab: 'competition',
      status: 'pending',
      orderedQuantity: 100 * lots,
      createdAt: now,
      updatedAt: now,
    },
    order: {
      userId: c.user.id,
      kind: 'open',
      code: CODE,
      side: 'buy',
      orderType: 'limit',
      price,
      quantity: 100 * lots,
      state: 'queued',
      hold,
      holdPerShareTenths: BigInt(price),
      createdAt: now,
      updatedAt: now,
    },
  };
}

async function positionsOf(c: TestCustomer) {
  return t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, c.user.id));
}

test('a batch: each order is checked on its own, one refused order refuses only itself', async () => {
  const a = await createTrader(t, 1_000_000n);
  const b = await createTrader(t, 100_000n);
  const writer = placementsOf(t.service.deps, t.service.engine);
  const before = { ...writer.stats };
  const first = job(a, 300_000n);
  const jobs = [
    first,
    job(b, 500_000n), // over b's buying power
    job(a, 300_000n),
    { ...job(a, 300_000n, first.request.key, 2) }, // a's first key, asking for something else
    job(a, 500_000n), // over what a has left after the two accepted ones
    { ...first }, // a's first order again: its replay
  ];
  // Handed in together: one batch, one transaction.
  const answers = await Promise.allSettled(jobs.map((j) => writer.run(j)));
  expect(writer.stats.batches - before.batches).toBe(1);
  expect(writer.stats.jobs - before.jobs).toBe(jobs.length);
  const msgOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' && r.reason instanceof ApiFailure ? r.reason.msgKey : r.status);
  expect(answers.map(msgOf)).toEqual([
    'fulfilled',
    MSG.insufficientBuyingPower,
    'fulfilled',
    MSG.idempotencyKeyReused,
    MSG.insufficientBuyingPower,
    'fulfilled',
  ]);
  const [one, , two, , , again] = answers.map((r) => (r.status === 'fulfilled' ? r.value : null));
  expect(one?.replayed).toBe(false);
  expect(again).toMatchObject({ positionId: one?.positionId, replayed: true });
  await Promise.all([one?.entered, two?.entered]);
  await t.service.engine.idle();
  // a: two orders in the venue, 600,000 held; b: nothing written.
  const rows = await positionsOf(a);
  expect(rows.map((r) => r.id).sort()).toEqual([one?.positionId, two?.positionId].sort());
  const orders = await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, a.user.id));
  expect(orders.map((o) => o.state)).toEqual(['working', 'working']);
  expect(orders.every((o) => o.clientOrderId === `k${o.id}` && o.venueOrderId !== null)).toBe(true);
  expect((await powerFigures(t.service.deps, t.db, a.user.id)).buyingPower).toBe(400_000n);
  expect(await positionsOf(b)).toHaveLength(0);
  expect((await powerFigures(t.service.deps, t.db, b.user.id)).buyingPower).toBe(100_000n);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 60_000);

test('a commit that fails answers every order of the batch as failed and writes nothing', async () => {
  const a = await createTrader(t, 1_000_000n);
  const b = await createTrader(t, 1_000_000n);
  const real = t.service.deps.db;
  // The transaction does all its work, then the commit is lost (rolled back, error to the caller).
  const crashing = Object.create(real) as typeof real;
  crashing.transaction = ((work: Parameters<typeof real.transaction>[0]) =>
    real.transaction(async (tx) => {
      await work(tx);
      throw new Error('connection lost during commit');
    })) as typeof real.transaction;
  const deps: TradingDeps = { ...t.service.deps, db: crashing };
  const writer = new GroupCommit((jobs: readonly PlacementJob[]) => writePlacements(deps, t.service.engine, jobs));
  const jobs = [job(a, 100_000n), job(b, 100_000n), job(a, 100_000n)];
  const answers = await Promise.allSettled(jobs.map((j) => writer.run(j)));
  expect(answers.map((r) => (r.status === 'rejected' ? String(r.reason) : 'fulfilled'))).toEqual(jobs.map(() => 'Error: connection lost during commit'));
  // Tried as one batch, then each order alone: nothing of any of them is stored.
  expect(writer.stats.retriedAlone).toBe(3);
  expect(await positionsOf(a)).toHaveLength(0);
  expect(await positionsOf(b)).toHaveLength(0);
  const keys = await t.db
    .select()
    .from(fundsIdempotency)
    .where(inArray(fundsIdempotency.userId, [a.user.id, b.user.id]));
  expect(keys).toHaveLength(0);
  expect((await powerFigures(t.service.deps, t.db, a.user.id)).buyingPower).toBe(1_000_000n);
  // The same orders, retried with their keys once the database answers again, are placed once.
  const retried = await Promise.all(jobs.map((j) => placementsOf(t.service.deps, t.service.engine).run(j)));
  await Promise.all(retried.map((r) => r.entered));
  expect(retried.map((r) => r.replayed)).toEqual([false, false, false]);
  expect(await positionsOf(a)).toHaveLength(2);
}, 60_000);

test('a write that breaks on one job is retried job by job: only that job fails', async () => {
  const written: number[][] = [];
  const writer = new GroupCommit<number, number>(async (jobs) => {
    if (jobs.includes(13)) throw new Error('bad row');
    written.push([...jobs]);
    return jobs.map((j) => ({ ok: true, value: j * 2 }));
  });
  const answers = await Promise.allSettled([1, 13, 2].map((j) => writer.run(j)));
  expect(answers.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([2, 'Error: bad row', 4]);
  expect(written).toEqual([[1], [2]]);
});

test('with keys, two batches in flight never share a key, and each key keeps its arrival order', async () => {
  // Jobs are [key, n]; a batch is held open until released, so the second batch is taken while the first is in flight.
  const batches: string[][] = [];
  const release: (() => void)[] = [];
  const writer = new GroupCommit<[number, number], string>(
    async (jobs) => {
      batches.push(jobs.map(([k, n]) => `${k}.${n}`));
      await new Promise<void>((resolve) => release.push(resolve));
      return jobs.map(([k, n]) => ({ ok: true, value: `${k}.${n}` }));
    },
    { concurrency: 2, keyOf: ([k]) => k },
  );
  const first = [writer.run([1, 1]), writer.run([2, 1])];
  await new Promise((resolve) => setImmediate(resolve));
  // While customers 1 and 2 are being written: 1's next job waits, 3's goes into the second batch, 2's waits.
  const second = [writer.run([1, 2]), writer.run([3, 1]), writer.run([2, 2]), writer.run([3, 2])];
  await new Promise((resolve) => setImmediate(resolve));
  expect(batches).toEqual([
    ['1.1', '2.1'],
    ['3.1', '3.2'],
  ]);
  // Both writers busy: nothing more is taken until one finishes.
  release.shift()?.();
  await Promise.all(first);
  await new Promise((resolve) => setImmediate(resolve));
  expect(batches[2]).toEqual(['1.2', '2.2']);
  while (release.length > 0) {
    release.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await Promise.all(second)).toEqual(['1.2', '3.1', '2.2', '3.2']);
  expect(batches).toHaveLength(3);
});

test('a fill the venue hands over again (a replay) is written and posted once, alone or in a batch', async () => {
  const seller = await createTrader(t, 10_000_000n);
  const buyer = await createTrader(t, 10_000_000n);
  // The seller shorts on margin (the account enabled as the bench does).
  await t.db.insert(tradingMarginAccounts).values({ userId: seller.user.id, questionnaire: { test: true }, agreedAt: t.wall.now(), enabledAt: t.wall.now() });
  // The fills of a limit buy that crosses a resting sell of another customer: captured as the venue emits them.
  const q = t.runtime.market.quote(CODE);
  const price = String((Math.round((q.last ?? q.previousClose) / 5) * 5) / 10 - 5);
  const fills: Fill[] = [];
  const stop = t.service.deps.venue.onFill((f) => fills.push(f));
  const rest = await placeOrder(t, seller, { code: CODE, side: 'sell', product: 'margin', marginKind: 'general', orderType: 'limit', price, lots: '1' });
  const cross = await placeOrder(t, buyer, { code: CODE, side: 'buy', product: 'cash', orderType: 'limit', price, lots: '1' });
  stop();
  expect([rest.status, cross.status]).toEqual([1, 1]);
  await t.service.engine.idle();
  const own = fills.filter((f) => f.clientOrderId.startsWith('k'));
  expect(own.length).toBeGreaterThan(0);
  const count = async () => ({
    fills: (await t.db.select().from(tradingFills)).length,
    journals: (await t.db.select().from(ledgerJournal)).length,
    positions: await t.db
      .select()
      .from(tradingPositions)
      .where(inArray(tradingPositions.userId, [seller.user.id, buyer.user.id])),
  });
  const before = await count();
  // Alone, then all at once (one job of each customer, one transaction).
  for (const f of own) await t.service.engine.applyFill(f);
  await Promise.all([...own, ...own].map((f) => t.service.engine.applyFill(f)));
  await t.service.engine.idle();
  expect(await count()).toEqual(before);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 60_000);

test("a batch's buying power counts what the venue events before it in the same transaction moved (their cash postings, their holds), remembered or read", async () => {
  const a = await createTrader(t, 1_000_000n);
  // Nothing enters the venue here: the batch is decided and then rolled back.
  const engine: PlacementEngine = {
    place: () => Promise.reject(new Error('not used')),
    writes: t.service.engine.writes,
    expectPlacements: () => undefined,
    forgetPlacements: () => undefined,
    submitPlaced: () => Promise.resolve(new Map()),
  };
  // The events: a sale's 200,000 yen into a's cash, and 50,000 more held (an order's hold grew).
  const sale: JournalInput = {
    type: 'trade_sell',
    reference: 'position:0',
    userId: a.user.id,
    postings: [
      { account: customerCash(a.user.id, 'JPY'), amount: 200_000n },
      { account: brokerAccount(TRADING_ACCOUNTS.exchangeClearing, 'JPY'), amount: -200_000n },
    ],
  };
  const events = { heldChange: new Map([[a.user.id, 50_000n]]), journals: [sale] };
  const decide = (power: bigint, remembered: bigint | null) =>
    t.db
      .transaction(async (tx) => {
        const versions = await lockFundsOf(tx, t.clock, [a.user.id]);
        const memory = new HeldMemory();
        if (remembered !== null) memory.remember(a.user.id, (versions.get(a.user.id) ?? 0) - 1, remembered);
        // All of it, then one yen more.
        const batch = new PlacementBatch(t.service.deps, engine, [job(a, power), job(a, 1n)]);
        await batch.spend(tx, await readAlone(tx, batch.reading(tx, { memory, versions })), events);
        throw batch.committed();
      })
      .catch((outcomes: unknown) =>
        (outcomes as { ok: boolean; error?: unknown }[]).map((o) => (o.ok ? 'ok' : o.error instanceof ApiFailure ? o.error.data : o.error)),
      );
  // Read (no memory): 1,000,000 + 200,000 − 50,000.
  expect(await decide(1_150_000n, null)).toEqual(['ok', { rule: 'buying-power', required: jpy(1n), buyingPower: jpy(0n) }]);
  // Remembered with 100,000 held: 1,000,000 + 200,000 − 100,000 − 50,000.
  expect(await decide(1_050_000n, 100_000n)).toEqual(['ok', { rule: 'buying-power', required: jpy(1n), buyingPower: jpy(0n) }]);
}, 60_000);

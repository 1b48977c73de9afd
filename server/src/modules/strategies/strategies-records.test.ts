// Stored records, followers' results and the high-water-mark profit share against the whole app on
// PGlite and the simulated venue:
// - the list over N strategies runs the same bounded number of statements for 3 and for 6 strategies
//   once their records are stored, a new fill changes the figures, a price move alone does not until
//   the close, when the sweep stores the day's record at closing prices;
// - followers' results: counts always, median and share in profit only from 3 followings, equal to
//   the followings' own values;
// - profit share: the preview's worked example, a realised gain pays percent of it to the leader
//   from the follower's cash, a later loss pays nothing, the end settles once, the broker pays such
//   a leader nothing, the ledger stays zero-sum.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FollowPreview, FollowingView, StrategyView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, ledgerJournal } from '../funds';
import { jstDateKey } from '../market';
import { tradingPositions } from '../trading';
import { checkStrategy } from '../../ops-cli/strategy-check';
import { accrueLeaderFees } from './following/fees';
import { listStrategies } from './leaders/leaders';
import { settleProfitShares } from './profit-share/profit-share';
import { strategyProfitShareSettlements } from './profit-share/schema';
import { strategyRecordSnapshots } from './records/schema';
import { storeRecordsAtClose } from './records/stored';
import {
  CODE,
  cashOf,
  closeAtMarket,
  createTrader,
  followForm,
  idemKey,
  openStreet,
  placeOrder,
  startStrategiesTestApp,
  strategy,
  type StrategiesTestContext,
  type TestCustomer,
} from './testing/strategies-test-kit';

jest.setTimeout(300_000);

let t: StrategiesTestContext;
let street: Awaited<ReturnType<typeof openStreet>>;
let p: number;
beforeAll(async () => {
  t = await startStrategiesTestApp({ leader: { minHistoryDays: 0, maxRiskScore: 10, maxLeverageTenths: 10 } });
  street = await openStreet(t, 6);
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
});
afterAll(async () => t.close());

const lastPrice = () => {
  const q = t.runtime.market.quote(CODE);
  return (q.last ?? q.previousClose) / 10;
};

let leaders = 0;
async function publishedLeader(feeModel?: 'broker-paid' | 'profit-share', yen = 3_000_000n): Promise<{ leader: TestCustomer; view: StrategyView }> {
  const leader = await createTrader(t, yen);
  await street.askAt(p, 1);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 })).data.status).toBe('holding');
  leaders++;
  const answer = await strategy<StrategyView>(
    t.app,
    'optIn',
    { name: `Leader ${leaders}`, description: 'Large caps.', riskNotes: 'Simulated.', idempotencyKey: `records-${leader.user.id}`, feeModel },
    leader,
  );
  expect(answer.status).toBe(1);
  return { leader, view: answer.data };
}

/** Statements the database runs while `work` runs (PGlite's query and exec calls). */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown>; exec: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = jest.spyOn(client, 'query');
  const exec = jest.spyOn(client, 'exec');
  try {
    await work();
    return query.mock.calls.length + exec.mock.calls.length;
  } finally {
    query.mockRestore();
    exec.mockRestore();
  }
}

test('the list reads stored records in a bounded number of statements; a new fill changes them, a price move shows after the close', async () => {
  const first = [await publishedLeader(), await publishedLeader(), await publishedLeader()];
  await listStrategies(t.strategies);
  const three = await statementsOf(() => listStrategies(t.strategies));
  for (let i = 0; i < 3; i++) await publishedLeader();
  // Opt-in's answer computed and stored their records: the list reads 6 in as many statements as 3.
  const six = await statementsOf(() => listStrategies(t.strategies));
  expect(six).toBe(three);
  // A fixed number whatever the page holds (one of them the algorithms among the page's strategies,
  // one the at-close risk scores that may close them to new copiers).
  expect(six).toBeLessThanOrEqual(10);

  const target = first[0] as { leader: TestCustomer; view: StrategyView };
  const before = (await listStrategies(t.strategies)).find((s) => s.id === target.view.id) as StrategyView;
  expect(before.record.trades).toBe(1);
  expect(before.asOf.prices).toBe('lastInput');

  // A new fill of the leader: the next read recomputes that record (and only that one).
  await street.askAt(p, 2);
  expect((await placeOrder(t, target.leader, { code: CODE, price: String(p), lots: 2 })).data.status).toBe('holding');
  await t.settle();
  const recomputing = await statementsOf(() => listStrategies(t.strategies));
  const after = (await listStrategies(t.strategies)).find((s) => s.id === target.view.id) as StrategyView;
  expect(after.record.trades).toBe(2);
  expect(recomputing).toBeGreaterThan(six);
  expect(recomputing).toBeLessThan(six + 10);

  // The price moves up ¥3 with no fill of this leader: the stored record stands (equity unchanged)…
  const equityBefore = BigInt(after.record.equity.minor);
  for (const k of [1, 2, 3]) {
    await street.askAt(p + k, 1);
    await street.bidAt(p + k, 1);
  }
  expect(t.runtime.market.quote(CODE).last).not.toBe(p * 10);
  const intraday = (await listStrategies(t.strategies)).find((s) => s.id === target.view.id) as StrategyView;
  expect(BigInt(intraday.record.equity.minor)).toBe(equityBefore);
  // …until the close: the sweep stores the day's record at the closing price (3 lots × 100 × the rise).
  const now = t.clock.now();
  const [y, m, d] = jstDateKey(now).split('-').map(Number) as [number, number, number];
  t.clock.set(jstDate(y, m, d, 15, 45));
  await t.service.sweep();
  const last = (t.runtime.market.quote(CODE).last ?? 0) / 10;
  expect(await storeRecordsAtClose(t.strategies)).toBe(6);
  expect(await storeRecordsAtClose(t.strategies)).toBe(0);
  const closed = (await listStrategies(t.strategies)).find((s) => s.id === target.view.id) as StrategyView;
  expect(closed.asOf.prices).toBe('close');
  expect(BigInt(closed.record.equity.minor)).toBe(equityBefore + BigInt(Math.round(300 * (last - p))));

  // strategy-verify recomputes from scratch and finds the published record, and recomputes each stored
  // row from the fills and postings it was keyed by…
  const check = await checkStrategy(t.db, target.view.id, t.clock.now());
  expect(check.match).toBe(true);
  expect(check.record).toEqual(closed.record);
  expect(check.lines.filter((l) => l.what.startsWith('stored record'))).toEqual([expect.objectContaining({ match: true })]);
  // …so a stored figure changed after the fact is found.
  await t.db
    .update(strategyRecordSnapshots)
    .set({ record: { ...closed.record, twrPercent: '99.00' } })
    .where(eq(strategyRecordSnapshots.strategyId, target.view.id));
  const tampered = await checkStrategy(t.db, target.view.id, t.clock.now());
  expect(tampered.match).toBe(false);
  expect(tampered.lines.find((l) => !l.match)?.what).toMatch(/^stored record/);
  await t.db.delete(strategyRecordSnapshots).where(eq(strategyRecordSnapshots.strategyId, target.view.id));

  // Back into the next morning's session for the tests below.
  t.clock.set(jstDate(y, m, d + 1, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.clear();
  await street.open(p);
});

test("followers' results: counts always, median and share in profit from 3 followings, from their own values", async () => {
  const { leader, view } = await publishedLeader('broker-paid', 3_100_000n);
  const deadline = '2025-06-30';
  const followers: { c: TestCustomer; id: number }[] = [];
  const follow = async () => {
    const c = await createTrader(t, 2_000_000n);
    const answer = await strategy<FollowingView>(t.app, 'follow', followForm(view.id, '620000', deadline), c);
    expect(answer.status).toBe(1);
    followers.push({ c, id: answer.data.id });
  };
  await follow();
  await follow();
  const detail = async () => (await strategy<StrategyView>(t.app, 'detail', { id: view.id }, leader)).data;
  expect((await detail()).followerResults).toEqual({ inProgress: 2, ended: 0, minimum: 3, results: null });
  await follow();
  // The leader buys 10 lots; each follower gets 2 lots (620,000 ÷ ~3.1m), their market buys at p + 1 and p + 2.
  await street.askAt(p, 10);
  await street.askAt(p + 1, 3);
  await street.askAt(p + 2, 3);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 10 })).data.status).toBe('holding');
  await t.settle();
  expect(await strategy(t.app, 'stop', { id: followers[2]?.id, positions: 'keep' }, followers[2]?.c as TestCustomer)).toMatchObject({ status: 1 });
  const values = [];
  for (const f of followers) {
    const v = (await strategy<FollowingView>(t.app, 'following', { id: f.id }, f.c)).data;
    expect(v.mirrored[0]).toMatchObject({ quantity: 200, outcome: 'placed' });
    values.push((Number(v.value.minor) - 620_000) / 620_000);
  }
  values.sort((a, b) => a - b);
  const results = (await detail()).followerResults;
  expect(results).toEqual({
    inProgress: 2,
    ended: 1,
    minimum: 3,
    results: {
      medianReturnPercent: ((values[1] as number) * 100).toFixed(2),
      inProfitPercent: ((values.filter((v) => v > 0).length / 3) * 100).toFixed(1),
    },
  });
  // The list shows the same figures.
  const listed = (await strategy<{ list: StrategyView[] }>(t.app, 'list', { size: 50 }, leader)).data.list.find((s) => s.id === view.id);
  expect(listed?.followerResults).toEqual(results);
  for (const f of followers.slice(0, 2)) expect(await strategy(t.app, 'stop', { id: f.id, positions: 'keep' }, f.c)).toMatchObject({ status: 1 });
  await street.clear();
});

test('profit share: percent of realised profit above the mark, nothing on a loss, settled once at the end, never with the broker fee', async () => {
  // Trades start at the last price: a jump away from it would meet the venue's special quote.
  p = lastPrice();
  const { leader, view } = await publishedLeader('profit-share', 3_100_000n);
  expect(view).toMatchObject({ feeModel: 'profit-share', profitSharePercent: 20 });
  const pv = await strategy<FollowPreview>(t.app, 'preview', { id: view.id, amount: '620000' }, leader);
  expect(pv.data.fee).toMatchObject({
    model: 'profit-share',
    percent: 20,
    paidBy: 'follower',
    exampleRealisedProfit: { minor: '62000' },
    exampleToLeader: { minor: '12400' },
    exampleLossToLeader: { minor: '0' },
  });
  const follower = await createTrader(t, 2_000_000n);
  const f = await strategy<FollowingView>(t.app, 'follow', followForm(view.id, '620000', '2025-06-30'), follower);
  expect(f.status).toBe(1);
  const shareOf = async () => (await strategy<FollowingView>(t.app, 'following', { id: f.data.id }, follower)).data.profitShare;
  expect(await shareOf()).toEqual({ percent: 20, highWaterMark: expect.objectContaining({ minor: '0' }), paid: expect.objectContaining({ minor: '0' }) });

  // Round 1, a gain: the leader buys 10 lots at p (the follower 2 lots at p), sells at p + 20 (the follower at p + 20).
  // Asks for the leader's 10 lots and the follower's 2; what is left is taken off before the sale,
  // so the bids below are there for the leader's and the follower's sells.
  await street.askAt(p, 14);
  const leaderLot = await placeOrder(t, leader, { code: CODE, price: String(p), lots: 10 });
  expect(leaderLot.data.status).toBe('holding');
  await t.settle();
  await street.clear();
  for (let k = 5; k <= 20; k += 5) {
    await street.askAt(p + k, 1);
    await street.bidAt(p + k, 1);
  }
  await street.bidAt(p + 20, 14);
  expect(await closeAtMarket(t.app, leader, leaderLot.data.id, 10, `close-${leaderLot.data.id}-10`)).toBe(1);
  await t.settle();
  // The broker pays this leader nothing: never both models.
  expect((await accrueLeaderFees(t.strategies)).accrued).toBe(0);
  const followerCash = await cashOf(t, follower);
  const leaderCash = await cashOf(t, leader);
  const realised1 = await realisedOf(follower);
  expect(realised1).toBeGreaterThan(0n);
  const settled = await settleProfitShares(t.strategies);
  const fee1 = (realised1 * 20n) / 100n;
  expect(settled).toEqual({ settled: 1, total: fee1, deferred: 0 });
  expect(await cashOf(t, follower)).toBe(followerCash - fee1);
  expect(await cashOf(t, leader)).toBe(leaderCash + fee1);
  expect(await settleProfitShares(t.strategies)).toEqual({ settled: 0, total: 0n, deferred: 0 });
  expect(await shareOf()).toMatchObject({ highWaterMark: { minor: String(realised1) }, paid: { minor: String(fee1) } });
  const journals = await t.db.select().from(ledgerJournal).where(eq(ledgerJournal.type, 'strategy_profit_share'));
  expect(journals).toHaveLength(1);

  // Round 2, a loss: bought at p + 20, sold at p + 10. Realised falls below the mark: nothing is charged.
  await street.clear();
  await street.askAt(p + 20, 14);
  const second = await placeOrder(t, leader, { code: CODE, price: String(p + 20), lots: 10 });
  expect(second.data.status).toBe('holding');
  await t.settle();
  await street.clear();
  for (let k = 15; k >= 10; k -= 5) {
    await street.askAt(p + k, 1);
    await street.bidAt(p + k, 1);
  }
  await street.bidAt(p + 10, 14);
  expect(await closeAtMarket(t.app, leader, second.data.id, 10, `close-${second.data.id}-10`)).toBe(1);
  await t.settle();
  expect(await realisedOf(follower)).toBeLessThan(realised1);
  expect(await settleProfitShares(t.strategies)).toEqual({ settled: 0, total: 0n, deferred: 0 });

  // The end: one final settlement (nothing due below the mark), then none.
  expect(await strategy(t.app, 'stop', { id: f.data.id, positions: 'keep' }, follower)).toMatchObject({ status: 1 });
  expect(await settleProfitShares(t.strategies)).toEqual({ settled: 0, total: 0n, deferred: 0 });
  const rows = await t.db.select().from(strategyProfitShareSettlements).where(eq(strategyProfitShareSettlements.followingId, f.data.id));
  expect(rows.map((r) => [r.seq, r.amount, r.final])).toEqual([
    [1, fee1, false],
    [2, 0n, true],
  ]);
  expect(await settleProfitShares(t.strategies)).toEqual({ settled: 0, total: 0n, deferred: 0 });
  expect((await checkLedger(t.db)).balanced).toBe(true);
  await street.clear();
});

test('an unknown fee model is refused at the edge', async () => {
  const c = await createTrader(t, 1_000_000n);
  const answer = await strategy(t.app, 'optIn', { name: 'X', description: 'X', riskNotes: 'X', idempotencyKey: idemKey(), feeModel: 'both' }, c);
  expect(answer).toMatchObject({ status: 0, msg: MSG.invalidParams });
});

/** The follower's realised profit from their own positions: proceeds − cost of the shares sold − fees (yen). */
async function realisedOf(c: TestCustomer): Promise<bigint> {
  const positions = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, c.user.id));
  let tenths = 0n;
  let fees = 0n;
  for (const q of positions) {
    if (q.openQuantity > 0) tenths += q.closeValueTenths - (q.openValueTenths * BigInt(q.closedQuantity)) / BigInt(q.openQuantity);
    fees += q.feesPosted;
  }
  const yen = tenths / 10n - (tenths % 10n < 0n ? 1n : 0n);
  return yen - fees;
}

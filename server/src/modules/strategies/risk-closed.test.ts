// Closed to new copiers after a high risk score (docs/strategies.md §2, eToro [CT3]) against the
// whole app on PGlite and the simulated venue:
// - daily: the leader's holding rises 10 % in a day; the close sweep stores that day's record at
//   closing prices with a risk score of 8 or more; strategy/follow is refused (status 0, the rule,
//   the score, the threshold and the until date, nothing held or posted), list and detail say so;
//   the follower already in keeps following (the leader's next fill is mirrored to them); still
//   refused on the until date, followed the day after;
// - monthly: at-close rows stored as the record code stores them, a month whose business days
//   average exactly 7 (a Saturday's lower row not counted) closes the strategy through the end of
//   the next month, only once the month has ended; one at 6.95 does not.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FollowingView, StrategyDetailView, StrategyView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, heldFor, ledgerJournal } from '../funds';
import { addDays, atJst, isBusinessDay } from '../market';
import { strategyRecordSnapshots } from './records/schema';
import { storeRecordsAtClose } from './records/stored';
import { strategyFollowings } from './schema';
import {
  CODE,
  cashOf,
  createTrader,
  followForm,
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
beforeAll(async () => {
  // Tuesday 7 January 2025; the leaders may publish without history (risk score at most 7 as published).
  t = await startStrategiesTestApp({ leader: { minHistoryDays: 0, maxRiskScore: 7, maxLeverageTenths: 10 } }, { start: jstDate(2025, 1, 7, 10, 0) });
  street = await openStreet(t, 4);
});
afterAll(async () => t.close());

const DEADLINE = '2025-12-31';
const optIn = async (c: TestCustomer, name: string) => {
  const answer = await strategy<StrategyView>(
    t.app,
    'optIn',
    { name, description: 'Large caps.', riskNotes: 'Simulated.', idempotencyKey: `risk-closed-${c.user.id}` },
    c,
  );
  expect(answer).toMatchObject({ status: 1 });
  return answer.data.id;
};
async function listed(viewer: TestCustomer, id: number): Promise<StrategyView> {
  const list = await strategy<{ list: StrategyView[] }>(t.app, 'list', {}, viewer);
  const view = list.data.list.find((s) => s.id === id);
  if (!view) throw new Error(`strategy ${id} not listed`);
  return view;
}
async function moveTo(at: Date): Promise<void> {
  t.clock.set(at);
  await t.service.sweep();
}

/** A refused follow holds nothing, posts nothing and writes no following. */
async function expectNothingDone(c: TestCustomer, cash: bigint, journals: number): Promise<void> {
  expect(await cashOf(t, c)).toBe(cash);
  expect((await heldFor(t.strategies.funds, t.db, c.user.id, 'JPY')).total).toBe(0n);
  expect(await t.db.select().from(strategyFollowings).where(eq(strategyFollowings.userId, c.user.id))).toEqual([]);
  expect((await t.db.select().from(ledgerJournal)).length).toBe(journals);
}

let monthlyB = 0;
let monthlyC = 0;

test('a daily at-close risk score of 8 or more: no new copiers through D + 2 months, followers already in unaffected', async () => {
  // The leader's money arrives the day before the first fill: the record's daily returns start there.
  let p = t.runtime.market.quote(CODE).previousClose / 10;
  // About 45 % of the leader's equity in one lot, so a 10 % rise is a daily return of about 4.5 %.
  const leader = await createTrader(t, BigInt(Math.round(p * 230)));
  await moveTo(jstDate(2025, 1, 8, 10, 0));
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  await street.askAt(p, 1);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 })).data.status).toBe('holding');
  const id = await optIn(leader, 'Volatile');
  // Two cash-only leaders for the monthly rule below (their own records stay at risk 1).
  monthlyB = await optIn(await createTrader(t, 1_000_000n), 'Monthly B');
  monthlyC = await optIn(await createTrader(t, 1_000_000n), 'Monthly C');
  // A follower whose amount sizes the leader's 1-lot fill as 1 lot.
  const f1 = await createTrader(t, 2_000_000n);
  const f1Following = await strategy<FollowingView>(t.app, 'follow', followForm(id, String(Math.round(p * 300)), DEADLINE), f1);
  expect(f1Following).toMatchObject({ status: 1, msg: MSG.followSuccess });

  // Thursday 9 January: the venue trades about 10 % up, ¥20 a trade (a larger jump waits as a special
  // quote); after the close the sweep stores the day's record at that closing price.
  await moveTo(jstDate(2025, 1, 9, 10, 0));
  const open = t.runtime.market.quote(CODE).previousClose / 10;
  await street.clear();
  await street.open(open);
  for (let price = open + 20; price <= open * 1.1; price += 20) {
    await street.askAt(price, 1);
    await street.bidAt(price, 1);
  }
  expect((t.runtime.market.quote(CODE).last ?? 0) / 10).toBeGreaterThan(open * 1.09);
  await moveTo(jstDate(2025, 1, 9, 15, 45));
  expect(await storeRecordsAtClose(t.strategies)).toBe(3);
  const [row] = await t.db
    .select()
    .from(strategyRecordSnapshots)
    .where(and(eq(strategyRecordSnapshots.strategyId, id), eq(strategyRecordSnapshots.businessDate, '2025-01-09')));
  expect(row?.atClose).toBe(true);
  const score = row?.record.riskScore ?? 0;
  expect(score).toBeGreaterThanOrEqual(8);

  // A new copier is refused with the rule and its figures; nothing held or posted.
  const g = await createTrader(t, 1_000_000n);
  const journals = (await t.db.select().from(ledgerJournal)).length;
  const refusal = { rule: 'risk-closed', riskScore: score, threshold: 8, until: '2025-03-09', date: '2025-01-09' };
  expect(await strategy(t.app, 'follow', followForm(id, '100000', DEADLINE), g)).toEqual({ status: 0, msg: MSG.followClosedRiskScore, data: refusal });
  await expectNothingDone(g, 1_000_000n, journals);

  // The list and the detail say so; the other strategies are open.
  const closed = { until: '2025-03-09', reason: { kind: 'daily', score: String(score), threshold: 8, date: '2025-01-09', days: 1 } };
  expect((await listed(g, id)).closedToNewCopiers).toEqual(closed);
  expect((await listed(g, monthlyB)).closedToNewCopiers).toBeNull();
  expect((await strategy<StrategyDetailView>(t.app, 'detail', { id }, g)).data.closedToNewCopiers).toEqual(closed);

  // Tuesday 14 January: the follower already in keeps following; the leader's next fill is mirrored to them.
  await moveTo(jstDate(2025, 1, 14, 10, 0));
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  await street.askAt(p, 3);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 })).data.status).toBe('holding');
  await t.settle();
  const following = (await strategy<FollowingView>(t.app, 'following', { id: f1Following.data.id }, f1)).data;
  expect(following.status).toBe('inProgress');
  expect(following.mirrored).toEqual([expect.objectContaining({ side: 'buy', quantity: 100, outcome: 'placed', fillPrice: expect.any(String) })]);

  // Still closed on the until date (Sunday 9 March, JST), open the day after.
  await moveTo(jstDate(2025, 3, 9, 23, 59));
  expect(await strategy(t.app, 'follow', followForm(id, '100000', DEADLINE), g)).toMatchObject({ status: 0, msg: MSG.followClosedRiskScore, data: refusal });
  await moveTo(jstDate(2025, 3, 10, 10, 0));
  expect((await listed(g, id)).closedToNewCopiers).toBeNull();
  expect(await strategy(t.app, 'follow', followForm(id, '100000', DEADLINE), g)).toMatchObject({ status: 1, msg: MSG.followSuccess });
});

test('a month whose business days averaged 7 or more: no new copiers for the whole next month', async () => {
  // Monday 31 March after the close: March's at-close rows, stored as the record code stores them
  // (each strategy's own record of that day, its risk score set to the figures under test).
  await moveTo(jstDate(2025, 3, 31, 15, 45));
  const [template] = await t.db
    .select()
    .from(strategyRecordSnapshots)
    .where(and(eq(strategyRecordSnapshots.strategyId, monthlyB), eq(strategyRecordSnapshots.businessDate, '2025-01-09')));
  if (!template) throw new Error('no stored record');
  const days: string[] = [];
  for (let d = '2025-03-01'; d <= '2025-03-31'; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
  const store = async (strategyId: number, businessDate: string, riskScore: number) => {
    const values = {
      ...template,
      strategyId,
      businessDate,
      atClose: true,
      record: { ...template.record, riskScore },
      computedAt: atJst(businessDate, 15 * 3600 + 45 * 60),
    };
    await t.db
      .insert(strategyRecordSnapshots)
      .values(values)
      .onConflictDoUpdate({ target: [strategyRecordSnapshots.strategyId, strategyRecordSnapshots.businessDate], set: values });
  };
  // B: 7 on every business day (20, the 20th a holiday); a Saturday's row at 1 is not a business day's.
  for (const d of days) await store(monthlyB, d, 7);
  await store(monthlyB, '2025-03-15', 1);
  // C: 7 but one day at 6, an average of 6.95.
  for (const [i, d] of days.entries()) await store(monthlyC, d, i === 0 ? 6 : 7);
  expect(days).toHaveLength(20);

  // March has not ended: open.
  const g2 = await createTrader(t, 1_000_000n);
  expect((await listed(g2, monthlyB)).closedToNewCopiers).toBeNull();
  expect(await strategy(t.app, 'follow', followForm(monthlyB, '50000', DEADLINE), g2)).toMatchObject({ status: 1 });

  // Tuesday 1 April: March is judged. B is closed through 30 April; C (6.95) is open.
  await moveTo(jstDate(2025, 4, 1, 10, 0));
  const h = await createTrader(t, 1_000_000n);
  const journals = (await t.db.select().from(ledgerJournal)).length;
  const refusal = { rule: 'risk-closed', monthlyAverage: '7.00', threshold: 7, until: '2025-04-30', month: '2025-03', days: 20 };
  expect(await strategy(t.app, 'follow', followForm(monthlyB, '50000', DEADLINE), h)).toEqual({ status: 0, msg: MSG.followClosedRiskScore, data: refusal });
  await expectNothingDone(h, 1_000_000n, journals);
  expect((await listed(h, monthlyB)).closedToNewCopiers).toEqual({
    until: '2025-04-30',
    reason: { kind: 'monthly', score: '7.00', threshold: 7, date: '2025-03', days: 20 },
  });
  expect((await listed(h, monthlyC)).closedToNewCopiers).toBeNull();
  // The follower who joined in March carries on.
  const [g2Following] = await t.db.select().from(strategyFollowings).where(eq(strategyFollowings.userId, g2.user.id));
  expect(g2Following?.status).toBe('inProgress');

  // Wednesday 30 April still closed; Thursday 1 May open.
  await moveTo(jstDate(2025, 4, 30, 10, 0));
  expect(await strategy(t.app, 'follow', followForm(monthlyB, '50000', DEADLINE), h)).toMatchObject({ status: 0, data: refusal });
  await moveTo(jstDate(2025, 5, 1, 10, 0));
  expect(await strategy(t.app, 'follow', followForm(monthlyB, '50000', DEADLINE), h)).toMatchObject({ status: 1, msg: MSG.followSuccess });
  expect((await checkLedger(t.db)).balanced).toBe(true);
});

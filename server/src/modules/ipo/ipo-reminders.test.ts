// The win notice names the payment deadline (JST, as each language writes it), and unpaid
// winners are reminded on the business day before the deadline and on its morning: once each,
// however often the clock's sweep runs, and not after paying.
import { and, eq } from 'drizzle-orm';
import { jstDate } from '../../clock';
import { siteMessages } from '../identity';
import { outbox } from '../../notifications/schema';
import { drawIssue, reminderInstants, setOfferPrice, sweepIssues } from './lifecycle';
import type { IpoApplication } from '@kabuto/shared-sdk/schemas';
import { apply, createFundedCustomer, FUND_PASSWORD, idemKey, ipo, openIssue, OPERATOR, useIpoTestApp, type TestCustomer } from './testing/ipo-test-kit';

const t = useIpoTestApp();

const messagesOf = async (c: TestCustomer, kind: string) =>
  t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, c.user.id), eq(siteMessages.kind, kind)));

test('reminders fall at 08:00 JST on the business day before the deadline (over a weekend and a holiday) and on its day', () => {
  // Thursday deadline: Wednesday and Thursday mornings.
  expect(reminderInstants(jstDate(2025, 1, 9, 15, 0))).toEqual({ dayBefore: jstDate(2025, 1, 8, 8, 0), morning: jstDate(2025, 1, 9, 8, 0) });
  // Tuesday 14 January 2025 follows 成人の日 (Monday 13th) and a weekend: Friday 10th.
  expect(reminderInstants(jstDate(2025, 1, 14, 11, 0))).toEqual({ dayBefore: jstDate(2025, 1, 10, 8, 0), morning: jstDate(2025, 1, 14, 8, 0) });
});

test('the win notice names the deadline; unpaid winners get each reminder once, payers none', async () => {
  // Book-building closes at once (the clock stands at 2025-01-06 10:00 JST), lottery at 10:02, deadline Thursday 15:00.
  const start = t.clock.now().getTime();
  const deadline = jstDate(2025, 1, 9, 15, 0);
  const issue = await openIssue(t, {
    unitsAvailable: 300,
    bookBuildingEnd: new Date(start + 60_000),
    lotteryAt: new Date(start + 120_000),
    paymentDeadline: deadline,
    listingAt: jstDate(2025, 1, 15, 9, 0),
  });
  const payer = await createFundedCustomer(t, 1_000_000n);
  const late = await createFundedCustomer(t, 1_000_000n);
  const waiver = await createFundedCustomer(t, 1_000_000n);
  for (const c of [payer, late, waiver]) expect((await apply(t, c, issue.code, 100)).status).toBe(1);

  t.clock.set(new Date(start + 120_000));
  await drawIssue(t.deps, OPERATOR, issue.code, 'test');
  const [won] = await messagesOf(late, 'ipo_draw_result');
  // zh-TW writes a thin space between date and time (the screens' formatDateTime, the same text).
  expect(won?.body).toEqual({
    tw: `${issue.code} 中籤 100 股。請於繳款期限 2025/01/09\u200915:00（日本時間） 前繳款或放棄（模擬）。`,
    jp: `${issue.code} に 100 株当選しました。購入期限 2025/01/09 15:00（日本時間） までに購入または辞退してください（シミュレーション）。`,
    en: `${issue.code}: you won 100 shares. Pay or waive before the payment deadline, 09/01/2025, 15:00 JST (simulated).`,
  });
  // The push copy carries the same text.
  const pushes = (await t.db.select().from(outbox)).filter((o) => o.channel === 'push' && o.body.includes(issue.code));
  expect(pushes.some((o) => o.body.includes('15:00'))).toBe(true);

  await setOfferPrice(t.deps, OPERATOR, issue.code, 950, 'test');
  const mine = await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, payer);
  const paid = await ipo(t.app, 'pay', { id: mine.data.list[0]!.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, payer);
  expect(paid.status).toBe(1);
  const waiverApp = (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, waiver)).data.list[0]!;
  expect((await ipo(t.app, 'waive', { id: waiverApp.id }, waiver)).status).toBe(1);

  // A minute before the day-before reminder: nothing.
  t.clock.set(jstDate(2025, 1, 8, 7, 59));
  await sweepIssues(t.deps);
  expect(await messagesOf(late, 'ipo_payment_reminder')).toHaveLength(0);

  t.clock.set(jstDate(2025, 1, 8, 8, 0));
  await sweepIssues(t.deps);
  await sweepIssues(t.deps);
  // A restart: new deps, the same database.
  await sweepIssues({ ...t.deps });
  t.clock.set(jstDate(2025, 1, 8, 15, 0));
  await sweepIssues(t.deps);
  const dayBefore = await messagesOf(late, 'ipo_payment_reminder');
  expect(dayBefore).toHaveLength(1);
  expect(dayBefore[0]?.body).toEqual({
    tw: `${issue.code} 中籤 100 股尚未繳款。繳款期限為2025/01/09\u200915:00（日本時間），逾期視為放棄（模擬）。`,
    jp: `${issue.code} の当選 100 株はまだ購入されていません。購入期限は2025/01/09 15:00（日本時間） です。期限を過ぎると辞退扱いになります（シミュレーション）。`,
    en: `${issue.code}: the 100 shares you won are not paid yet. The payment deadline is 09/01/2025, 15:00 JST; after it they are waived (simulated).`,
  });

  t.clock.set(jstDate(2025, 1, 9, 8, 0));
  await Promise.all([sweepIssues(t.deps), sweepIssues(t.deps)]);
  t.clock.set(jstDate(2025, 1, 9, 14, 59));
  await sweepIssues(t.deps);
  const both = await messagesOf(late, 'ipo_payment_reminder');
  expect(both).toHaveLength(2);
  expect(both.map((m) => m.body.en).sort()[1]).toContain('The payment deadline is today, 09/01/2025, 15:00 JST');

  // Paid and waived winners are not reminded.
  expect(await messagesOf(payer, 'ipo_payment_reminder')).toHaveLength(0);
  expect(await messagesOf(waiver, 'ipo_payment_reminder')).toHaveLength(0);
});

test('a draw after the reminder instant sends the win notice only, not a reminder on top', async () => {
  // Lottery on the deadline's morning after 08:00: the day-before and morning reminders are already past.
  t.clock.set(jstDate(2025, 1, 20, 9, 0));
  const start = t.clock.now().getTime();
  const issue = await openIssue(t, {
    bookBuildingEnd: new Date(start + 60_000),
    lotteryAt: new Date(start + 120_000),
    paymentDeadline: jstDate(2025, 1, 20, 15, 0),
    listingAt: jstDate(2025, 1, 22, 9, 0),
  });
  const c = await createFundedCustomer(t, 1_000_000n);
  expect((await apply(t, c, issue.code, 100)).status).toBe(1);
  t.clock.set(new Date(start + 120_000));
  await sweepIssues(t.deps);
  t.clock.set(jstDate(2025, 1, 20, 10, 0));
  await sweepIssues(t.deps);
  expect(await messagesOf(c, 'ipo_draw_result')).toHaveLength(1);
  expect(await messagesOf(c, 'ipo_payment_reminder')).toHaveLength(0);
});

// The IPO journey as customers and operators take it: apply (escrow) → close → draw (losers
// refunded) → pay / waive → deadline → listing (holdings); every bad input refused with a
// catalogue message and nothing moved; one application per customer even in parallel.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { verifyDraw, type IpoApplication, type IpoDrawPublication, type IpoIssuePage } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../funds';
import { siteMessages } from '../identity';
import { outbox } from '../../notifications/schema';
import { tradingPositions } from '../trading';
import { closeBookBuilding, drawIssue, listIssue, setOfferPrice, sweepIssues } from './lifecycle';
import { ipoApplications } from './schema';
import { seedIpoDemo } from './seed';
import {
  apply,
  cashOf,
  createFundedCustomer,
  escrowOf,
  FUND_PASSWORD,
  idemKey,
  ipo,
  openIssue,
  OPERATOR,
  useIpoTestApp,
  type TestCustomer,
} from './testing/ipo-test-kit';

const t = useIpoTestApp();

const MILLION = 1_000_000n;

function publicDraw(code: string) {
  return ipo<IpoDrawPublication>(t.app, 'draw', { code });
}

test('apply → close → draw → pay / waive / refund → listing: money and statuses at each step', async () => {
  const issue = await openIssue(t, { unitsAvailable: 200, lotteryModel: 'perCustomer' });
  const customers: TestCustomer[] = [];
  for (let i = 0; i < 4; i++) customers.push(await createFundedCustomer(t, MILLION));
  for (const c of customers) {
    const a = await apply(t, c, issue.code, 100);
    expect(a.msg).toBe(MSG.subscribeSuccess);
    expect((a.data as IpoApplication).status).toBe('applying');
  }
  // Escrow: 100 × 1,000 yen moved out of each customer's cash.
  for (const c of customers) {
    expect(await cashOf(t, c)).toBe(MILLION - 100_000n);
    expect(await escrowOf(t, c)).toBe(100_000n);
  }
  // The draw publishes nothing but the commitment while applications are open.
  const before = (await publicDraw(issue.code)).data;
  expect(before.applications).toBeNull();
  expect(before.seed).toBeNull();
  expect(before.commitment).toBe(issue.commitment);

  await closeBookBuilding(t.deps, OPERATOR, issue.code, 'test');
  const late = await createFundedCustomer(t, MILLION);
  expect((await apply(t, late, issue.code, 100)).msg).toBe(MSG.subscriptionChannelClosed);
  expect(await cashOf(t, late)).toBe(MILLION);
  const mine = await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, customers[0]);
  expect(mine.data.list[0]?.status).toBe('awaitingDraw');

  await drawIssue(t.deps, OPERATOR, issue.code, 'test');
  await expect(drawIssue(t.deps, OPERATOR, issue.code, 'again')).rejects.toMatchObject({ msgKey: MSG.ipoAlreadyDrawn });
  const pub = (await publicDraw(issue.code)).data;
  expect(pub.seed).not.toBeNull();
  expect(pub.applications).toHaveLength(4);
  expect(pub.winners).toHaveLength(2);
  const input = { seed: pub.seed!, model: pub.model, lotsAvailable: pub.lotsAvailable, applications: pub.applications! };
  expect(verifyDraw(input, pub.winners!)).toBe(true);

  const views = await Promise.all(customers.map(async (c) => (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, c)).data.list[0]!));
  const winners = customers.filter((_, i) => views[i]!.status === 'won');
  const losers = customers.filter((_, i) => views[i]!.status === 'lost');
  expect(winners).toHaveLength(2);
  expect(losers).toHaveLength(2);
  for (const c of losers) {
    expect(await cashOf(t, c)).toBe(MILLION);
    expect(await escrowOf(t, c)).toBe(0n);
  }
  // Every applicant got a site message and a push notice about the result.
  for (const c of customers) {
    expect((await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id))).some((m) => m.kind === 'ipo_draw_result')).toBe(true);
  }
  expect((await t.db.select().from(outbox)).filter((o) => o.channel === 'push').length).toBeGreaterThanOrEqual(4);

  // 前期型: drawn before the price is fixed — nothing to pay yet.
  const [payer, waiver] = winners as [TestCustomer, TestCustomer];
  const payerApp = views[customers.indexOf(payer)]!;
  const waiverApp = views[customers.indexOf(waiver)]!;
  expect((await ipo(t.app, 'pay', { id: payerApp.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, payer)).msg).toBe(MSG.ipoOfferPriceMissing);
  await setOfferPrice(t.deps, OPERATOR, issue.code, 950, 'test');

  const loserApp = views[customers.indexOf(losers[0]!)]!;
  expect((await ipo(t.app, 'pay', { id: loserApp.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, losers[0])).msg).toBe(MSG.ipoNotWon);
  expect((await ipo(t.app, 'pay', { id: payerApp.id, fundPassword: '135799', idempotencyKey: idemKey() }, payer)).msg).toBe(MSG.wrongFundPassword);
  const key = idemKey();
  const paid = await ipo<IpoApplication>(t.app, 'pay', { id: payerApp.id, fundPassword: FUND_PASSWORD, idempotencyKey: key }, payer);
  expect(paid.msg).toBe(MSG.ipoPaySuccess);
  expect(paid.data.status).toBe('paid');
  // Retry with the same key: the same answer, nothing moves.
  const again = await ipo<IpoApplication & { replayed?: true }>(t.app, 'pay', { id: payerApp.id, fundPassword: FUND_PASSWORD, idempotencyKey: key }, payer);
  expect(again.data.replayed).toBe(true);
  // Paid 100 × 950; the 100 × 50 excess came back.
  expect(await cashOf(t, payer)).toBe(MILLION - 95_000n);
  expect(await escrowOf(t, payer)).toBe(0n);
  expect((await ipo(t.app, 'waive', { id: payerApp.id }, payer)).msg).toBe(MSG.ipoAlreadyPaid);

  expect((await ipo(t.app, 'waive', { id: waiverApp.id }, waiver)).msg).toBe(MSG.ipoWaiveSuccess);
  expect((await ipo(t.app, 'waive', { id: waiverApp.id }, waiver)).msg).toBe(MSG.ipoAlreadyWaived);
  expect(await cashOf(t, waiver)).toBe(MILLION);

  await listIssue(t.deps, OPERATOR, issue.code, 'test');
  const [holding] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, payer.user.id));
  expect(holding).toMatchObject({ code: issue.code, status: 'holding', product: 'cash', openQuantity: 100 });
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('bad quantities, a second application and applying before the start: catalogue messages, nothing moved', async () => {
  const issue = await openIssue(t, { maxUnitsPerCustomer: 300 });
  const c = await createFundedCustomer(t, MILLION);
  expect((await apply(t, c, issue.code, 0)).msg).toBe(MSG.ipoUnitsNotPositive);
  expect((await apply(t, c, issue.code, -100)).msg).toBe(MSG.ipoUnitsNotPositive);
  expect((await apply(t, c, issue.code, 150)).msg).toBe(MSG.ipoUnitsNotWholeLots);
  expect((await apply(t, c, issue.code, '1.5')).msg).toBe(MSG.ipoUnitsNotWholeLots);
  expect((await apply(t, c, issue.code, 400)).msg).toBe(MSG.ipoUnitsAboveMax);
  expect((await apply(t, c, issue.code, 100, { fundPassword: '999999' })).msg).toBe(MSG.wrongFundPassword);
  expect((await apply(t, c, 'ZZZZ', 100)).msg).toBe(MSG.ipoIssueNotFound);
  const poor = await createFundedCustomer(t, 50_000n);
  expect((await apply(t, poor, issue.code, 100)).msg).toBe(MSG.insufficientBuyingPower);
  expect(await cashOf(t, c)).toBe(MILLION);
  expect(await cashOf(t, poor)).toBe(50_000n);
  expect((await apply(t, c, issue.code, 200)).status).toBe(1);
  expect((await apply(t, c, issue.code, 100)).msg).toBe(MSG.subscribeOnceOnly);
  expect(await cashOf(t, c)).toBe(MILLION - 200_000n);

  const later = await openIssue(t, {
    bookBuildingStart: new Date(t.clock.now().getTime() + 10_000),
    bookBuildingEnd: new Date(t.clock.now().getTime() + 60_000),
  });
  expect((await apply(t, c, later.code, 100)).msg).toBe(MSG.subscriptionNotStarted);
  const list = await ipo<IpoIssuePage>(t.app, 'list', {}, c);
  expect(list.data.list.find((i) => i.code === later.code)).toMatchObject({ status: 'upcoming', commitment: null, actions: [] });
});

test('parallel applications of one customer with different keys: exactly one stored, one escrow', async () => {
  const issue = await openIssue(t);
  const c = await createFundedCustomer(t, MILLION);
  const answers = await Promise.all(Array.from({ length: 6 }, () => apply(t, c, issue.code, 100)));
  expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
  expect(answers.filter((a) => a.status !== 1).every((a) => a.msg === MSG.subscribeOnceOnly || a.msg === MSG.fundOperationInProgress)).toBe(true);
  expect(await t.db.select().from(ipoApplications).where(eq(ipoApplications.userId, c.user.id))).toHaveLength(1);
  expect(await escrowOf(t, c)).toBe(100_000n);
});

test('after the deadline an unpaid winner is waived by the clock and refunded; paying then is refused', async () => {
  const issue = await openIssue(t, { offerPrice: 1000 });
  const c = await createFundedCustomer(t, MILLION);
  const applied = await apply(t, c, issue.code, 100);
  t.clock.advance(121_000);
  await sweepIssues(t.deps); // lottery time: the clock draws
  const [row] = await t.db.select().from(ipoApplications).where(eq(ipoApplications.userId, c.user.id));
  expect(row?.state).toBe('won');
  t.clock.advance(3600_000);
  expect((await ipo(t.app, 'pay', { id: (applied.data as IpoApplication).id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c)).msg).toBe(
    MSG.ipoPaymentDeadlinePassed,
  );
  await sweepIssues(t.deps);
  const [after] = await t.db.select().from(ipoApplications).where(eq(ipoApplications.userId, c.user.id));
  expect(after).toMatchObject({ state: 'waived', waivedBy: 'deadline', escrowed: 0n });
  expect(await cashOf(t, c)).toBe(MILLION);
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 60_000);

test('the demo seed shows every issue status, labelled simulated, and seeding twice adds nothing', async () => {
  await seedIpoDemo(t.deps);
  await seedIpoDemo(t.deps);
  const c = await createFundedCustomer(t, 0n);
  const list = (await ipo<IpoIssuePage>(t.app, 'list', { size: 50 }, c)).data.list.filter((i) => i.code.startsWith('9Q'));
  expect(list.map((i) => [i.code, i.status]).sort()).toEqual([
    ['9Q1A', 'upcoming'],
    ['9Q2A', 'applying'],
    ['9Q3A', 'ended'],
    ['9Q4A', 'drawn'],
    ['9Q5A', 'listed'],
  ]);
  for (const i of list) expect(i.name.en.startsWith('(Simulated)')).toBe(true);
});

// Daily sign-in and coupons against the real app on PGlite: parallel taps give one sign-in and one
// reward; three business days earn the streak's cash coupon; it is redeemed once (parallel redeems
// give one posting, marketing expense to cash); used, expired, another customer's and
// not-applicable coupons are refused with the catalogue message and nothing posted; a missed
// business day resets the streak; operator campaigns are audited; referral coupons are granted once.
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponRedemption, CouponsAnswer, CouponView, SignInResult, SignInStatus } from '@kabuto/shared-sdk/schemas';
import { checkLedger, ledgerJournal, userAccountBalance } from '../funds';
import { inviteCodes, users } from '../identity';
import { auditLog } from '../ops';
import { grantReferralCoupons } from './coupons/referral';
import { rewardCoupons, rewardSignIns } from './schema';
import {
  createCustomer,
  DAY_MS,
  idemKey,
  OPEN_HOURS,
  opsRewards,
  rewards,
  startRewardsTestApp,
  type RewardsTestContext,
  type TestCustomer,
} from './testing/rewards-test-kit';

let t: RewardsTestContext;

beforeAll(async () => {
  t = await startRewardsTestApp();
}, 60_000);
afterAll(async () => t.close());
beforeEach(() => t.clock.set(OPEN_HOURS));

async function journals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal);
  return Number(row?.n ?? 0);
}

const signIn = (c: TestCustomer) => rewards<SignInResult>(t.app, 'signIn', {}, c);
const coupons = async (c: TestCustomer) => (await rewards<CouponsAnswer>(t.app, 'coupons', {}, c)).data;
const redeem = (c: TestCustomer, couponId: number | string, key = idemKey()) =>
  rewards<CouponRedemption>(t.app, 'redeem', { couponId, idempotencyKey: key }, c);

/** Signs in on Mon, Tue and Wed of the test week: the streak-3 cash coupon. */
async function streakCoupon(c: TestCustomer): Promise<CouponView> {
  for (let day = 0; day < 3; day += 1) {
    t.clock.set(new Date(OPEN_HOURS.getTime() + day * DAY_MS));
    expect(await signIn(c)).toMatchObject({ status: 1, data: { streak: day + 1, already: false } });
  }
  const usable = (await coupons(c)).usable;
  expect(usable).toHaveLength(1);
  return usable[0] as CouponView;
}

describe('daily sign-in', () => {
  it('parallel taps on one business day give one sign-in and one reward', async () => {
    const c = await createCustomer(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => signIn(c)));
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(answers.filter((a) => !a.data.already)).toHaveLength(1);
    expect(answers.filter((a) => a.data.already).every((a) => a.msg === MSG.signInAlreadyDone)).toBe(true);
    const [row] = await t.db.select({ n: count() }).from(rewardSignIns).where(eq(rewardSignIns.userId, c.user.id));
    expect(Number(row?.n)).toBe(1);
    const status = await rewards<SignInStatus>(t.app, 'signInStatus', {}, c);
    expect(status.data).toMatchObject({ today: '2025-01-06', businessDay: true, signedInToday: true, streak: 1, points: 10 });
    expect(status.data.calendar.at(-1)).toEqual({ date: '2025-01-06', signedIn: true });
    expect(status.data.rewards.map((r) => r.streak)).toEqual([1, 3, 7, 30]);
  });

  it('a day that is not a business day is refused and breaks nothing', async () => {
    const c = await createCustomer(t);
    t.clock.set(new Date(OPEN_HOURS.getTime() + 5 * DAY_MS)); // Saturday
    expect(await signIn(c)).toMatchObject({ status: 0, msg: MSG.signInNotBusinessDay });
  });

  it('three business days earn the cash coupon; a missed business day starts the streak again', async () => {
    const c = await createCustomer(t);
    const coupon = await streakCoupon(c);
    expect(coupon).toMatchObject({ kind: 'cash', source: 'sign-in-streak', value: { minor: '100' }, expiresOn: '2025-02-07', state: 'usable' });
    // Thursday missed: Friday is a new streak of 1, and the status says so.
    t.clock.set(new Date(OPEN_HOURS.getTime() + 4 * DAY_MS));
    expect((await rewards<SignInStatus>(t.app, 'signInStatus', {}, c)).data.streak).toBe(0);
    expect(await signIn(c)).toMatchObject({ status: 1, data: { streak: 1, coupon: null } });
  });

  it('a weekend and a holiday do not break the streak', async () => {
    const c = await createCustomer(t);
    // Thu 9, Fri 10, then Tue 14: Mon 13 is Coming of Age Day, no business day.
    for (const day of [3, 4, 8]) {
      t.clock.set(new Date(OPEN_HOURS.getTime() + day * DAY_MS));
      await signIn(c);
    }
    t.clock.set(new Date(OPEN_HOURS.getTime() + 7 * DAY_MS));
    expect(await signIn(c)).toMatchObject({ status: 0, msg: MSG.signInNotBusinessDay });
    t.clock.set(new Date(OPEN_HOURS.getTime() + 8 * DAY_MS));
    const status = (await rewards<SignInStatus>(t.app, 'signInStatus', {}, c)).data;
    expect(status).toMatchObject({ today: '2025-01-14', streak: 3, signedInToday: true });
    expect(status.calendar.slice(-4)).toEqual([
      { date: '2025-01-08', signedIn: false },
      { date: '2025-01-09', signedIn: true },
      { date: '2025-01-10', signedIn: true },
      { date: '2025-01-14', signedIn: true },
    ]);
  });
});

describe('coupons', () => {
  it('a cash coupon is redeemed once: parallel redeems give one posting from marketing expense', async () => {
    const c = await createCustomer(t);
    const coupon = await streakCoupon(c);
    const before = await journals();
    const answers = await Promise.all([redeem(c, coupon.id), redeem(c, coupon.id), redeem(c, coupon.id)]);
    const done = answers.filter((a) => a.status === 1);
    expect(done).toHaveLength(1);
    expect(answers.filter((a) => a.status === 0).every((a) => a.msg === MSG.couponAlreadyUsed)).toBe(true);
    expect(await journals()).toBe(before + 1);
    expect(done[0]?.data.postings).toEqual([
      { account: 'marketing_expense:JPY', amount: { currency: 'JPY', minor: '-100', amount: '-100' } },
      { account: `customer_cash:JPY:u${c.user.id}`, amount: { currency: 'JPY', minor: '100', amount: '100' } },
    ]);
    expect(await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY')).toBe(100n);
    expect((await checkLedger(t.db)).balanced).toBe(true);
    const after = await coupons(c);
    expect(after.usable).toHaveLength(0);
    expect(after.used[0]).toMatchObject({ id: coupon.id, state: 'used', usedFor: `journal:${done[0]?.data.journalId}` });
  });

  it('the same key answers the same redemption again and posts nothing', async () => {
    const c = await createCustomer(t);
    const coupon = await streakCoupon(c);
    const key = idemKey();
    const first = await redeem(c, coupon.id, key);
    const before = await journals();
    const again = await redeem(c, coupon.id, key);
    expect(again).toMatchObject({ status: 1, data: { journalId: first.data.journalId, replayed: true } });
    expect(await journals()).toBe(before);
  });

  it('refuses another customer’s, an expired, a fee-discount and an unknown coupon, posting nothing', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const coupon = await streakCoupon(owner);
    t.clock.set(new Date(OPEN_HOURS.getTime() + 2 * DAY_MS));
    const before = await journals();
    expect(await redeem(other, coupon.id)).toMatchObject({ status: 0, msg: MSG.couponNotYours });
    expect(await redeem(owner, 999_999)).toMatchObject({ status: 0, msg: MSG.couponNotFound });
    expect(await redeem(owner, 'abc')).toMatchObject({ status: 0, msg: MSG.couponNotFound });
    expect(await rewards(t.app, 'redeem', { couponId: coupon.id }, owner)).toMatchObject({ status: 0, msg: MSG.idempotencyKeyRequired });

    const discount = await opsRewards<CouponView>(t, 'POST', '/campaign', {
      account: owner.user.account,
      kind: 'fee-discount',
      value: '300',
      minOrderValue: '100000',
      expiresOn: '2025-01-09',
      campaign: 'winter-fees',
      reason: 'winter campaign',
    });
    expect(discount).toMatchObject({ status: 1, msg: MSG.couponGranted, data: { kind: 'fee-discount', minOrderValue: { minor: '100000' } } });
    expect(await redeem(owner, discount.data.id)).toMatchObject({ status: 0, msg: MSG.couponNotApplicable });

    // Past its expiry (Thursday's date), the cash coupon is refused as expired.
    t.clock.set(new Date(OPEN_HOURS.getTime() + 40 * DAY_MS));
    expect(await redeem(owner, coupon.id)).toMatchObject({ status: 0, msg: MSG.couponExpired, data: { rule: 'expiry', expiresOn: '2025-02-07' } });
    expect((await coupons(owner)).expired.map((x) => x.id).sort()).toEqual([coupon.id, discount.data.id].sort());
    expect(await journals()).toBe(before);
    expect(await userAccountBalance(t.db, owner.user.id, 'customer_cash', 'JPY')).toBe(0n);
  });

  it('an operator campaign is audited, once per customer, with an expiry after today', async () => {
    const c = await createCustomer(t);
    const grant = { account: c.user.account, kind: 'cash', value: '200', expiresOn: '2025-03-31', campaign: 'spring', reason: 'welcome back' };
    expect(await opsRewards(t, 'POST', '/campaign', { ...grant, expiresOn: '2025-01-06' })).toMatchObject({ status: 0, msg: MSG.couponExpiryInvalid });
    expect(await opsRewards(t, 'POST', '/campaign', { ...grant, value: '0' })).toMatchObject({ status: 0, msg: MSG.couponValueInvalid });
    expect(await opsRewards(t, 'POST', '/campaign', grant)).toMatchObject({ status: 1, data: { source: 'campaign', sourceDetail: 'spring' } });
    expect(await opsRewards(t, 'POST', '/campaign', grant)).toMatchObject({ status: 0, msg: MSG.couponAlreadyGranted });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rewards.coupon.grant'), eq(auditLog.targetUserId, c.user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operator: t.operator.name, reason: 'welcome back' });
  });

  it('registering with an agent member’s invitation code gives one referral coupon', async () => {
    const agent = await createCustomer(t, { role: 'agent' });
    const [code] = await t.db.insert(inviteCodes).values({ code: 'AGENT1', issuerUserId: agent.user.id, createdAt: t.clock.now() }).returning();
    const invited = await createCustomer(t);
    await t.db.update(users).set({ inviteCodeId: code?.id }).where(eq(users.id, invited.user.id));
    expect(await grantReferralCoupons(t.deps)).toBe(1);
    expect(await grantReferralCoupons(t.deps)).toBe(0);
    const mine = await t.db.select().from(rewardCoupons).where(eq(rewardCoupons.userId, invited.user.id));
    expect(mine).toMatchObject([{ source: 'referral', kind: 'cash', value: 500n, expiresOn: '2025-04-06' }]);
  });
});

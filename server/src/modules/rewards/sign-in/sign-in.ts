// Daily sign-in (docs/dividends.md "Daily sign-in"): once per business day on the business
// clock's JST date. The unique index on (customer, date) is the idempotency: parallel taps all
// try the insert, one writes, the rest find it and answer it with `already` and no reward.
// The streak counts consecutive business days; a missed business day starts it again at 1, and
// nothing restores it.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { SignInDay, SignInResult, SignInRewardRow, SignInStatus } from '@kabuto/shared-sdk/schemas';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { refuse } from '../../funds';
import { businessDayOnOrBefore, isBusinessDay, previousBusinessDay } from '../../market';
import type { RewardsConfig } from '../config';
import type { RewardsDeps } from '../deps';
import { rewardCoupons, rewardSignIns } from '../schema';
import { businessToday, couponView, grantCoupon, jpy, ruleGrant } from '../coupons/coupons';

/** The published table: points every day, a coupon at the milestone streaks. */
export function rewardTable(config: RewardsConfig): SignInRewardRow[] {
  const rows: SignInRewardRow[] = [{ streak: 1, points: config.pointsPerDay, coupon: null }];
  for (const [streak, c] of [...config.streakCoupons].sort((a, b) => a[0] - b[0])) {
    rows.push({ streak, points: config.pointsPerDay, coupon: { kind: c.kind, value: jpy(c.value), validDays: c.validDays } });
  }
  return rows;
}

/** The streak a sign-in on `date` makes, given the customer's last sign-in before it. */
export function streakOn(date: string, last: { date: string; streak: number } | undefined): number {
  return last && last.date === previousBusinessDay(date) ? last.streak + 1 : 1;
}

export async function signIn(deps: RewardsDeps, userId: number): Promise<OkEnvelope<SignInResult>> {
  const today = businessToday(deps);
  if (!isBusinessDay(today)) refuse(MSG.signInNotBusinessDay, { rule: 'business-days-only', today });
  const result = await deps.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ date: rewardSignIns.date, streak: rewardSignIns.streak })
      .from(rewardSignIns)
      .where(and(eq(rewardSignIns.userId, userId), lt(rewardSignIns.date, today)))
      .orderBy(desc(rewardSignIns.date))
      .limit(1);
    const streak = streakOn(today, last);
    const [written] = await tx
      .insert(rewardSignIns)
      .values({ userId, date: today, streak, points: deps.config.pointsPerDay, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: [rewardSignIns.userId, rewardSignIns.date] })
      .returning();
    if (!written) {
      const [existing] = await tx
        .select()
        .from(rewardSignIns)
        .where(and(eq(rewardSignIns.userId, userId), eq(rewardSignIns.date, today)))
        .limit(1);
      const [coupon] = await tx
        .select()
        .from(rewardCoupons)
        .where(and(eq(rewardCoupons.userId, userId), eq(rewardCoupons.sourceKey, `streak:${existing?.streak ?? 0}:${today}`)))
        .limit(1);
      const answer: SignInResult = {
        date: today,
        streak: existing?.streak ?? streak,
        points: existing?.points ?? 0,
        coupon: coupon ? couponView(coupon, today) : null,
        already: true,
      };
      return answer;
    }
    const rule = deps.config.streakCoupons.get(streak);
    const coupon = rule ? await grantCoupon(deps, tx, ruleGrant(userId, rule, 'sign-in-streak', `streak:${streak}:${today}`, today)) : null;
    const answer: SignInResult = { date: today, streak, points: written.points, coupon: coupon ? couponView(coupon, today) : null, already: false };
    return answer;
  });
  return ok(result, result.already ? MSG.signInAlreadyDone : MSG.signInDone);
}

/** The last `n` business days ending on `end`, oldest first. */
function businessDaysEnding(end: string, n: number): string[] {
  const days = [end];
  while (days.length < n) days.unshift(previousBusinessDay(days[0] as string));
  return days;
}

export async function signInStatus(deps: RewardsDeps, userId: number): Promise<SignInStatus> {
  const today = businessToday(deps);
  const businessDay = isBusinessDay(today);
  const end = businessDayOnOrBefore(today);
  const days = businessDaysEnding(end, deps.config.calendarDays);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ date: rewardSignIns.date, streak: rewardSignIns.streak })
      .from(rewardSignIns)
      .where(and(eq(rewardSignIns.userId, userId), gte(rewardSignIns.date, days[0] as string)))
      .orderBy(desc(rewardSignIns.date)),
    deps.db
      .select({ points: sql<string>`coalesce(sum(${rewardSignIns.points}), 0)` })
      .from(rewardSignIns)
      .where(eq(rewardSignIns.userId, userId)),
  ]);
  const signed = new Set(rows.map((r) => r.date));
  const calendar: SignInDay[] = days.map((date) => ({ date, signedIn: signed.has(date) }));
  const latest = rows[0];
  // The streak stands while its last day is today or the business day before (today not yet signed).
  const alive = latest !== undefined && (latest.date === end || (businessDay && latest.date === previousBusinessDay(today)));
  return {
    today,
    businessDay,
    signedInToday: signed.has(today),
    streak: alive ? latest.streak : 0,
    points: Number(total?.points ?? 0),
    calendar,
    rewards: rewardTable(deps.config),
  };
}

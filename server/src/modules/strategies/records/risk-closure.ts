// Closed to new copiers after a high risk score (docs/strategies.md §2, eToro's rule from
// 2022-03-28 [CT3]). A business day's risk score is its at-close stored record's (records/stored.ts:
// the row the close sweep, or the first read after the close, stores at closing prices); a calendar
// month's average is the mean of its business days' at-close scores, judged once the month has
// ended. Only new follows are refused: followings in progress, and the trust's own following
// (created by the operator, not by strategy/follow), carry on.
import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { CopierClosure } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { addDays, addMonths, isBusinessDay, jstDateKey } from '../../market';
import type { StrategiesConfig } from '../config';
import type { StrategiesDeps } from '../deps';
import { strategyRecordSnapshots } from './schema';

type PauseRules = StrategiesConfig['copierPause'];

export interface DailyScore {
  businessDate: string;
  riskScore: number;
}

/** The last date closed after a daily breach: `months` calendar months on, at most the month's last day (Jan 31 + 2 → Mar 31, Dec 31 + 2 → Feb 28/29). */
export function dailyClosedUntil(date: string, months: number): string {
  return addMonths(date, months);
}

/** The last date closed after a month ('YYYY-MM') averaged too high: the last day of the `months`-th calendar month after it. */
export function monthlyClosedUntil(month: string, months: number): string {
  return addDays(addMonths(`${month}-01`, months + 1), -1);
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The stored dates that can still close a strategy today: high daily scores from the first of the
 * month `dailyMonths` back (a superset: the exact cut is made on each date), and every score of
 * the months whose closure may not have run out, up to the current month (not yet judged).
 */
export function closureWindow(today: string, rules: PauseRules): { dailyFrom: string; monthlyFrom: string; monthlyBefore: string } {
  const thisMonth = firstOfMonth(today);
  return { dailyFrom: firstOfMonth(addMonths(today, -rules.dailyMonths)), monthlyFrom: addMonths(thisMonth, -rules.monthlyMonths), monthlyBefore: thisMonth };
}

/** The closure in force on `now`'s JST business date, from a strategy's at-close daily scores; the later of the two rules wins. */
export function copierClosureOf(scores: readonly DailyScore[], now: Date, rules: PauseRules): CopierClosure | null {
  const today = jstDateKey(now);
  const thisMonth = today.slice(0, 7);
  const candidates: CopierClosure[] = [];
  const months = new Map<string, { sum: number; days: number }>();
  for (const s of scores) {
    // Weekend and holiday reads store at-close rows too; the rule counts business days only.
    if (!isBusinessDay(s.businessDate) || s.businessDate > today) continue;
    if (s.riskScore >= rules.dailyMinScore) {
      const until = dailyClosedUntil(s.businessDate, rules.dailyMonths);
      if (until >= today)
        candidates.push({ until, reason: { kind: 'daily', score: String(s.riskScore), threshold: rules.dailyMinScore, date: s.businessDate, days: 1 } });
    }
    const month = s.businessDate.slice(0, 7);
    if (month < thisMonth) {
      const m = months.get(month) ?? { sum: 0, days: 0 };
      months.set(month, { sum: m.sum + s.riskScore, days: m.days + 1 });
    }
  }
  for (const [month, m] of months) {
    // Compared in integers (hundredths): an average exactly at the threshold closes.
    if (m.sum * 100 < Math.round(rules.monthlyMinAverage * 100) * m.days) continue;
    const until = monthlyClosedUntil(month, rules.monthlyMonths);
    if (until < today) continue;
    const hundredths = Math.floor((m.sum * 100) / m.days);
    candidates.push({
      until,
      reason: { kind: 'monthly', score: (hundredths / 100).toFixed(2), threshold: rules.monthlyMinAverage, date: month, days: m.days },
    });
  }
  // The later until wins; on the same until, the daily breach, then the latest date.
  candidates.sort(
    (a, b) =>
      b.until.localeCompare(a.until) || Number(a.reason.kind === 'monthly') - Number(b.reason.kind === 'monthly') || b.reason.date.localeCompare(a.reason.date),
  );
  return candidates[0] ?? null;
}

/**
 * strategyId → the closure in force now (absent: open), in one statement for any number of
 * strategies: only the few at-close scores that can still matter are read (the score is taken out
 * of the stored record), nothing is recomputed.
 */
export async function copierClosures(
  deps: Pick<StrategiesDeps, 'businessClock' | 'config'>,
  db: Database,
  strategyIds: readonly number[],
): Promise<Map<number, CopierClosure>> {
  const out = new Map<number, CopierClosure>();
  if (strategyIds.length === 0) return out;
  const now = deps.businessClock.now();
  const today = jstDateKey(now);
  const rules = deps.config.copierPause;
  const w = closureWindow(today, rules);
  const s = strategyRecordSnapshots;
  const score = sql<number>`(${s.record}->>'riskScore')::int`;
  const rows = await db
    .select({ strategyId: s.strategyId, businessDate: s.businessDate, riskScore: score })
    .from(s)
    .where(
      and(
        inArray(s.strategyId, [...strategyIds]),
        eq(s.atClose, true),
        lte(s.businessDate, today),
        or(
          and(gte(s.businessDate, w.monthlyFrom), lt(s.businessDate, w.monthlyBefore)),
          and(gte(s.businessDate, w.dailyFrom), sql`${score} >= ${rules.dailyMinScore}`),
        ),
      ),
    );
  const byStrategy = new Map<number, DailyScore[]>();
  for (const r of rows) {
    const scores = byStrategy.get(r.strategyId) ?? [];
    scores.push({ businessDate: r.businessDate, riskScore: Number(r.riskScore) });
    byStrategy.set(r.strategyId, scores);
  }
  for (const [id, scores] of byStrategy) {
    const closure = copierClosureOf(scores, now, rules);
    if (closure) out.set(id, closure);
  }
  return out;
}

/** The refusal's figures (strategy/follow): the rule, the score or average, the threshold and the last closed date. */
export function closureRefusal(c: CopierClosure): Record<string, unknown> {
  const base = { rule: 'risk-closed', threshold: c.reason.threshold, until: c.until };
  return c.reason.kind === 'daily'
    ? { ...base, riskScore: Number(c.reason.score), date: c.reason.date }
    : { ...base, monthlyAverage: c.reason.score, month: c.reason.date, days: c.reason.days };
}

// T+2: sale proceeds are credited to cash at the fill but stay unsettled (usable as buying
// power, not withdrawable) until the second JST business day after the trade date
// (weekends, Japanese holidays and the 31 Dec–3 Jan closure skipped: market/rules/calendar).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { jstDateKey, nextBusinessDay, type DateKey } from '../../market';
import { tradingUnsettled } from '../schema';

/** The business day `days` business days after `tradeDate`. */
export function settlementDate(tradeDate: DateKey, days: number): DateKey {
  let d = tradeDate;
  for (let i = 0; i < days; i++) d = nextBusinessDay(d);
  return d;
}

/** Yen still unsettled for the user on `today` (JST date): settles on a later day. */
export async function unsettledYen(db: Database, userId: number, today: DateKey): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${tradingUnsettled.amount}), 0)::text` })
    .from(tradingUnsettled)
    .where(and(eq(tradingUnsettled.userId, userId), gt(tradingUnsettled.settlesOn, today)));
  return BigInt(row?.sum ?? '0');
}

export async function unsettledLines(db: Database, userId: number, today: DateKey): Promise<{ amount: bigint; settlesOn: DateKey }[]> {
  const rows = await db
    .select({ settlesOn: tradingUnsettled.settlesOn, sum: sql<string>`sum(${tradingUnsettled.amount})::text` })
    .from(tradingUnsettled)
    .where(and(eq(tradingUnsettled.userId, userId), gt(tradingUnsettled.settlesOn, today)))
    .groupBy(tradingUnsettled.settlesOn)
    .orderBy(tradingUnsettled.settlesOn);
  return rows.map((r) => ({ amount: BigInt(r.sum), settlesOn: r.settlesOn }));
}

export function todayOf(now: Date): DateKey {
  return jstDateKey(now);
}

// A strategy's holdings now, as its detail shows them: the leader's open cash long positions by
// code (shares held = opened − closed), valued at the venue's last price (previous close before
// the first trade of the day). Margin is not mirrored, so it is not a strategy holding.
import { and, eq, inArray } from 'drizzle-orm';
import type { StrategyHolding } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { toMoney } from '../../funds';
import { tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';

/** The leader's open cash long positions (holding or closing), one row per position: the shares a strategy holds. */
export function leaderCashLongs(db: Database, leaderId: number): Promise<{ code: string; open: number; closed: number }[]> {
  return db
    .select({ code: tradingPositions.code, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.userId, leaderId),
        eq(tradingPositions.product, 'cash'),
        eq(tradingPositions.direction, 'long'),
        inArray(tradingPositions.status, ['holding', 'closing']),
      ),
    );
}

export async function strategyHoldings(deps: Pick<StrategiesDeps, 'venue'>, db: Database, leaderId: number): Promise<StrategyHolding[]> {
  const rows = await leaderCashLongs(db, leaderId);
  const shares = new Map<string, number>();
  for (const r of rows) shares.set(r.code, (shares.get(r.code) ?? 0) + r.open - r.closed);
  const out: StrategyHolding[] = [];
  for (const [code, n] of [...shares].sort(([a], [b]) => a.localeCompare(b))) {
    if (n <= 0) continue;
    const q = deps.venue.quote(code);
    const tenths = q.last ?? q.previousClose;
    const name = deps.venue.instrument(code)?.name;
    out.push({
      code,
      name: name ?? { jp: code, en: code, tw: code },
      shares: n,
      lastPrice: (tenths / 10).toFixed(1),
      value: toMoney('JPY', (BigInt(n) * BigInt(tenths)) / 10n),
    });
  }
  return out;
}

// Buying power = cash − holds, where unsettled sale proceeds still count (T+2: usable to buy,
// not to withdraw). Read inside the caller's (locked) transaction.
import type { Database } from '../../../db/client';
import type { SQL } from 'drizzle-orm';
import { cashAndHeldOf, cashAndHeldQuery, type CashAndHeld } from '../../funds';
import { ACCOUNT_KINDS } from '../../funds';
import type { TradingDeps } from '../deps';
import { HOLD_UNSETTLED } from '../settlement/holds';
import { excludedFromBuying } from '../extensions';

export interface PowerFigures {
  cash: bigint;
  holds: { source: string; minor: bigint }[];
  buyingPower: bigint;
  withdrawable: bigint;
}

function figuresOf({ cash, held }: CashAndHeld): PowerFigures {
  const unsettled = held.lines.filter((l) => l.source === HOLD_UNSETTLED).reduce((s, l) => s + l.minor, 0n);
  // Withdrawable never goes below 0 (funds' availableOf: a re-buy with unsettled proceeds leaves holds above cash).
  const withdrawable = cash - held.total;
  return { cash, holds: held.lines, buyingPower: cash - held.total + unsettled, withdrawable: withdrawable > 0n ? withdrawable : 0n };
}

export async function powerFigures(
  deps: Pick<TradingDeps, 'funds'> & Partial<Pick<TradingDeps, 'extensions'>>,
  db: Database,
  userId: number,
): Promise<PowerFigures> {
  const read = await cashAndHeldOf({ extensions: deps.funds }, db, [userId], ACCOUNT_KINDS.customerCash, 'JPY');
  const figures = figuresOf(read.get(userId) as CashAndHeld);
  if (!deps.extensions || deps.extensions.buyingPowerExclusions.length === 0) return figures;
  // Cash that may be withdrawn but not spent on securities (loan proceeds): out of buying power only.
  const excluded = await excludedFromBuying(deps.extensions, db, userId, figures.cash);
  return { ...figures, buyingPower: figures.buyingPower - excluded };
}

/**
 * Several customers' figures as one statement, to embed in another (the placement writer reads
 * them with its order ids: one round trip for both).
 */
export function powerFiguresQuery(
  deps: Pick<TradingDeps, 'funds'>,
  db: Database,
  userIds: readonly number[],
): { sql: SQL; read(rows: readonly Record<string, string | number | null>[]): Promise<Map<number, PowerFigures>> } | null {
  const query = cashAndHeldQuery({ extensions: deps.funds }, db, userIds, ACCOUNT_KINDS.customerCash, 'JPY');
  if (!query) return null;
  return {
    sql: query.sql,
    read: async (rows) => new Map([...(await query.read(rows))].map(([userId, figures]) => [userId, figuresOf(figures)])),
  };
}

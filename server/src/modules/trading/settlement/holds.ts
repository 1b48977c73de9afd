// The funds hold sources and withdrawal blocker of trading (docs/api/trading.md §5): money
// held for open orders, initial margin of open margin positions, unsettled sale proceeds;
// withdrawals blocked while positions are held (configurable).
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { withdrawBlockedPositionsMessage } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../../db/client';
import { groupedAmount, UNIT, type HoldSource, type WithdrawalBlocker } from '../../funds';
import { valueYen } from '../money';
import type { TradingDeps } from '../deps';
import { tradingOrders, tradingPositions, tradingUnsettled, type TradingOrderRow, type TradingPositionRow } from '../schema';
import type { DateKey } from '../../market';
import { todayOf, unsettledLines, unsettledYen } from './settlement';

export const HOLD_OPEN_ORDERS = 'open-orders';
export const HOLD_MARGIN = 'margin';
export const HOLD_UNSETTLED = 'unsettled-proceeds';
export const BLOCKER_POSITIONS = 'positions-held';

// Each hold is one query, awaited alone (heldMinor) or read inside the wallet's statement (heldQueries).
function openOrderHoldsQuery(db: Database, userId: number | SQL) {
  return db
    .select({ sum: sql<string>`coalesce(sum(${tradingOrders.hold}), 0)::text` })
    .from(tradingOrders)
    .where(and(eq(tradingOrders.userId, userId), inArray(tradingOrders.state, ['queued', 'working'])));
}

// `margin_held <> 0` adds nothing to the sum; it lets PostgreSQL read only the positions that
// hold margin (the partial index trading_positions_margin_held_idx), not all the customer's open
// ones. The condition is written as the index's own text, with constants: a named statement's
// generic plan can use a partial index only when its condition does not depend on a parameter.
function marginHoldsQuery(db: Database, userId: number | SQL) {
  return db
    .select({ sum: sql<string>`coalesce(sum(${tradingPositions.marginHeld}), 0)::text` })
    .from(tradingPositions)
    .where(
      and(eq(tradingPositions.userId, userId), sql`${tradingPositions.status} in ('pending', 'holding', 'closing') and ${tradingPositions.marginHeld} <> 0`),
    );
}

/** unsettledYen's query (settlement.ts); holds.test.ts checks both answer the same. */
function unsettledYenQuery(db: Database, userId: number | SQL, today: DateKey) {
  return db
    .select({ sum: sql<string>`coalesce(sum(${tradingUnsettled.amount}), 0)::text` })
    .from(tradingUnsettled)
    .where(and(eq(tradingUnsettled.userId, userId), gt(tradingUnsettled.settlesOn, today)));
}

/** What one order adds to the open-orders hold: openOrderHoldsQuery's sum, for a row in memory. */
export function openOrderHeld(order: Pick<TradingOrderRow, 'state' | 'hold'>): bigint {
  return order.state === 'queued' || order.state === 'working' ? order.hold : 0n;
}

/** What one position adds to the margin hold: marginHoldsQuery's sum, for a row in memory. */
export function marginHeldBy(pos: Pick<TradingPositionRow, 'status' | 'marginHeld'>): bigint {
  return pos.status === 'pending' || pos.status === 'holding' || pos.status === 'closing' ? pos.marginHeld : 0n;
}

export async function openOrderHolds(db: Database, userId: number): Promise<bigint> {
  const [row] = await openOrderHoldsQuery(db, userId);
  return BigInt(row?.sum ?? '0');
}

export async function marginHolds(db: Database, userId: number): Promise<bigint> {
  const [row] = await marginHoldsQuery(db, userId);
  return BigInt(row?.sum ?? '0');
}

export async function positionsHeld(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, userId), inArray(tradingPositions.status, ['holding', 'closing'])));
  return row?.n ?? 0;
}

/** Market value (yen, venue last price or previous close) of the shares the user holds, cash and margin, long and short. */
export async function heldValueYen(deps: Pick<TradingDeps, 'venue'>, db: Database, userId: number): Promise<bigint> {
  const rows = await db
    .select({ code: tradingPositions.code, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, userId), inArray(tradingPositions.status, ['holding', 'closing'])));
  let value = 0n;
  for (const r of rows) {
    const q = deps.venue.quote(r.code);
    value += valueYen(q.last ?? q.previousClose, r.open - r.closed);
  }
  return value;
}

export function tradingHoldSources(deps: Pick<TradingDeps, 'businessClock'>): HoldSource[] {
  return [
    {
      name: HOLD_OPEN_ORDERS,
      heldMinor: async (db, userId, currency) => (currency === 'JPY' ? openOrderHolds(db, userId) : 0n),
      heldQueries: (db, userId) => ({ JPY: openOrderHoldsQuery(db, userId) }),
    },
    {
      name: HOLD_MARGIN,
      heldMinor: async (db, userId, currency) => (currency === 'JPY' ? marginHolds(db, userId) : 0n),
      heldQueries: (db, userId) => ({ JPY: marginHoldsQuery(db, userId) }),
    },
    {
      name: HOLD_UNSETTLED,
      heldMinor: async (db, userId, currency) => (currency === 'JPY' ? unsettledYen(db, userId, todayOf(deps.businessClock.now())) : 0n),
      heldQueries: (db, userId) => ({ JPY: unsettledYenQuery(db, userId, todayOf(deps.businessClock.now())) }),
      settlements: async (db, userId, currency) =>
        currency === 'JPY'
          ? (await unsettledLines(db, userId, todayOf(deps.businessClock.now()))).map((l) => ({ minor: l.amount, settlesOn: l.settlesOn }))
          : [],
    },
  ];
}

/** The spec's blocker (configurable); the refusal names the rule and the value of the positions held. */
export function positionsBlocker(deps: Pick<TradingDeps, 'config' | 'venue'>): WithdrawalBlocker {
  return {
    name: BLOCKER_POSITIONS,
    check: async (db, userId) => {
      if (!deps.config.blockWithdrawalsWhileHolding || (await positionsHeld(db, userId)) === 0) return null;
      return { special: withdrawBlockedPositionsMessage(groupedAmount('JPY', await heldValueYen(deps, db, userId)), UNIT) };
    },
  };
}

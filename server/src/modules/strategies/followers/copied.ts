// The copied positions of followings (the follower's own positions opened by mirrored orders), read
// in one statement for any number of followings; the follower results and the profit share value
// them with the same pure functions.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { tradingPositions } from '../../trading';
import { strategyFollowings, strategyMirroredOrders } from '../schema';

export interface CopiedPosition {
  code: string;
  status: string;
  openQuantity: number;
  closedQuantity: number;
  /** Tenths of a yen. */
  openValueTenths: bigint;
  closeValueTenths: bigint;
  /** Yen. */
  feesPosted: bigint;
}

/** a ÷ b rounded towards −∞ (bigint division truncates towards 0). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * Realised profit of copied positions, yen: Σ (sale proceeds − cost of the shares sold) − every
 * trading fee of those positions (buy fees of shares still held included, so it never overstates).
 */
export function realisedProfit(positions: readonly CopiedPosition[]): bigint {
  let tenths = 0n;
  let fees = 0n;
  for (const p of positions) {
    if (p.openQuantity > 0) tenths += p.closeValueTenths - floorDiv(p.openValueTenths * BigInt(p.closedQuantity), BigInt(p.openQuantity));
    fees += p.feesPosted;
  }
  return floorDiv(tenths, 10n) - fees;
}

/** Realised and unrealised profit, yen: Σ (proceeds + shares held × last price − cost) − fees. */
export function totalProfit(positions: readonly CopiedPosition[], lastPrice: (code: string) => number): bigint {
  let tenths = 0n;
  let fees = 0n;
  for (const p of positions) {
    tenths += p.closeValueTenths + BigInt(p.openQuantity - p.closedQuantity) * BigInt(lastPrice(p.code)) - p.openValueTenths;
    fees += p.feesPosted;
  }
  return floorDiv(tenths, 10n) - fees;
}

/** followingId → its copied positions (each once), for the followings matching `where`. */
export async function copiedPositionsOf(db: Database, by: { strategyIds: number[] } | { followingIds: number[] }): Promise<Map<number, CopiedPosition[]>> {
  const out = new Map<number, CopiedPosition[]>();
  const ids = 'strategyIds' in by ? by.strategyIds : by.followingIds;
  if (ids.length === 0) return out;
  const rows = await db
    .selectDistinct({
      followingId: strategyMirroredOrders.followingId,
      positionId: tradingPositions.id,
      code: tradingPositions.code,
      status: tradingPositions.status,
      openQuantity: tradingPositions.openQuantity,
      closedQuantity: tradingPositions.closedQuantity,
      openValueTenths: tradingPositions.openValueTenths,
      closeValueTenths: tradingPositions.closeValueTenths,
      feesPosted: tradingPositions.feesPosted,
    })
    .from(strategyMirroredOrders)
    .innerJoin(strategyFollowings, eq(strategyFollowings.id, strategyMirroredOrders.followingId))
    .innerJoin(tradingPositions, eq(tradingPositions.id, strategyMirroredOrders.positionId))
    .where(
      and(
        'strategyIds' in by ? inArray(strategyFollowings.strategyId, ids) : inArray(strategyFollowings.id, ids),
        eq(strategyMirroredOrders.kind, 'open'),
        isNotNull(strategyMirroredOrders.positionId),
      ),
    );
  for (const { followingId, positionId: _p, ...p } of rows) out.set(followingId, [...(out.get(followingId) ?? []), p]);
  return out;
}

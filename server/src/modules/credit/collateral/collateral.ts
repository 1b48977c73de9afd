// Collateral and the credit line (docs/credit.md §2): settled cash long holdings of listed
// stocks and ETFs × previous close × LTV (60 %, 50 % when one issue is at least 70 % of the
// collateral value [SL3]). Not collateral: unsettled buys, shares under a sale order not yet
// filled, margin positions, issues on the ineligible list, shares on loan.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CollateralExclusion } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { jstDateKey, nextBusinessDay, type DateKey } from '../../market';
import { tradingOrders, tradingPositions } from '../../trading';
import type { CreditDeps } from '../deps';
import { lentSharesByCode } from '../lending/lent-shares';

export interface CollateralSlice {
  code: string;
  quantity: number;
  eligible: boolean;
  excludedReason: CollateralExclusion | null;
}

export interface CollateralIssue {
  code: string;
  /** Eligible shares. */
  quantity: number;
  previousCloseTenths: number;
  /** Eligible shares × previous close, tenths of a yen. */
  valueTenths: bigint;
  /** Holding positions with eligible shares (what a forced sale sells). */
  positionIds: number[];
}

export interface Collateral {
  slices: CollateralSlice[];
  issues: Map<string, CollateralIssue>;
  /** Σ eligible value, whole yen (floored). */
  value: bigint;
  ltvBp: number;
  concentrated: boolean;
  /** floor(value × LTV). */
  line: bigint;
}

function settlementDate(tradeDate: DateKey, days: number): DateKey {
  let d = tradeDate;
  for (let i = 0; i < days; i++) d = nextBusinessDay(d);
  return d;
}

/** The customer's collateral now, read with `db` (the caller's transaction when it holds the funds lock). */
export async function collateralOf(deps: Pick<CreditDeps, 'config' | 'prices' | 'businessClock'>, db: Database, userId: number): Promise<Collateral> {
  const { config, prices } = deps;
  const today = jstDateKey(deps.businessClock.now());
  const positions = await db
    .select({
      id: tradingPositions.id,
      code: tradingPositions.code,
      product: tradingPositions.product,
      direction: tradingPositions.direction,
      held: sql<number>`(${tradingPositions.openQuantity} - ${tradingPositions.closedQuantity})::int`,
      openedOn: tradingPositions.openedOn,
    })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, userId), inArray(tradingPositions.status, ['holding', 'closing'])));
  const ids = positions.map((p) => p.id);
  const selling = new Map<number, number>();
  if (ids.length > 0) {
    const rows = await db
      .select({ positionId: tradingOrders.positionId, q: sql<number>`sum(${tradingOrders.quantity} - ${tradingOrders.filledQuantity})::int` })
      .from(tradingOrders)
      .where(
        and(inArray(tradingOrders.positionId, ids), inArray(tradingOrders.kind, ['close', 'liquidation']), inArray(tradingOrders.state, ['queued', 'working'])),
      )
      .groupBy(tradingOrders.positionId);
    for (const r of rows) selling.set(r.positionId, Number(r.q));
  }
  const lent = new Map(await lentSharesByCode(db, userId));
  const slices: CollateralSlice[] = [];
  const add = (code: string, quantity: number, reason: CollateralExclusion | null) => {
    if (quantity <= 0) return;
    const same = slices.find((s) => s.code === code && s.excludedReason === reason);
    if (same) same.quantity += quantity;
    else slices.push({ code, quantity, eligible: reason === null, excludedReason: reason });
  };
  const eligibleByCode = new Map<string, { quantity: number; positionIds: number[] }>();
  for (const p of positions) {
    const held = Number(p.held);
    if (held <= 0) continue;
    if (p.product !== 'cash' || p.direction !== 'long') {
      add(p.code, held, 'margin');
      continue;
    }
    if (config.ineligibleCodes.includes(p.code) || !prices.isListedEquity(p.code) || prices.previousCloseTenths(p.code) === null) {
      add(p.code, held, 'ineligible-list');
      continue;
    }
    if (p.openedOn === null || settlementDate(p.openedOn, config.settlementDays) > today) {
      add(p.code, held, 'unsettled');
      continue;
    }
    const beingSold = Math.min(held, selling.get(p.id) ?? 0);
    add(p.code, beingSold, 'selling');
    const free = held - beingSold;
    if (free <= 0) continue;
    const entry = eligibleByCode.get(p.code) ?? { quantity: 0, positionIds: [] };
    entry.quantity += free;
    entry.positionIds.push(p.id);
    eligibleByCode.set(p.code, entry);
  }
  const issues = new Map<string, CollateralIssue>();
  let totalTenths = 0n;
  for (const [code, entry] of eligibleByCode) {
    // Lent shares come out of the eligible ones (a lent holding is not pledged).
    const onLoan = Math.min(entry.quantity, lent.get(code) ?? 0);
    add(code, onLoan, 'on-loan');
    const quantity = entry.quantity - onLoan;
    if (quantity <= 0) continue;
    add(code, quantity, null);
    const close = prices.previousCloseTenths(code) as number;
    const valueTenths = BigInt(close) * BigInt(quantity);
    totalTenths += valueTenths;
    issues.set(code, { code, quantity, previousCloseTenths: close, valueTenths, positionIds: entry.positionIds });
  }
  return withLine(config, slices, issues, totalTenths);
}

function withLine(config: CreditDeps['config'], slices: CollateralSlice[], issues: Map<string, CollateralIssue>, totalTenths: bigint): Collateral {
  let concentrated = false;
  for (const issue of issues.values()) {
    // One issue ≥ 70 % of the collateral value [SL3].
    if (totalTenths > 0n && issue.valueTenths * 10_000n >= totalTenths * BigInt(config.concentrationBp)) concentrated = true;
  }
  const ltvBp = concentrated ? config.concentratedLtvBp : config.ltvBp;
  const value = totalTenths / 10n;
  return { slices, issues, value, ltvBp, concentrated, line: (value * BigInt(ltvBp)) / 10_000n };
}

/** The collateral after `shares` of `code` are sold (the eligible ones first): for the sale guard. */
export function collateralAfterSale(config: CreditDeps['config'], c: Collateral, code: string, shares: number): Collateral {
  const issues = new Map(c.issues);
  const issue = issues.get(code);
  if (!issue) return c;
  const left = Math.max(0, issue.quantity - shares);
  if (left === 0) issues.delete(code);
  else issues.set(code, { ...issue, quantity: left, valueTenths: BigInt(issue.previousCloseTenths) * BigInt(left) });
  let totalTenths = 0n;
  for (const i of issues.values()) totalTenths += i.valueTenths;
  return withLine(config, c.slices, issues, totalTenths);
}

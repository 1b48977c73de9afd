// Recomputes a strategy's record and its followers' mirrored sizes from the published fills
// (docs/strategies.md §9). One implementation for `npm run strategy-verify -- <id>` and the
// customer's strategy/verify screen: match or mismatch per line.
// - the record: from the leader's venue fills and cash postings (computeRecord); today's holdings are
//   valued at the venue's last trade of each code in the fills table (the CLI has no live venue);
// - each mirrored open: its leader fill exists with that quantity and price, and its size is
//   floor(fill × amount ÷ equity) in lots from the inputs stored with it;
// - each placed mirrored order: the follower's own fills of it (their user, its quantity once filled,
//   the recorded fill price = their volume-weighted price);
// - mirrored closes never sell more than the leader's closed share of the copy;
// - each stored record (records/stored.ts) equals the record recomputed from the fills and postings
//   it was keyed by, at the prices it stored;
// - each published NAV of a trust following the strategy (trust/verify.ts).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { jstDateKey } from '../../market';
import { tradingFills, tradingOrders, tradingPositions } from '../../trading';
import { DEFAULT_STRATEGIES_CONFIG, type StrategiesConfig } from '../config';
import { mirroredShares } from '../mirroring/mirror';
import { checkTrustNavs } from '../trust/verify';
import { strategies, strategyFollowings, strategyMirroredOrders } from '../schema';
import { strategyRecordSnapshots } from './schema';
import { computeRecord, recordInputAt } from './record';

export interface StrategyCheckLine {
  what: string;
  match: boolean;
  detail: string;
}
export interface StrategyCheckResult {
  strategyId: number;
  record: StrategyRecord | null;
  lines: StrategyCheckLine[];
  match: boolean;
}

const LOT = 100;

export async function checkStrategy(
  db: Database,
  strategyId: number,
  now: Date,
  config: StrategiesConfig = DEFAULT_STRATEGIES_CONFIG,
): Promise<StrategyCheckResult> {
  const [strategy] = await db.select().from(strategies).where(eq(strategies.id, strategyId)).limit(1);
  if (!strategy) return { strategyId, record: null, lines: [{ what: 'strategy', match: false, detail: 'not found' }], match: false };
  const lastTrade = async (code: string): Promise<number | null> => {
    const [row] = await db
      .select({ price: tradingFills.price })
      .from(tradingFills)
      .innerJoin(tradingPositions, eq(tradingPositions.id, tradingFills.positionId))
      .where(eq(tradingPositions.code, code))
      .orderBy(desc(tradingFills.at), desc(tradingFills.id))
      .limit(1);
    return row?.price ?? null;
  };
  const input = await recordInputAt(db, strategy.leaderId, jstDateKey(now));
  const codes = [...new Set(input.fills.map((f) => f.code))];
  const prices = new Map<string, number | null>();
  for (const code of codes) prices.set(code, await lastTrade(code));
  const { equityYen: _e, daily: _d, ...record } = computeRecord({ ...input, lastPrice: (code) => prices.get(code) ?? null }, config);
  const lines: StrategyCheckLine[] = [];

  // Each stored record (what the list and detail show) recomputed from the fills and postings it was
  // keyed by, with the venue prices it stored for today's holdings (taken as recorded).
  const stored = await db
    .select()
    .from(strategyRecordSnapshots)
    .where(eq(strategyRecordSnapshots.strategyId, strategyId))
    .orderBy(asc(strategyRecordSnapshots.businessDate));
  for (const s of stored) {
    const upTo = { fillId: s.lastFillId, postingId: s.lastPostingId };
    const inputs = await recordInputAt(db, strategy.leaderId, s.businessDate, upTo);
    const { equityYen: _se, daily: _sd, ...again } = computeRecord({ ...inputs, lastPrice: (code) => s.prices[code] ?? null }, config);
    lines.push({
      what: `stored record ${s.businessDate} (fills ≤ #${s.lastFillId}, postings ≤ #${s.lastPostingId})`,
      match: sameRecord(again, s.record),
      detail: `stored return ${s.record.twrPercent}% equity ¥${s.record.equity.minor}, recomputed ${again.twrPercent}% ¥${again.equity.minor}`,
    });
  }

  const followings = await db.select().from(strategyFollowings).where(eq(strategyFollowings.strategyId, strategyId)).orderBy(asc(strategyFollowings.id));
  const ids = followings.map((f) => f.id);
  const mirrored = ids.length
    ? await db.select().from(strategyMirroredOrders).where(inArray(strategyMirroredOrders.followingId, ids)).orderBy(asc(strategyMirroredOrders.id))
    : [];
  const leaderFills = await db.select().from(tradingFills).where(eq(tradingFills.userId, strategy.leaderId));
  for (const m of mirrored) {
    const what = `mirrored #${m.id} (following ${m.followingId}, ${m.kind} ${m.code})`;
    const fills = leaderFills.filter((f) => f.tradeId === m.leaderTradeId && f.positionId === m.leaderPositionId);
    const leaderQty = fills.reduce((a, f) => a + f.quantity, 0);
    if (leaderQty !== m.leaderQuantity || !fills.some((f) => f.price === m.leaderPrice)) {
      lines.push({ what, match: false, detail: `leader fill ${m.leaderTradeId}: ${leaderQty} shares recorded ${m.leaderQuantity}` });
      continue;
    }
    if (m.kind === 'open') {
      const expected = mirroredShares(m.leaderQuantity, m.followerAmount, m.leaderEquity, LOT);
      if (expected !== m.quantity) {
        lines.push({
          what,
          match: false,
          detail: `size ${m.quantity}, floor(${m.leaderQuantity} × ${m.followerAmount} ÷ ${m.leaderEquity}) in lots = ${expected}`,
        });
        continue;
      }
    }
    if (m.outcome === 'placed' && m.orderId !== null) {
      const [order] = await db.select().from(tradingOrders).where(eq(tradingOrders.id, m.orderId)).limit(1);
      const own = await db.select().from(tradingFills).where(eq(tradingFills.orderId, m.orderId));
      const following = followings.find((f) => f.id === m.followingId);
      const q = own.reduce((a, f) => a + f.quantity, 0);
      const vwap = q ? Math.round(own.reduce((a, f) => a + f.price * f.quantity, 0) / q) : null;
      const ok =
        order !== undefined &&
        order.userId === following?.userId &&
        own.every((f) => f.userId === following.userId) &&
        (order.state !== 'filled' || q === m.quantity) &&
        (m.fillPrice === null || m.fillPrice === vwap);
      lines.push({
        what,
        match: ok,
        detail: `${m.quantity} shares, follower fills ${q} at ${vwap ?? '—'} (recorded ${m.fillPrice ?? '—'}), leader ${m.leaderPrice}`,
      });
      continue;
    }
    lines.push({ what, match: m.outcome !== 'pending', detail: `${m.outcome}${m.reason ? ` (${m.reason})` : ''}, ${m.quantity} shares` });
  }
  // Closes never exceed the leader's closed share of each copy.
  const copies = new Map<string, { open: number; closed: number; leaderPositionId: number }>();
  for (const m of mirrored) {
    if (m.outcome !== 'placed') continue;
    const key = `${m.followingId}:${m.leaderPositionId}`;
    const c = copies.get(key) ?? { open: 0, closed: 0, leaderPositionId: m.leaderPositionId };
    if (m.kind === 'open') c.open += m.quantity;
    else c.closed += m.quantity;
    copies.set(key, c);
  }
  for (const [key, c] of copies) {
    if (c.closed === 0) continue;
    const [leaderPos] = await db
      .select()
      .from(tradingPositions)
      .where(and(eq(tradingPositions.id, c.leaderPositionId)))
      .limit(1);
    const cap = leaderPos && leaderPos.openQuantity > 0 ? Math.floor((c.open * leaderPos.closedQuantity) / leaderPos.openQuantity / LOT) * LOT : 0;
    lines.push({ what: `closes of copy ${key}`, match: c.closed <= cap, detail: `${c.closed} sold of ${c.open}, leader's closed share ${cap}` });
  }
  lines.push(...(await checkTrustNavs(db, strategyId)));
  return { strategyId, record, lines, match: lines.every((l) => l.match) };
}

function sameRecord(a: StrategyRecord, b: StrategyRecord): boolean {
  const flat = (r: StrategyRecord) =>
    [
      r.twrPercent,
      r.maxDrawdownPercent,
      r.volatilityPercent,
      r.riskScore,
      r.trades,
      r.daysLive,
      r.equity.minor,
      ...r.monthly.map((m) => `${m.month}:${m.twrPercent}`),
    ].join('|');
  return flat(a) === flat(b);
}

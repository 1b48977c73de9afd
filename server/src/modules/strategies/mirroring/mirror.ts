// Mirroring (docs/strategies.md "Mirrored orders"): when a leader's order fills at the venue, each
// active follower gets a market order of floor(fill × amount ÷ leader equity) in whole lots, placed
// through trading's normal placement (buying power, holds, restrictions, the venue), so its fills
// are the follower's own. It runs after the fill committed, off the engine's path: the fill
// listener only queues. Everything is done per batch, not per follower: the queued fills are taken
// together (one read says which are leaders'), the rows are written in multi-row statements, the
// orders handed to trading all at once (placeOrdersByRule: its placement writer group-commits
// them), and the followers' fill prices written by one statement per batch of positions.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../../db/client';
import { insertRowsSql, updateRowsSql } from '../../../db/column-arrays';
import { tradingFills, tradingOrders, tradingPositions, type CommittedFill } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { leaderEquity } from '../records/record';
import { followingsOwingRedemptions } from '../trust/owing';
import { strategies, strategyFollowings, strategyMirroredOrders, type StrategyFollowingRow } from '../schema';

const BATCH = 1000;

/** Shares for a follower: floor(fill × amount ÷ equity) rounded down to whole lots (0: skipped). */
export function mirroredShares(fillShares: number, amount: bigint, equity: bigint, lotShares: number): number {
  if (equity <= 0n || amount <= 0n) return 0;
  const lot = BigInt(lotShares);
  return Number(((BigInt(fillShares) * amount) / equity / lot) * lot);
}

/** A close proportional to the leader's: of `followerOpen` shares, the lots the leader's closed share says, less those closed already. */
export function mirroredCloseShares(followerOpen: number, leaderOpen: number, leaderClosed: number, alreadyClosed: number, lotShares: number): number {
  if (leaderOpen <= 0) return 0;
  const target = Math.floor((followerOpen * Math.min(leaderClosed, leaderOpen)) / leaderOpen / lotShares) * lotShares;
  return Math.max(0, target - alreadyClosed);
}

interface PendingRow {
  id: number;
  userId: number;
  quantity: number;
  positionId: number | null;
}

/** node-postgres and PGlite both answer { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface Placed {
  id: number;
  outcome: 'placed' | 'refused';
  positionId: number | null;
  orderId: number | null;
  reason: string | null;
}

async function inChunks<T>(items: T[], size: number, run: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function pooled<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export class Mirror {
  private readonly queue: CommittedFill[] = [];
  private running: Promise<void> | null = null;
  /** Follower positions whose mirrored orders wait for their fill price: row id → order id, by position. */
  private readonly awaiting = new Map<number, Map<number, number>>();

  constructor(
    private readonly deps: StrategiesDeps,
    private readonly lotShares: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The fill listener: queues and returns (the engine's path never waits for mirroring). */
  onFill(fill: CommittedFill): void {
    this.queue.push(fill);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  /** Resolves once every fill queued so far was mirrored (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Takes every fill queued so far at once: the followers' fills among them write their fill
   * prices (one statement per 1,000), one read finds the fills of active leaders, and those are
   * mirrored one after the other, in the order they filled.
   */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const fills = this.queue.splice(0);
      try {
        const awaited = [...new Set(fills.filter((f) => this.awaiting.has(f.positionId)).map((f) => f.positionId))];
        if (awaited.length > 0) await this.recordFillPrices(awaited);
        const strategyOf = await this.activeStrategies(fills);
        for (const fill of fills) {
          const strategyId = strategyOf.get(fill.userId);
          if (strategyId === undefined) continue;
          try {
            await this.handle(fill, strategyId);
          } catch (error) {
            this.onError(error);
          }
        }
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** The active strategy of each leader among the fills' customers (one read). */
  private async activeStrategies(fills: readonly CommittedFill[]): Promise<Map<number, number>> {
    const userIds = [...new Set(fills.map((f) => f.userId))];
    const rows = await this.deps.db
      .select({ id: strategies.id, leaderId: strategies.leaderId })
      .from(strategies)
      .where(and(sql`${strategies.leaderId} = any(${sql.param(userIds)}::int[])`, eq(strategies.status, 'active')));
    return new Map(rows.map((r) => [r.leaderId, r.id]));
  }

  private async handle(fill: CommittedFill, strategyId: number): Promise<void> {
    const { db } = this.deps;
    const [pos] = await db.select().from(tradingPositions).where(eq(tradingPositions.id, fill.positionId)).limit(1);
    // Cash longs only (a leader may not use leverage); an order the leader's own following placed is not mirrored on.
    if (!pos || pos.product !== 'cash' || pos.direction !== 'long' || pos.offAuction) return;
    const [copied] = await db
      .select({ id: strategyMirroredOrders.id })
      .from(strategyMirroredOrders)
      .where(eq(strategyMirroredOrders.positionId, pos.id))
      .limit(1);
    if (copied) return;
    const followings = await db
      .select()
      .from(strategyFollowings)
      .where(
        and(
          eq(strategyFollowings.strategyId, strategyId),
          eq(strategyFollowings.status, 'inProgress'),
          eq(strategyFollowings.paused, false),
          gt(strategyFollowings.deadline, this.deps.businessClock.now()),
        ),
      );
    if (followings.length === 0) return;
    const price = Math.round(Number(fill.price) * 10);
    if (fill.kind === 'open') await this.mirrorOpen(fill, pos.code, price, followings);
    else await this.mirrorClose(fill, pos, price, followings);
  }

  private async mirrorOpen(fill: CommittedFill, code: string, price: number, followings: StrategyFollowingRow[]): Promise<void> {
    const { db } = this.deps;
    const equity = await leaderEquity(this.deps, db, fill.userId);
    const owing = await followingsOwingRedemptions(db, followings[0]?.strategyId ?? 0);
    const now = this.deps.businessClock.now();
    const rows = followings.map((f) => {
      const quantity = mirroredShares(fill.quantity, f.amount, equity, this.lotShares);
      // Sized as always (so strategy-verify recomputes it), but not placed: the trust's cash is its redeemers'.
      const skip = quantity === 0 ? 'zero-lots' : owing.has(f.id) ? MSG.trustOwesRedemptions : null;
      return {
        followingId: f.id,
        userId: f.userId,
        leaderPositionId: fill.positionId,
        leaderTradeId: fill.tradeId,
        kind: 'open' as const,
        code,
        side: 'buy' as const,
        leaderQuantity: fill.quantity,
        leaderPrice: price,
        followerAmount: f.amount,
        leaderEquity: equity,
        quantity,
        outcome: skip === null ? ('pending' as const) : ('skipped' as const),
        reason: skip,
        createdAt: now,
      };
    });
    const pending = await this.insertRows(db, rows);
    const actions = this.deps.trading.actions;
    if (!actions) throw new Error('trading is not running');
    // 1,000 at a time: trading checks each order as its own and its writer group-commits them; the
    // fills of one thousand are written while the next is placed, so the first followers' orders
    // enter the venue without waiting for every placement (the writer takes its jobs in order).
    await inChunks(pending, BATCH, async (chunk) => {
      const answers = await actions.placeOrdersByRule(
        chunk.map((row) => ({ userId: row.userId, code, side: 'buy' as const, lots: row.quantity / this.lotShares, idempotencyKey: `mirror-${row.id}` })),
      );
      const placed = chunk.map((row, i): Placed => {
        const answer = answers[i];
        if (!answer) throw new Error(`mirrored order ${row.id} not answered`);
        if ('positionId' in answer) return { id: row.id, outcome: 'placed', positionId: answer.positionId, orderId: answer.orderId, reason: null };
        return { id: row.id, outcome: 'refused', positionId: null, orderId: null, reason: answer.msg };
      });
      await this.writeOutcomes(placed);
    });
  }

  private async mirrorClose(
    fill: CommittedFill,
    leaderPos: { id: number; code: string; openQuantity: number; closedQuantity: number },
    price: number,
    followings: StrategyFollowingRow[],
  ): Promise<void> {
    const { db } = this.deps;
    const ids = followings.map((f) => f.id);
    // Each follower's copy of this leader position and what its mirrored closes already sold.
    const opens = await db
      .select({ followingId: strategyMirroredOrders.followingId, positionId: strategyMirroredOrders.positionId, open: tradingPositions.openQuantity })
      .from(strategyMirroredOrders)
      .innerJoin(tradingPositions, eq(tradingPositions.id, strategyMirroredOrders.positionId))
      .where(
        and(
          inArray(strategyMirroredOrders.followingId, ids),
          eq(strategyMirroredOrders.leaderPositionId, leaderPos.id),
          eq(strategyMirroredOrders.kind, 'open'),
        ),
      );
    const closed = await db
      .select({ followingId: strategyMirroredOrders.followingId, q: sql<number>`coalesce(sum(${strategyMirroredOrders.quantity}), 0)::int` })
      .from(strategyMirroredOrders)
      .where(
        and(
          inArray(strategyMirroredOrders.followingId, ids),
          eq(strategyMirroredOrders.leaderPositionId, leaderPos.id),
          eq(strategyMirroredOrders.kind, 'close'),
          eq(strategyMirroredOrders.outcome, 'placed'),
        ),
      )
      .groupBy(strategyMirroredOrders.followingId);
    const closedBy = new Map(closed.map((c) => [c.followingId, c.q]));
    const copyOf = new Map<number, { positionId: number; open: number }>();
    for (const o of opens) {
      if (o.positionId === null) continue;
      const c = copyOf.get(o.followingId);
      copyOf.set(o.followingId, { positionId: o.positionId, open: (c?.open ?? 0) + o.open });
    }
    const now = this.deps.businessClock.now();
    const rows = followings.flatMap((f) => {
      const copy = copyOf.get(f.id);
      if (!copy) return [];
      const quantity = mirroredCloseShares(copy.open, leaderPos.openQuantity, leaderPos.closedQuantity, closedBy.get(f.id) ?? 0, this.lotShares);
      return [
        {
          followingId: f.id,
          userId: f.userId,
          leaderPositionId: leaderPos.id,
          leaderTradeId: fill.tradeId,
          kind: 'close' as const,
          code: leaderPos.code,
          side: 'sell' as const,
          leaderQuantity: fill.quantity,
          leaderPrice: price,
          followerAmount: f.amount,
          leaderEquity: 0n,
          quantity,
          outcome: quantity === 0 ? ('skipped' as const) : ('pending' as const),
          reason: quantity === 0 ? 'zero-lots' : null,
          positionId: copy.positionId,
          createdAt: now,
        },
      ];
    });
    const pending = await this.insertRows(db, rows);
    const placed = await pooled(pending, this.deps.config.mirrorConcurrency, async (row): Promise<Placed> => {
      const actions = this.deps.trading.actions;
      if (!actions || row.positionId === null) throw new Error('trading is not running');
      const answer = await actions.closeHoldingByRule(row.positionId, row.quantity);
      if ('orderId' in answer) return { id: row.id, outcome: 'placed', positionId: row.positionId, orderId: answer.orderId, reason: null };
      return { id: row.id, outcome: 'refused', positionId: row.positionId, orderId: null, reason: answer.msg };
    });
    await this.writeOutcomes(placed);
  }

  /**
   * Inserts the rows, one statement per batch of BATCH (column arrays: a fixed number of
   * parameters whatever the batch's size); a retried fill inserts nothing twice. Answers those to place.
   */
  private async insertRows(db: Database, rows: (typeof strategyMirroredOrders.$inferInsert)[]): Promise<PendingRow[]> {
    const pending: PendingRow[] = [];
    const m = strategyMirroredOrders;
    await inChunks(rows, BATCH, async (chunk) => {
      const insert = insertRowsSql(m, chunk, { onConflictDoNothing: true });
      if (!insert) throw new Error('mirrored rows cannot be written as column arrays');
      const result = await db.execute(
        sql`${insert} returning ${sql.identifier(m.id.name)} as id, ${sql.identifier(m.userId.name)} as user_id, ${sql.identifier(m.quantity.name)} as quantity, ${sql.identifier(m.outcome.name)} as outcome, ${sql.identifier(m.positionId.name)} as position_id`,
      );
      for (const r of rowsOf<{ id: number; user_id: number; quantity: number; outcome: string; position_id: number | null }>(result))
        if (r.outcome === 'pending') pending.push({ id: r.id, userId: r.user_id, quantity: r.quantity, positionId: r.position_id });
    });
    return pending;
  }

  /** One UPDATE per batch: the outcome, the follower's position and order of each row. */
  private async writeOutcomes(placed: Placed[]): Promise<void> {
    const { db } = this.deps;
    // A retry of a placement made before answers no order id: read those (none in a first run).
    const positions = placed.filter((p) => p.outcome === 'placed' && p.orderId === null && p.positionId !== null).map((p) => p.positionId as number);
    const openOrders = positions.length
      ? await db
          .select({ id: tradingOrders.id, positionId: tradingOrders.positionId })
          .from(tradingOrders)
          .where(and(inArray(tradingOrders.positionId, positions), eq(tradingOrders.kind, 'open')))
      : [];
    const orderOf = new Map(openOrders.map((o) => [o.positionId, o.id]));
    await inChunks(placed, BATCH, async (chunk) => {
      const byId = new Map(chunk.map((p) => [p.id, { ...p, orderId: p.orderId ?? (p.positionId === null ? null : (orderOf.get(p.positionId) ?? null)) }]));
      await db.execute(
        updateRowsSql(
          strategyMirroredOrders,
          [...byId.keys()],
          ['outcome', 'positionId', 'orderId', 'reason'],
          (id, key) => byId.get(id)?.[key as 'outcome' | 'positionId' | 'orderId' | 'reason'] ?? null,
        ),
      );
    });
    for (const p of placed) {
      const orderId = p.orderId ?? (p.positionId === null ? null : (orderOf.get(p.positionId) ?? null));
      if (p.outcome !== 'placed' || p.positionId === null || orderId === null) continue;
      const rows = this.awaiting.get(p.positionId) ?? new Map<number, number>();
      rows.set(p.id, orderId);
      this.awaiting.set(p.positionId, rows);
    }
    // Fills that came in before the rows knew their orders (a market order fills at once).
    await this.recordFillPrices([...new Set(placed.flatMap((p) => (p.positionId === null ? [] : [p.positionId])))]);
  }

  /**
   * Writes the volume-weighted price of the follower's own fills on each mirrored order of these
   * follower positions whose order has filled: one UPDATE per batch of rows, keyed by the rows'
   * and orders' ids (their indexes); the rows it did not write wait for their orders' fills.
   */
  private async recordFillPrices(positionIds: readonly number[]): Promise<void> {
    const { db } = this.deps;
    const m = strategyMirroredOrders;
    const rows = positionIds.flatMap((positionId) => [...(this.awaiting.get(positionId) ?? [])].map(([id, orderId]) => ({ positionId, id, orderId })));
    await inChunks(rows, BATCH, async (chunk) => {
      const result = await db.execute(
        sql`with v as (
              select * from unnest(${sql.param(chunk.map((r) => r.id))}::int[], ${sql.param(chunk.map((r) => r.orderId))}::int[]) as v(id, order_id)
            ), vwap as (
              select ${tradingFills.orderId} as order_id, round(sum(${tradingFills.price}::bigint * ${tradingFills.quantity})::numeric / sum(${tradingFills.quantity}))::int as price
              from ${tradingFills} join ${tradingOrders} on ${tradingOrders.id} = ${tradingFills.orderId} and ${tradingOrders.state} = 'filled'
              where ${tradingFills.orderId} in (select order_id from v)
              group by ${tradingFills.orderId} having sum(${tradingFills.quantity}) > 0
            )
            update ${m} set ${sql.identifier(m.fillPrice.name)} = vwap.price from v join vwap on vwap.order_id = v.order_id
            where ${m.id} = v.id and ${m.fillPrice} is null
            returning ${m.id} as id`,
      );
      const written = new Set(rowsOf<{ id: number }>(result).map((r) => r.id));
      for (const r of chunk) {
        if (!written.has(r.id)) continue;
        const left = this.awaiting.get(r.positionId);
        left?.delete(r.id);
        if (left?.size === 0) this.awaiting.delete(r.positionId);
      }
    });
  }
}

// Mirroring (docs/strategies.md "Mirrored orders"): when a leader's order fills at the venue, each
// active follower gets a market order of floor(fill × amount ÷ leader equity) in whole lots, placed
// through trading's normal placement (buying power, holds, the venue), so its fills are the
// follower's own. It runs after the fill committed, off the engine's path: the fill listener only
// queues. Rows are written in batches and placements overlap, so the placement writer
// group-commits them; the leader's request never waits for any of it.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { tradingFills, tradingOrders, tradingPositions, type CommittedFill } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { leaderEquity } from '../records/record';
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
  /** Follower positions whose mirrored orders wait for their fill price. */
  private readonly awaiting = new Set<number>();

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

  private async drain(): Promise<void> {
    for (let fill = this.queue.shift(); fill; fill = this.queue.shift()) {
      try {
        await this.handle(fill);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private async handle(fill: CommittedFill): Promise<void> {
    if (this.awaiting.has(fill.positionId)) await this.recordFillPrice(fill.positionId);
    const { db } = this.deps;
    const [strategy] = await db
      .select({ id: strategies.id })
      .from(strategies)
      .where(and(eq(strategies.leaderId, fill.userId), eq(strategies.status, 'active')))
      .limit(1);
    if (!strategy) return;
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
          eq(strategyFollowings.strategyId, strategy.id),
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
    const now = this.deps.businessClock.now();
    const rows = followings.map((f) => {
      const quantity = mirroredShares(fill.quantity, f.amount, equity, this.lotShares);
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
        outcome: quantity === 0 ? ('skipped' as const) : ('pending' as const),
        reason: quantity === 0 ? 'zero-lots' : null,
        createdAt: now,
      };
    });
    const pending = await this.insertRows(db, rows);
    const placed = await pooled(pending, this.deps.config.mirrorConcurrency, async (row): Promise<Placed> => {
      const actions = this.deps.trading.actions;
      if (!actions) throw new Error('trading is not running');
      const answer = await actions.placeOrderByRule({
        userId: row.userId,
        code,
        side: 'buy',
        lots: row.quantity / this.lotShares,
        idempotencyKey: `mirror-${row.id}`,
      });
      if ('positionId' in answer) return { id: row.id, outcome: 'placed', positionId: answer.positionId, orderId: null, reason: null };
      return { id: row.id, outcome: 'refused', positionId: null, orderId: null, reason: answer.msg };
    });
    await this.writeOutcomes(placed);
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

  /** Inserts the rows in batches (a retried fill inserts nothing twice); answers those to place. */
  private async insertRows(
    db: Database,
    rows: (typeof strategyMirroredOrders.$inferInsert)[],
  ): Promise<{ id: number; userId: number; quantity: number; positionId: number | null }[]> {
    const pending: { id: number; userId: number; quantity: number; positionId: number | null }[] = [];
    await inChunks(rows, BATCH, async (chunk) => {
      const inserted = await db.insert(strategyMirroredOrders).values(chunk).onConflictDoNothing().returning({
        id: strategyMirroredOrders.id,
        userId: strategyMirroredOrders.userId,
        quantity: strategyMirroredOrders.quantity,
        outcome: strategyMirroredOrders.outcome,
        positionId: strategyMirroredOrders.positionId,
      });
      for (const r of inserted) if (r.outcome === 'pending') pending.push(r);
    });
    return pending;
  }

  /** One UPDATE per batch: the outcome, the follower's position and order of each row. */
  private async writeOutcomes(placed: Placed[]): Promise<void> {
    const { db } = this.deps;
    const positions = placed.filter((p) => p.outcome === 'placed' && p.orderId === null && p.positionId !== null).map((p) => p.positionId as number);
    const openOrders = positions.length
      ? await db
          .select({ id: tradingOrders.id, positionId: tradingOrders.positionId })
          .from(tradingOrders)
          .where(and(inArray(tradingOrders.positionId, positions), eq(tradingOrders.kind, 'open')))
      : [];
    const orderOf = new Map(openOrders.map((o) => [o.positionId, o.id]));
    await inChunks(placed, BATCH, async (chunk) => {
      const values = sql.join(
        chunk.map((p) => {
          const orderId = p.orderId ?? (p.positionId === null ? null : (orderOf.get(p.positionId) ?? null));
          return sql`(${p.id}::int, ${p.outcome}::text, ${p.positionId}::int, ${orderId}::int, ${p.reason}::text)`;
        }),
        sql`, `,
      );
      await db.execute(
        sql`update strategy_mirrored_orders m set outcome = v.outcome, position_id = v.position_id, order_id = v.order_id, reason = v.reason
            from (values ${values}) as v(id, outcome, position_id, order_id, reason) where m.id = v.id`,
      );
    });
    for (const p of placed) if (p.outcome === 'placed' && p.positionId !== null) this.awaiting.add(p.positionId);
    // Fills that came in before the rows knew their orders (a market order fills at once).
    for (const positionId of new Set(placed.flatMap((p) => (p.positionId === null ? [] : [p.positionId])))) await this.recordFillPrice(positionId);
  }

  /** Writes the volume-weighted fill price of the mirrored orders of a follower position that have filled. */
  private async recordFillPrice(positionId: number): Promise<void> {
    const { db } = this.deps;
    const rows = await db
      .select({ id: strategyMirroredOrders.id, orderId: strategyMirroredOrders.orderId })
      .from(strategyMirroredOrders)
      .where(
        and(
          eq(strategyMirroredOrders.positionId, positionId),
          sql`${strategyMirroredOrders.fillPrice} is null`,
          sql`${strategyMirroredOrders.orderId} is not null`,
        ),
      );
    let left = 0;
    for (const r of rows) {
      if (r.orderId === null) continue;
      const [order] = await db.select({ state: tradingOrders.state }).from(tradingOrders).where(eq(tradingOrders.id, r.orderId)).limit(1);
      if (order?.state !== 'filled') {
        left++;
        continue;
      }
      const [avg] = await db
        .select({ v: sql<string>`sum(${tradingFills.price}::bigint * ${tradingFills.quantity})`, q: sql<number>`sum(${tradingFills.quantity})::int` })
        .from(tradingFills)
        .where(eq(tradingFills.orderId, r.orderId));
      if (!avg || !avg.q) {
        left++;
        continue;
      }
      await db
        .update(strategyMirroredOrders)
        .set({ fillPrice: Math.round(Number(avg.v) / avg.q) })
        .where(eq(strategyMirroredOrders.id, r.id));
    }
    if (left === 0) this.awaiting.delete(positionId);
    else this.awaiting.add(positionId);
  }
}

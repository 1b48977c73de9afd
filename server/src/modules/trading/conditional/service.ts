// The conditional-order runner (docs/trading.md §11): keeps the armed legs of every waiting
// conditional order in memory by code, checks each venue trade against them, and fires a leg
// exactly once: the waiting → triggered step (and the OCO sibling's cancel) is one
// conditional UPDATE in one transaction, and the child is placed through trade/place's (or
// trade/close's) own function with an idempotency key of the leg, so a retry after a crash
// finds the same child. Everything runs on one serial queue, off the venue's call stack.
import { and, eq, inArray } from 'drizzle-orm';
import { jstSecondOfDay } from '../../../clock';
import { ApiFailure } from '../../../http/envelope';
import { SESSION_TIMES, isBusinessDay, jstDateKey, nextBusinessDay, type Fill, type Trade } from '../../market';
import type { TradingDeps } from '../deps';
import type { OrderEngine } from '../orders/engine';
import { placeOrder, type TradingCustomer } from '../orders/place';
import { openCloseOrder } from '../positions/actions';
import { leverageText, priceText } from '../money';
import { orderOfClientId, userOfOwner } from '../venue';
import { onTrade } from './rules';
import { tradingOrders, tradingPositions, tradingConditionalOrders, type ConditionalLegRow } from '../schema';

/** The idempotency key of a leg's child order: one child per leg, whatever retries. */
export const childKeyOf = (legId: number): string => `conditional-leg-${legId}`;

/** The JST trading day an order placed at `now` is valid for: today before the close, else the next business day. */
export function validDayAt(now: Date): string {
  const today = jstDateKey(now);
  return isBusinessDay(today) && jstSecondOfDay(now) < SESSION_TIMES.close ? today : nextBusinessDay(today);
}

export class ConditionalService {
  private readonly deps: TradingDeps;
  private readonly engine: OrderEngine;
  private readonly onError: (error: unknown) => void;
  /** Armed waiting legs by code. */
  private readonly armed = new Map<string, ConditionalLegRow[]>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly unlisten: (() => void)[] = [];
  /** Trailing extremes changed in memory and not yet written. */
  private readonly dirtyExtremes = new Map<number, number>();
  private flushQueued = false;
  private readonly reconcileQueued = new Set<number>();
  /**
   * Customers with a triggered leg whose child order is still open: only their fills and
   * expiries need a reconcile (otherwise every fill of every customer would queue one, a read
   * and a task in the customer's engine queue). The sweep reconciles from the database whatever an
   * event missed.
   */
  private readonly following = new Set<number>();

  constructor(deps: TradingDeps, engine: OrderEngine, onError: (error: unknown) => void = () => undefined) {
    this.deps = deps;
    this.engine = engine;
    this.onError = onError;
  }

  /** Listen to the venue and re-arm what the database holds (a restart loses nothing). */
  async start(): Promise<void> {
    this.unlisten.push(
      this.deps.venue.onTrade((t) => this.checkTrade(t)),
      this.deps.venue.onFill((f) => this.childEvent(f)),
      this.deps.venue.onExpired((e) => {
        const userId = userOfOwner(e.ownerId);
        if (userId !== null && this.following.has(userId)) this.queueReconcile(userId);
      }),
    );
    await this.run(() => this.rearm());
  }

  stop(): void {
    for (const u of this.unlisten.splice(0)) u();
    this.armed.clear();
    this.following.clear();
  }

  /** Resolves once every task queued so far ran (and the engine's queues are drained). */
  async idle(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      await this.engine.idle();
      await this.run(async () => undefined);
    }
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch((error: unknown) => this.onError(error));
    return result;
  }

  // ---- arming ---------------------------------------------------------------------------

  private async rearm(): Promise<void> {
    this.armed.clear();
    this.following.clear();
    const legs = await this.deps.db
      .select()
      .from(tradingConditionalOrders)
      .where(inArray(tradingConditionalOrders.state, ['waiting', 'triggered']));
    for (const leg of legs) {
      if (leg.state === 'triggered') {
        this.following.add(leg.userId);
        await this.placeChild(leg);
      } else if (leg.armed) await this.armLeg(leg);
    }
    await this.expireDue();
  }

  /** Put a waiting leg in memory; one that the last price already satisfies (or has no trigger) fires now. */
  async armLeg(leg: ConditionalLegRow): Promise<void> {
    if (leg.trigger === 'none') {
      await this.fire(leg.id, null, null);
      return;
    }
    const last = this.lastPrice(leg.code);
    const outcome = last === null ? { fire: false, trailExtreme: leg.trailExtreme } : onTrade(leg, last, this.deps.venue.tickTable(leg.code));
    if (outcome.fire) {
      await this.fire(leg.id, null, last);
      return;
    }
    const armed = { ...leg, trailExtreme: outcome.trailExtreme };
    if (armed.trailExtreme !== leg.trailExtreme && armed.trailExtreme !== null) await this.writeExtreme(leg.id, armed.trailExtreme);
    const list = this.armed.get(leg.code) ?? [];
    this.armed.set(
      leg.code,
      list.filter((l) => l.id !== leg.id),
    );
    this.armed.get(leg.code)?.push(armed);
  }

  private lastPrice(code: string): number | null {
    try {
      return this.deps.venue.quote(code).last;
    } catch {
      return null;
    }
  }

  // ---- venue events (synchronous, on the venue's stack: only memory work here) ------------

  private checkTrade(trade: Trade): void {
    const legs = this.armed.get(trade.code);
    if (!legs || legs.length === 0) return;
    const table = this.deps.venue.tickTable(trade.code);
    const keep: ConditionalLegRow[] = [];
    const fired: ConditionalLegRow[] = [];
    for (const leg of legs) {
      const outcome = onTrade(leg, trade.price, table);
      if (outcome.fire) fired.push(leg);
      else {
        if (outcome.trailExtreme !== leg.trailExtreme && outcome.trailExtreme !== null) {
          leg.trailExtreme = outcome.trailExtreme;
          this.dirtyExtremes.set(leg.id, outcome.trailExtreme);
          this.queueFlush();
        }
        keep.push(leg);
      }
    }
    if (fired.length === 0) return;
    // An OCO sibling leaves memory with the leg that fired: it can never fire after it.
    const gone = new Set(fired.flatMap((l) => (l.ocoWith === null ? [l.id] : [l.id, l.ocoWith])));
    this.armed.set(
      trade.code,
      keep.filter((l) => !gone.has(l.id)),
    );
    for (const leg of fired) this.run(() => this.fire(leg.id, trade.id, trade.price)).catch(this.onError);
  }

  private childEvent(fill: Fill): void {
    const userId = userOfOwner(fill.ownerId);
    if (userId === null || orderOfClientId(fill.clientOrderId) === null || !this.following.has(userId)) return;
    this.queueReconcile(userId);
  }

  private queueReconcile(userId: number): void {
    if (this.reconcileQueued.has(userId)) return;
    this.reconcileQueued.add(userId);
    this.run(async () => {
      this.reconcileQueued.delete(userId);
      // The engine writes the fill first; reconcile reads what it wrote.
      await this.engine.barrier(userId);
      await this.reconcile(userId);
    }).catch(this.onError);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.run(async () => {
      this.flushQueued = false;
      const batch = [...this.dirtyExtremes];
      this.dirtyExtremes.clear();
      for (const [id, extreme] of batch) await this.writeExtreme(id, extreme);
    }).catch(this.onError);
  }

  private async writeExtreme(id: number, extreme: number): Promise<void> {
    await this.deps.db
      .update(tradingConditionalOrders)
      .set({ trailExtreme: extreme })
      .where(and(eq(tradingConditionalOrders.id, id), eq(tradingConditionalOrders.state, 'waiting')));
  }

  // ---- firing ---------------------------------------------------------------------------

  /**
   * waiting → triggered, exactly once (the UPDATE only matches a waiting, armed leg); its OCO
   * sibling is cancelled in the same transaction. Then the child is placed.
   */
  async fire(legId: number, tradeId: string | null, price: number | null): Promise<void> {
    const now = this.deps.clock.now();
    const leg = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tradingConditionalOrders)
        .set({ state: 'triggered', triggeredAt: now, triggerTradeId: tradeId, triggerTradePrice: price, updatedAt: now })
        .where(and(eq(tradingConditionalOrders.id, legId), eq(tradingConditionalOrders.state, 'waiting'), eq(tradingConditionalOrders.armed, true)))
        .returning();
      if (!row) return null;
      if (row.ocoWith !== null) {
        await tx
          .update(tradingConditionalOrders)
          .set({ state: 'cancelled', reason: 'oco', updatedAt: now })
          .where(and(eq(tradingConditionalOrders.id, row.ocoWith), eq(tradingConditionalOrders.state, 'waiting')));
      }
      return row;
    });
    if (!leg) return;
    // Before its child is placed: the child's first fill may come at once.
    this.following.add(leg.userId);
    if (leg.ocoWith !== null) this.disarm(leg.code, leg.ocoWith);
    this.disarm(leg.code, leg.id);
    await this.placeChild(leg);
  }

  private disarm(code: string, id: number): void {
    const list = this.armed.get(code);
    if (list)
      this.armed.set(
        code,
        list.filter((l) => l.id !== id),
      );
  }

  /** Place (or, after a restart, find again) the child order of a triggered leg and link it. */
  private async placeChild(leg: ConditionalLegRow): Promise<void> {
    if (leg.childOrderId !== null) {
      await this.reconcile(leg.userId);
      return;
    }
    // No session of the customer's is involved: the password was confirmed at placement (nil uuid).
    const customer: TradingCustomer = { id: leg.userId, account: '', sessionId: '00000000-0000-0000-0000-000000000000' };
    let positionId: number | null = leg.positionId;
    try {
      if (leg.action === 'open') {
        const placed = await placeOrder(
          this.deps,
          this.engine,
          customer,
          {
            code: leg.code,
            side: leg.side,
            product: leg.product,
            marginKind: leg.marginKind ?? 'standard',
            orderType: leg.orderType,
            ...(leg.price === null ? {} : { price: priceText(leg.price) }),
            lots: leg.quantity / this.deps.config.lotShares,
            leverage: leverageText(leg.leverageTenths),
            idempotencyKey: childKeyOf(leg.id),
            venue: 'tse',
          },
          { passwordConfirmed: true },
        );
        positionId = placed.data.id;
      } else {
        if (positionId === null) throw new Error(`close leg ${leg.id} without a position`);
        await openCloseOrder(this.deps, this.engine, { id: positionId, userId: leg.userId }, 'close', leg.orderType, leg.price, leg.quantity, {
          userId: leg.userId,
          key: childKeyOf(leg.id),
          action: 'trade.close',
          params: { id: positionId, orderType: leg.orderType, price: leg.price ?? '', lots: leg.quantity / this.deps.config.lotShares },
        });
      }
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // Refused under the normal rules at the trigger (buying power, position no longer held, limits).
      await this.end([leg.id], 'cancelled', error.msgKey);
      if (leg.role === 'parent') await this.endChildren(leg.groupId, 'cancelled', 'parent-unfilled');
      return;
    }
    const order = await this.childOrderOf(leg, positionId);
    await this.deps.db
      .update(tradingConditionalOrders)
      .set({ childOrderId: order, positionId, updatedAt: this.deps.clock.now() })
      .where(eq(tradingConditionalOrders.id, leg.id));
    await this.reconcile(leg.userId);
  }

  /** The order a leg placed: the position's open order, or its newest close order since the trigger. */
  private async childOrderOf(leg: ConditionalLegRow, positionId: number | null): Promise<number | null> {
    if (positionId === null) return null;
    const orders = await this.deps.db
      .select({ id: tradingOrders.id, kind: tradingOrders.kind })
      .from(tradingOrders)
      .where(eq(tradingOrders.positionId, positionId));
    const mine = orders.filter((o) => (leg.action === 'open' ? o.kind === 'open' : o.kind === 'close')).map((o) => o.id);
    return mine.length === 0 ? null : Math.max(...mine);
  }

  // ---- following the children -----------------------------------------------------------

  /** Move a customer's triggered legs with their child orders; arm IFD children when their parent filled. */
  async reconcile(userId: number): Promise<void> {
    const legs = await this.deps.db
      .select({ leg: tradingConditionalOrders, order: tradingOrders })
      .from(tradingConditionalOrders)
      .innerJoin(tradingOrders, eq(tradingOrders.id, tradingConditionalOrders.childOrderId))
      .where(and(eq(tradingConditionalOrders.userId, userId), eq(tradingConditionalOrders.state, 'triggered')));
    let open = 0;
    for (const { leg, order } of legs) {
      if (order.state === 'queued' || order.state === 'working') {
        open += 1;
        continue;
      }
      if (order.state === 'filled') {
        await this.end([leg.id], 'filled', null, 'triggered');
        if (leg.role === 'parent') await this.armChildren(leg.groupId, order.positionId);
      } else {
        const state = order.state === 'expired' ? 'expired' : 'cancelled';
        await this.end([leg.id], state, order.state === 'rejected' ? 'rejected' : null, 'triggered');
        if (leg.role === 'parent') await this.endChildren(leg.groupId, state, 'parent-unfilled');
      }
    }
    if (open > 0) this.following.add(userId);
    else this.following.delete(userId);
  }

  /** IFD: the children are armed only once the parent fully filled; they close what it opened. */
  private async armChildren(groupId: number, positionId: number): Promise<void> {
    const children = await this.deps.db
      .update(tradingConditionalOrders)
      .set({ armed: true, positionId, updatedAt: this.deps.clock.now() })
      .where(
        and(
          eq(tradingConditionalOrders.groupId, groupId),
          eq(tradingConditionalOrders.role, 'child'),
          eq(tradingConditionalOrders.state, 'waiting'),
          eq(tradingConditionalOrders.armed, false),
        ),
      )
      .returning();
    const [pos] = await this.deps.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId)).limit(1);
    for (const child of children) {
      // Never more than what the parent filled (it filled in full to get here).
      if (pos && child.quantity > pos.openQuantity - pos.closedQuantity) {
        await this.end([child.id], 'cancelled', 'parent-unfilled');
        continue;
      }
      await this.armLeg(child);
    }
  }

  private async endChildren(groupId: number, state: 'cancelled' | 'expired', reason: string): Promise<void> {
    const rows = await this.deps.db
      .select({ id: tradingConditionalOrders.id })
      .from(tradingConditionalOrders)
      .where(and(eq(tradingConditionalOrders.groupId, groupId), eq(tradingConditionalOrders.role, 'child'), eq(tradingConditionalOrders.state, 'waiting')));
    await this.end(
      rows.map((r) => r.id),
      state,
      reason,
    );
  }

  /** End legs that are still `from` (waiting by default); the UPDATE's condition makes it happen once. */
  async end(ids: number[], state: 'filled' | 'cancelled' | 'expired', reason: string | null, from: 'waiting' | 'triggered' = 'waiting'): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .update(tradingConditionalOrders)
      .set({ state, reason, updatedAt: this.deps.clock.now() })
      .where(and(inArray(tradingConditionalOrders.id, ids), eq(tradingConditionalOrders.state, from)))
      .returning({ id: tradingConditionalOrders.id, code: tradingConditionalOrders.code });
    for (const r of rows) this.disarm(r.code, r.id);
    return rows.map((r) => r.id);
  }

  // ---- time -----------------------------------------------------------------------------

  /** Day orders: waiting legs whose day has closed expire (the triggered ones follow their child). */
  async expireDue(): Promise<void> {
    const current = validDayAt(this.deps.businessClock.now());
    const waiting = await this.deps.db
      .select({ id: tradingConditionalOrders.id, validOn: tradingConditionalOrders.validOn })
      .from(tradingConditionalOrders)
      .where(eq(tradingConditionalOrders.state, 'waiting'));
    await this.end(
      waiting.filter((w) => w.validOn < current).map((w) => w.id),
      'expired',
      'day-ended',
    );
  }

  /** The sweep step: expiries, and children the events may have missed. */
  async sweep(): Promise<void> {
    await this.run(async () => {
      await this.expireDue();
      const users = await this.deps.db
        .selectDistinct({ userId: tradingConditionalOrders.userId })
        .from(tradingConditionalOrders)
        .where(eq(tradingConditionalOrders.state, 'triggered'));
      for (const u of users) await this.reconcile(u.userId);
    });
  }
}

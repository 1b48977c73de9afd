// The conditional-order runner (docs/trading.md §11): keeps the armed legs of every waiting
// conditional order in memory by code, checks each venue trade against them, and fires a leg
// exactly once: the waiting → triggered step (and the OCO sibling's cancel) is one
// conditional UPDATE in one transaction, and the child is placed through trade/place's (or
// trade/close's) own function with an idempotency key of the leg, so a retry after a crash
// finds the same child. Everything runs on one serial queue, off the venue's call stack.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
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
import { users } from '../../identity';
import { legRejectedNotice, notifyLegs } from './notices';
import type { LegChange } from './position-legs';
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

  /** Legs of instruments another venue partition holds are watched and followed there (ownership.ts). */
  private owns(code: string): boolean {
    return this.deps.ownership?.owns(code) ?? true;
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
      // Legs a reduced position cancelled or shrunk (in the fill's transaction): off the watch list,
      // so a trailing stop stops following the price once its leg ended.
      this.engine.onLegsChanged((changes) => this.legsChangedElsewhere(changes)),
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
      if (!this.owns(leg.code)) continue;
      if (leg.state === 'triggered') {
        this.following.add(leg.userId);
        await this.recover(leg);
      } else if (leg.armed) await this.armLeg(leg);
    }
    await this.expireDue();
  }

  /**
   * A triggered leg after a restart or in the sweep: its child is placed again (the leg's
   * idempotency key finds one already placed) once; a failure that is no refusal ends it
   * rejected, so no leg stays triggered without a child.
   */
  private async recover(leg: ConditionalLegRow): Promise<void> {
    try {
      await this.placeChild(leg);
    } catch (error) {
      this.onError(error);
      await this.reject(leg, 'child-order-failed', null);
      return;
    }
    if (leg.childOrderId !== null) return;
    const [now] = await this.deps.db
      .select({ state: tradingConditionalOrders.state, childOrderId: tradingConditionalOrders.childOrderId })
      .from(tradingConditionalOrders)
      .where(eq(tradingConditionalOrders.id, leg.id))
      .limit(1);
    if (now?.state === 'triggered' && now.childOrderId === null) await this.reject(leg, 'child-order-failed', null);
  }

  /** Legs ended or shrunk outside the runner (a reduced position, a trading bar): forget or resize them here. */
  legsChangedElsewhere(changes: readonly Pick<LegChange, 'legId' | 'code' | 'change' | 'held'>[]): void {
    for (const c of changes) {
      if (c.change === 'reduced') {
        const armed = this.armed.get(c.code)?.find((l) => l.id === c.legId);
        if (armed) armed.quantity = c.held;
      } else {
        this.disarm(c.code, c.legId);
        this.dirtyExtremes.delete(c.legId);
      }
    }
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
    // Another partition's instrument: its partition watches the leg (armed by its next sweep).
    if (!this.owns(leg.code)) return;
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
    let barred: ConditionalLegRow | null = null;
    const leg = await this.deps.db.transaction(async (tx) => {
      // A trading bar set since the leg was placed: a leg that would open or add never fires
      // (one that only closes a holding may; docs/trading.md §11, "Trading bar").
      const [opening] = await tx
        .select({ leg: tradingConditionalOrders, tradeBanned: users.tradeBanned })
        .from(tradingConditionalOrders)
        .innerJoin(users, eq(users.id, tradingConditionalOrders.userId))
        .where(and(eq(tradingConditionalOrders.id, legId), eq(tradingConditionalOrders.action, 'open')))
        .limit(1);
      if (opening?.tradeBanned) {
        const [ended] = await tx
          .update(tradingConditionalOrders)
          .set({
            state: 'rejected',
            reason: MSG.tradingBarred,
            reasonData: { rule: 'trading-bar', restriction: 'trade_banned' },
            triggeredAt: now,
            updatedAt: now,
          })
          .where(and(eq(tradingConditionalOrders.id, legId), eq(tradingConditionalOrders.state, 'waiting')))
          .returning();
        barred = ended ?? null;
        return null;
      }
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
    if (barred !== null) {
      const ended: ConditionalLegRow = barred;
      this.disarm(ended.code, ended.id);
      if (ended.ocoWith !== null) await this.end([ended.ocoWith], 'cancelled', 'oco');
      if (ended.role === 'parent') await this.endChildren(ended.groupId, 'cancelled', 'parent-unfilled');
      await notifyLegs(this.deps, ended.userId, await legRejectedNotice(ended.code, MSG.tradingBarred, ended.reasonData));
      return;
    }
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
      // Refused under the normal rules at the trigger (buying power, position no longer held,
      // limits): the leg ends rejected with the rule and its figures; nothing was placed, so
      // nothing is held for it.
      await this.reject(leg, error.msgKey, isRecord(error.data) ? error.data : null);
      return;
    }
    const order = await this.childOrderOf(leg, positionId);
    if (order === null) {
      await this.reject(leg, 'child-order-failed', null);
      return;
    }
    await this.deps.db
      .update(tradingConditionalOrders)
      .set({ childOrderId: order, positionId, updatedAt: this.deps.clock.now() })
      .where(eq(tradingConditionalOrders.id, leg.id));
    await this.reconcile(leg.userId);
  }

  /** A triggered leg whose child could not be placed: rejected with the rule and figures, its IFD children ended, the customer told. */
  private async reject(leg: ConditionalLegRow, reason: string, data: Record<string, unknown> | null): Promise<void> {
    const ended = await this.end([leg.id], 'rejected', reason, 'triggered', data);
    if (ended.length === 0) return;
    if (leg.role === 'parent') await this.endChildren(leg.groupId, 'cancelled', 'parent-unfilled');
    await notifyLegs(this.deps, leg.userId, await legRejectedNotice(leg.code, reason, data));
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
      if (!this.owns(leg.code)) continue;
      if (order.state === 'queued' || order.state === 'working') {
        open += 1;
        continue;
      }
      if (order.state === 'filled') {
        await this.end([leg.id], 'filled', null, 'triggered');
        if (leg.role === 'parent') await this.armChildren(leg.groupId, order.positionId);
      } else {
        const state = order.state === 'expired' ? 'expired' : order.state === 'rejected' ? 'rejected' : 'cancelled';
        await this.end([leg.id], state, order.state === 'rejected' ? 'rejected' : null, 'triggered');
        if (leg.role === 'parent') await this.endChildren(leg.groupId, state === 'rejected' ? 'cancelled' : state, 'parent-unfilled');
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

  private async endChildren(groupId: number, state: 'cancelled' | 'expired' | 'rejected', reason: string): Promise<void> {
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
  async end(
    ids: number[],
    state: 'filled' | 'cancelled' | 'expired' | 'rejected',
    reason: string | null,
    from: 'waiting' | 'triggered' = 'waiting',
    reasonData: Record<string, unknown> | null = null,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .update(tradingConditionalOrders)
      .set({ state, reason, reasonData, updatedAt: this.deps.clock.now() })
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
      .select({ id: tradingConditionalOrders.id, validOn: tradingConditionalOrders.validOn, code: tradingConditionalOrders.code })
      .from(tradingConditionalOrders)
      .where(eq(tradingConditionalOrders.state, 'waiting'));
    await this.end(
      waiting.filter((w) => w.validOn < current && this.owns(w.code)).map((w) => w.id),
      'expired',
      'day-ended',
    );
  }

  /** The sweep step: expiries, legs left triggered without a child, and children the events may have missed. */
  async sweep(): Promise<void> {
    await this.run(async () => {
      await this.expireDue();
      // On this queue no leg is between its trigger and its child: one triggered without a
      // child was left so by a crash or a failure, and is recovered (or ended) now.
      const stuck = await this.deps.db
        .select()
        .from(tradingConditionalOrders)
        .where(and(eq(tradingConditionalOrders.state, 'triggered'), isNull(tradingConditionalOrders.childOrderId)));
      for (const leg of stuck) if (this.owns(leg.code)) await this.recover(leg);
      // A leg armed by another process (the home partition took the customer's call) is watched here.
      if (this.deps.ownership) {
        const waiting = await this.deps.db
          .select()
          .from(tradingConditionalOrders)
          .where(and(eq(tradingConditionalOrders.state, 'waiting'), eq(tradingConditionalOrders.armed, true)));
        for (const leg of waiting) if (this.owns(leg.code) && !this.armed.get(leg.code)?.some((l) => l.id === leg.id)) await this.armLeg(leg);
      }
      const following = await this.deps.db
        .selectDistinct({ userId: tradingConditionalOrders.userId })
        .from(tradingConditionalOrders)
        .where(eq(tradingConditionalOrders.state, 'triggered'));
      for (const u of following) await this.reconcile(u.userId);
    });
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

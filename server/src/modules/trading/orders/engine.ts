// The order engine: the one place where customer orders meet the venue. Every venue call
// (submit, cancel, "is it still open?") and every venue event (fill, expiry) runs as a task on
// a serial queue of the order's customer, so an order's fills, its cancel and its expiry are
// applied in the order the venue produced them: a cancel racing a fill has exactly one outcome.
// (Each task concerns one order, hence one customer; customers' queues run side by side, as
// their funds locks already allow: one queue for everybody would make every order wait for
// every other customer's fills.) Fills, acceptances and placements are written by one
// group-commit writer (docs/trading.md "Write path"): the venue events and submissions of a
// customer that follow each other at the end of the queue with no other task between them form
// one job, jobs of many customers (and the placements) that are ready at the same moment are
// written in ONE transaction under all their funds locks, and each task ends only after that
// commit, so the queue order (and with it a cancel's outcome) is the one the venue produced. An order's submission writes its acceptance together with
// the fills it made at once. Fills are keyed by (venue trade id, order) so a fill never posts
// twice. No fill is ever made here: they only come from the venue.
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradingUserEvent } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { insertRowsSql, oneStatement, updateRowsSql } from '../../../db/column-arrays';
import type { ExpiredOrder, Fill } from '../../market';
import { addMonths, businessDayOnOrBefore, daysBetween, jstDateKey } from '../../market';
import { postJournals, type JournalInput, type PostingInput } from '../../funds';
import { brokerAccount, customerCash } from '../../funds';
import { refuse } from '../../funds';
import { EVERY_INSTRUMENT, type NotOpenMessage } from '../ownership';
import { lockFundsOf, withUserFundsLock } from '../../funds';
import type { TradingDeps } from '../deps';
import { feesFor } from '../fees/fees';
import { ceilDiv, jpy, priceText, valueYen } from '../money';
import { tradingFills, tradingOrders, tradingPositions, tradingUnsettled, type TradingOrderRow, type TradingPositionRow } from '../schema';
import { settlementDate } from '../settlement/settlement';
import { GroupCommit, type JobOutcome } from '../../../db/group-commit';
import { isConnectionLost } from '../../../db/errors';
import { HeldMemory } from './held-memory';
import { marginHeldBy, openOrderHeld } from '../settlement/holds';
import { PlacementBatch, readAlone, type OrderSnapshot, type Placement, type PlacementJob } from './placement-writer';
import { clientIdOf, orderOfClientId, ownerOf, userOfOwner } from '../venue';
import type { LoggedVenueInput } from '../venue-router';
import { positionLegsNotice, notifyLegs } from '../conditional/notices';
import { fitLegsToPositions, type LegChange } from '../conditional/position-legs';
import { holdingReduced } from '../extensions';

/** Broker-side ledger accounts of trading (the ledger's open set of kinds). */
export const TRADING_ACCOUNTS = {
  /** The venue counterparty: share purchases and sales settle against it. */
  exchangeClearing: 'exchange_clearing',
  /** The broker's financing of margin positions (cash lent to longs, share proceeds of shorts). */
  marginFinancing: 'margin_financing',
  /** Buy interest and lending fees earned. */
  marginInterest: 'margin_interest',
  fees: 'fees',
} as const;

export type FinalReason = 'cancelled' | 'expired' | 'rejected';

/** What an order holds for `remaining` shares: cash value (or margin) at the estimate price + fees. */
export function holdFor(
  order: Pick<TradingOrderRow, 'kind' | 'side' | 'holdPerShareTenths'>,
  pos: Pick<TradingPositionRow, 'product' | 'leverageTenths'>,
  remaining: number,
  deps: Pick<TradingDeps, 'config'>,
): bigint {
  if (order.kind !== 'open' || remaining <= 0) return 0n;
  const value = valueYen(order.holdPerShareTenths, remaining);
  const base = pos.product === 'cash' ? value : ceilDiv(value * 10n, BigInt(pos.leverageTenths));
  return base + feesFor(deps.config, order.side, value).total;
}

/** Interest (long) or lending fee (short) on `costYen` held from `openedOn` to `closedOn`, both days counted (両端入れ). */
export function carryCost(deps: Pick<TradingDeps, 'config'>, direction: 'long' | 'short', costYen: bigint, openedOn: string, closedOn: string): bigint {
  const rateBp = BigInt(direction === 'long' ? deps.config.margin.buyInterestBp : deps.config.margin.lendingFeeBp);
  const days = BigInt(daysBetween(openedOn, closedOn) + 1);
  return (costYen * rateBp * days) / (10_000n * 365n);
}

function nonZero(postings: PostingInput[]): PostingInput[] {
  const byKey = new Map<string, PostingInput>();
  for (const p of postings) {
    const key = `${p.account.kind}:${p.account.currency}:${p.account.userId ?? ''}`;
    const prev = byKey.get(key);
    byKey.set(key, prev ? { account: p.account, amount: prev.amount + p.amount } : p);
  }
  return [...byKey.values()].filter((p) => p.amount !== 0n);
}

/** No fee line can ever be non-zero (the default schedule): finished orders and views skip the fee query. */
export function feeFree(deps: Pick<TradingDeps, 'config'>): boolean {
  const f = deps.config.fees;
  return f.tiers.every((t) => t.fee === 0n) && f.serviceFee === 0n && f.buyFee === 0n && f.sellFee === 0n && f.stampDuty === 0n;
}

/**
 * What a group of engine steps writes, gathered in memory and written at the end: the journals
 * through postJournals, everything else in one statement (instead of one per fill and row).
 */
class WriteSet {
  readonly journals: JournalInput[] = [];
  readonly unsettled: (typeof tradingUnsettled.$inferInsert)[] = [];
  /** Fills not yet inserted (found new under the locks). */
  readonly fills: (typeof tradingFills.$inferInsert)[] = [];
  readonly orders = new Map<number, Partial<TradingOrderRow>>();
  readonly positions = new Map<number, Partial<TradingPositionRow>>();
  /** The in-memory rows the patches were applied to. */
  private readonly orderRows = new Map<number, TradingOrderRow>();
  private readonly positionRows = new Map<number, TradingPositionRow>();

  journal(type: JournalInput['type'], pos: TradingPositionRow, postings: PostingInput[], memo?: string): void {
    const lines = nonZero(postings);
    if (lines.length > 0) this.journals.push({ type, reference: `position:${pos.id}`, userId: pos.userId, memo: memo ?? null, postings: lines });
  }

  order(row: TradingOrderRow, patch: Partial<TradingOrderRow>): void {
    Object.assign(row, patch);
    this.orderRows.set(row.id, row);
    this.orders.set(row.id, { ...this.orders.get(row.id), ...patch });
  }

  position(row: TradingPositionRow, patch: Partial<TradingPositionRow>): void {
    Object.assign(row, patch);
    this.positionRows.set(row.id, row);
    this.positions.set(row.id, { ...this.positions.get(row.id), ...patch });
  }

  /** Writes it all, and `alongside` (the placements' inserts), in one statement. */
  async flush(tx: Database, deps: TradingDeps, alongside: readonly SQL[] = []): Promise<void> {
    // The journals, then fills, unsettled proceeds, orders, positions (tables of their own each,
    // so no row is changed twice by it; placements insert new rows only).
    const writes = [
      this.fills.length > 0
        ? (insertRowsSql(tradingFills, this.fills, { onConflictDoNothing: true }) ?? tx.insert(tradingFills).values(this.fills).onConflictDoNothing().getSQL())
        : null,
      this.unsettled.length > 0 ? (insertRowsSql(tradingUnsettled, this.unsettled) ?? tx.insert(tradingUnsettled).values(this.unsettled).getSQL()) : null,
      updateSql(tradingOrders, this.orderRows, this.orders),
      updateSql(tradingPositions, this.positionRows, this.positions),
      ...alongside,
    ].filter((w): w is SQL => w !== null);
    // Stamped on the business clock, as the fills behind them are (the demo clock in demo mode).
    if (this.journals.length > 0) {
      await postJournals(tx, deps.businessClock, this.journals, writes);
      return;
    }
    const statement = oneStatement(writes);
    if (statement) await tx.execute(statement);
  }
}

/**
 * The changed columns of locked rows of one table as one `UPDATE … FROM unnest(…)` (flush
 * writes it with the other tables' in one statement; db/column-arrays.ts). A row's values are
 * taken from its in-memory copy (the locked row with every patch applied), so a column another
 * row of the batch changed is written back unchanged.
 */
function updateSql(table: typeof tradingOrders | typeof tradingPositions, rows: ReadonlyMap<number, object>, patches: ReadonlyMap<number, object>): SQL | null {
  if (patches.size === 0) return null;
  const columns = getTableColumns(table);
  const keys = [...new Set([...patches.values()].flatMap((p) => Object.keys(p)))].filter((k) => k !== 'id' && k in columns);
  if (keys.length === 0) return null;
  const ids = [...patches.keys()];
  for (const id of ids) if (!rows.has(id)) throw new Error(`row ${id} not in the write set`);
  return updateRowsSql(table, ids, keys, (id, key) => (rows.get(id) as Record<string, unknown>)[key]);
}

/** A venue event in a customer's stream; an acceptance's venue id is filled in once the venue answered (null: it did not accept). */
type StreamItem =
  | { kind: 'fill'; fill: Fill }
  // `reentry`: an acknowledged (working) order entered again after a restart lost the venue's book.
  // `replay`: entered by the venue's input log replayed (written unless already written as it is).
  | { kind: 'accepted'; orderId: number; venueOrderId: string | null; tradingDate: string | null; reentry?: true; replay?: true };

interface StreamJob {
  userId: number;
  items: StreamItem[];
}

type WriterJob = { kind: 'stream'; job: StreamJob } | { kind: 'place'; job: PlacementJob };

/** An order and its position as a write left them (committed): what a placement answers with. */

/** What a job wrote: the events to publish and the accepted orders as they are now. */
interface StreamOutcome {
  events: TradingUserEvent[];
  accepted: Map<number, OrderSnapshot>;
}

function orderEvent(pos: TradingPositionRow, reason: string | null): TradingUserEvent {
  return {
    event: 'order',
    data: { id: pos.id, status: pos.status, filledQuantity: pos.openQuantity, holdingQuantity: pos.openQuantity - pos.closedQuantity, reason },
  };
}

/** What start-up recovery did with the acknowledged orders it found (logged at start). */
export interface RecoveryFigures {
  reentered: number;
  expired: number;
  /** Not entered: the venue is closed; pending, cancellable, tried again by the sweep. */
  waiting: number;
}

/** What replaying the venue's input log did (logged at a takeover). */
export interface ReplayFigures {
  inputs: number;
  /** Our orders the replayed books hold or filled (recovery leaves them). */
  entered: number;
  cancelled: number;
  /** Inputs the fresh books refused (the leader's books had refused them too). */
  refused: number;
}

export interface EngineOptions {
  onError?: (error: unknown) => void;
  /** Batches the writer writes at the same time (default WRITERS). */
  writers?: number;
}

/**
 * One write transaction at a time (docs/trading.md §9 "Design decisions"). A second batch in
 * flight would fill the first one's round-trip waits, but the server's one thread is what is
 * saturated: with two, batches are half the size, so every order pays more statements and
 * more socket writes, and no more orders go through. Measured by `npm run bench` (trading,
 * BENCH_WRITERS), alternated: with one, 5–15 % more placements on PostgreSQL and PGlite, a
 * quarter less of the server's CPU per placement, a lower p99 at full load (the same at half).
 */
export const WRITERS = 1;

export class OrderEngine {
  /** The last task of each customer's queue; a drained queue is forgotten. */
  private readonly tails = new Map<number, Promise<unknown>>();
  private readonly unlisten: (() => void)[] = [];
  private readonly deps: TradingDeps;
  private readonly onError: (error: unknown) => void;
  /** Venue events of each customer not yet picked up by their (queued) write task. */
  private readonly openStreams = new Map<number, StreamItem[]>();
  /** Orders just placed, on their way into the venue (a sweep must not submit them a second time). */
  private readonly placing = new Set<number>();
  /**
   * Acknowledged (working) orders the venue does not hold: the venue's book lives in this
   * process, so after a restart (a kill -9 included) every working order of the database is
   * here until recover() entered it again. Their venue order ids name nothing of theirs in
   * the new book (the ids restart from 1 and may name another participant's order), so
   * neither a cancel nor the expiry sweep may ask the venue about them meanwhile.
   */
  private readonly unentered = new Set<number>();
  /**
   * Orders this process entered into its venue before recovery took stock of the lost ones
   * (a conditional leg firing at start): they are in this book, so recovery leaves them.
   * Dropped once stock is taken.
   */
  private enteredBeforeStock: Set<number> | null = new Set();
  /**
   * A customer's submission of placed orders that has not started and is still the last task
   * of their queue: orders placed meanwhile join it (one task, one job, however many placement
   * batches committed while the customer's previous write ran).
   */
  private readonly openSubmits = new Map<number, { rows: TradingOrderRow[]; done: Promise<Map<number, OrderSnapshot>> }>();
  /** stop() was called (the app is closing): a failed write is not tried again. */
  private stopped = false;
  /** The same for orders another process wrote (submitQueued): ids sent meanwhile join the one read and entry. */
  private readonly openEnters = new Map<number, { ids: Set<number>; done: Promise<Map<number, OrderSnapshot>> }>();
  /** Group commit of placements, fills and acceptances, all customers together. */
  readonly writes: GroupCommit<WriterJob, StreamOutcome | Placement>;
  /** The writer's customers' trading holds as it last wrote them (held-memory.ts). */
  readonly held = new HeldMemory();
  /** Jobs of each kind the writer took (the bench reports them beside the batch sizes). */
  readonly writeStats = { placementJobs: 0, streamJobs: 0 };

  constructor(deps: TradingDeps, opts: EngineOptions = {}) {
    this.deps = deps;
    this.onError = opts.onError ?? (() => undefined);
    this.writes = new GroupCommit((jobs) => this.writeAll(jobs), {
      concurrency: opts.writers ?? WRITERS,
      // Two batches in flight never share a customer, so neither waits at the other's funds locks.
      keyOf: (j) => (j.kind === 'stream' ? j.job.userId : j.job.request.userId),
    });
  }

  /** Told (after the commit) which conditional legs followed a reduced position: the runner disarms them. */
  private readonly legListeners = new Set<(changes: readonly LegChange[]) => void>();

  onLegsChanged(listener: (changes: readonly LegChange[]) => void): () => void {
    this.legListeners.add(listener);
    return () => this.legListeners.delete(listener);
  }

  /** After the commit: the runner forgets the legs, the customer is told (one notice per position and change). */
  private legsChanged(changes: readonly LegChange[]): void {
    for (const l of this.legListeners) {
      try {
        l(changes);
      } catch (error) {
        this.onError(error);
      }
    }
    const groups = new Map<string, LegChange[]>();
    for (const c of changes) {
      const key = `${c.positionId}|${c.change}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const group of groups.values()) {
      const first = group[0] as LegChange;
      notifyLegs(this.deps, first.userId, positionLegsNotice(first.code, first.change, group.length, first.held)).catch(this.onError);
    }
  }

  /** Reports a failure nobody waits for (a placed order's venue entry, answered before it). */
  readonly report = (error: unknown): void => this.onError(error);

  /** Listen to the venue's fills and expiries of customer orders. */
  start(): void {
    this.unlisten.push(
      this.deps.venue.onFill((fill) => {
        const userId = userOfOwner(fill.ownerId);
        if (userId === null) return;
        this.stream(userId, { kind: 'fill', fill });
      }),
      this.deps.venue.onExpired((e) => {
        const userId = userOfOwner(e.ownerId);
        if (userId === null) return;
        this.enqueue(userId, () => this.applyExpiry(e)).catch(this.onError);
      }),
    );
  }

  stop(): void {
    this.stopped = true;
    for (const u of this.unlisten.splice(0)) u();
  }

  /**
   * What the venue did (an entry, a fill, a cancel, an expiry) written until the database takes it.
   * The venue acted already: given up, the book and the database would disagree (an order in the
   * book the database still holds as queued is entered a second time; a fill would be missing). So
   * while the database is away (PostgreSQL restarting, a connection dropped) the customer's queue
   * waits and the write is tried again; both writes are idempotent (fills by trade id, an acceptance
   * or a final state only from the state before it). A write that fails for another reason fails
   * as before, and so does any once the engine is stopped.
   */
  private async untilWritten<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (this.stopped || !isConnectionLost(error)) throw error;
        this.onError(error);
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1_000)));
      }
    }
  }

  /** Run `task` after every task queued before it for customer `userId`. */
  enqueue<T>(userId: number, task: () => Promise<T>): Promise<T> {
    // Events after this task go to a write task after it.
    this.openStreams.delete(userId);
    return this.append(userId, task);
  }

  private append<T>(userId: number, task: () => Promise<T>): Promise<T> {
    // Whatever is queued now runs after an open submission: later orders may not join it.
    this.openSubmits.delete(userId);
    this.openEnters.delete(userId);
    const result = (this.tails.get(userId) ?? Promise.resolve()).then(task);
    const settled = result.catch(() => undefined);
    this.tails.set(userId, settled);
    void settled.then(() => {
      if (this.tails.get(userId) === settled) this.tails.delete(userId);
    });
    return result;
  }

  /** A venue event: joins the customer's open write task, or opens one at the end of the queue. */
  private stream(userId: number, item: StreamItem): void {
    const open = this.openStreams.get(userId);
    if (open) {
      open.push(item);
      return;
    }
    const items = [item];
    this.openStreams.set(userId, items);
    this.append(userId, async () => {
      if (this.openStreams.get(userId) === items) this.openStreams.delete(userId);
      await this.writeNow(userId, items);
    }).catch(this.onError);
  }

  /** Writes a customer's events (group-committed with other customers'), then publishes what changed. */
  private async writeNow(userId: number, items: StreamItem[]): Promise<Map<number, OrderSnapshot>> {
    if (items.length === 0) return new Map();
    const { events, accepted } = (await this.untilWritten(() => this.writes.run({ kind: 'stream', job: { userId, items } }))) as StreamOutcome;
    for (const e of events) this.deps.events.publish(userId, e);
    return accepted;
  }

  /**
   * Resolves once every task queued so far for `userId` ran (a request's own fills are queued
   * before it); without a customer, once every task queued so far in every queue ran.
   */
  async barrier(userId?: number): Promise<void> {
    const keys = userId === undefined ? [...this.tails.keys()] : [userId];
    await Promise.all(keys.map((key) => this.enqueue(key, async () => undefined)));
  }

  /** Resolves once every queue is empty, including tasks queued while waiting (sweeps, tests). */
  async idle(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const pending = [...this.tails.values()];
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  /** The customer of an order (venue calls named by order id only), or null when there is no such order. */
  private async customerOf(orderId: number): Promise<number | null> {
    return (await this.ownerAndCode(orderId))?.userId ?? null;
  }

  private async ownerAndCode(orderId: number): Promise<{ userId: number; code: string } | null> {
    const [row] = await this.deps.db
      .select({ userId: tradingOrders.userId, code: tradingOrders.code })
      .from(tradingOrders)
      .where(eq(tradingOrders.id, orderId))
      .limit(1);
    return row ?? null;
  }

  /** Does this process's venue hold the instrument (ownership.ts)? */
  private owns(code: string): boolean {
    return (this.deps.ownership ?? EVERY_INSTRUMENT).owns(code);
  }

  // ---- venue calls -----------------------------------------------------------------------

  /** Enter a queued order (of customer `userId`, when the caller knows) into the venue; it stays queued while the venue is closed. */
  async submit(orderId: number, userId?: number): Promise<void> {
    const key = userId ?? (await this.customerOf(orderId));
    if (key === null) return;
    await this.enqueue(key, () => this.submitNow(orderId));
  }

  /**
   * Enter orders just placed (rows as committed, all of one customer) into the venue, in one
   * task: their acceptances and the fills they made at once are written in one group commit.
   * Resolves with each accepted order as written (absent: not accepted, or refused by the venue).
   */
  submitPlaced(orders: readonly TradingOrderRow[]): Promise<Map<number, OrderSnapshot>> {
    const first = orders[0];
    if (!first) return Promise.resolve(new Map());
    const userId = first.userId;
    const open = this.openSubmits.get(userId);
    if (open) {
      open.rows.push(...orders);
      return open.done;
    }
    const rows = [...orders];
    const done = this.enqueue(userId, () => {
      if (this.openSubmits.get(userId)?.rows === rows) this.openSubmits.delete(userId);
      return this.submitNow(rows);
    });
    this.openSubmits.set(userId, { rows, done });
    // Venue events of this customer from now on wait for this task too (it takes them first,
    // they happened before its submissions): no write task of their own behind it.
    this.openStreams.set(userId, []);
    return done;
  }

  /**
   * Enter queued orders of customer `userId` that another process wrote (cluster/partition-orders.ts),
   * read inside the customer's queue: whatever entered or ended them before (the sweep, a cancel)
   * is seen, so none is entered twice. Ids sent while the customer's queue is busy join one task
   * (one read, one write), as placed orders do: a partition that fell behind (a takeover, a burst)
   * catches up in batches instead of an order at a time.
   */
  submitQueued(userId: number, orderIds: readonly number[]): Promise<Map<number, OrderSnapshot>> {
    const open = this.openEnters.get(userId);
    if (open) {
      for (const id of orderIds) open.ids.add(id);
      return open.done;
    }
    const ids = new Set(orderIds);
    const done = this.enqueue(userId, async () => {
      if (this.openEnters.get(userId)?.ids === ids) this.openEnters.delete(userId);
      const rows = await this.deps.db
        .select()
        .from(tradingOrders)
        .where(inArray(tradingOrders.id, [...ids]));
      return this.submitNow(rows.filter((r) => r.userId === userId));
    });
    this.openEnters.set(userId, { ids, done });
    return done;
  }

  /** Orders about to be committed by a placement, which will submit them itself (sweeps skip them). */
  expectPlacements(orderIds: readonly number[]): void {
    for (const id of orderIds) this.placing.add(id);
  }

  /** The placement's commit failed: if the orders exist after all, sweeps may submit them. */
  forgetPlacements(orderIds: readonly number[]): void {
    for (const id of orderIds) this.placing.delete(id);
  }

  private async submitNow(orderOrRows: number | readonly TradingOrderRow[]): Promise<Map<number, OrderSnapshot>> {
    const { db, venue } = this.deps;
    let rows: readonly TradingOrderRow[];
    if (typeof orderOrRows === 'number') {
      // A sweep or a close: read it; one just placed is entered by its placement.
      if (this.placing.has(orderOrRows)) return new Map();
      const [order] = await db.select().from(tradingOrders).where(eq(tradingOrders.id, orderOrRows)).limit(1);
      rows = order ? [order] : [];
    } else {
      rows = orderOrRows;
      for (const o of rows) this.placing.delete(o.id);
    }
    const pending = rows.filter((o) => o.state === 'queued' || (o.state === 'working' && this.unentered.has(o.id)));
    // Committed orders of instruments another partition holds are entered there.
    const elsewhere = pending.filter((o) => !this.owns(o.code));
    if (elsewhere.length > 0) this.deps.ownership?.enterElsewhere(elsewhere.map((o) => ({ id: o.id, userId: o.userId, code: o.code })));
    const queued = elsewhere.length === 0 ? pending : pending.filter((o) => this.owns(o.code));
    const userId = queued[0]?.userId;
    if (userId === undefined) return new Map();
    const expired: number[] = [];
    // Events already waiting for this customer happened before these submissions: they are
    // written first, in the same job; the fills the submissions make join it.
    const items = this.openStreams.get(userId)?.splice(0) ?? [];
    this.openStreams.set(userId, items);
    const rejected: { id: number; reason: string }[] = [];
    try {
      for (const order of queued) {
        const reentry = order.state === 'working';
        // A day order is valid for the venue day it was entered on: one whose day ended while
        // the venue was lost expires instead of joining another day's book.
        if (reentry && order.tradingDate !== venue.quote(order.code).tradingDate) {
          expired.push(order.id);
          continue;
        }
        const accepted: StreamItem = {
          kind: 'accepted',
          orderId: order.id,
          venueOrderId: null,
          tradingDate: null,
          ...(reentry ? { reentry: true as const } : {}),
        };
        // Before the venue call: the acceptance is written before the fills it makes.
        items.push(accepted);
        const result = venue.submitOrder({
          code: order.code,
          side: order.side,
          type: order.orderType,
          ...(order.price === null ? {} : { price: order.price }),
          quantity: order.quantity - order.filledQuantity,
          ownerId: ownerOf(order.userId),
          clientOrderId: clientIdOf(order.id),
          ...(order.sessionCondition === null ? {} : { session: order.sessionCondition }),
          ...(order.venue === 'pts' ? { venue: 'pts' as const } : {}),
        });
        if (result.status === 'accepted') {
          this.enteredBeforeStock?.add(order.id);
          accepted.venueOrderId = result.orderId;
          accepted.tradingDate = venue.quote(order.code).tradingDate;
        } else if (result.reason !== 'market-closed') {
          // Valid when placed, refused now (e.g. a queued limit outside the next day's limits;
          // an acknowledged one whose session condition's auction passed while it was lost).
          rejected.push({ id: order.id, reason: result.reason });
        }
      }
    } finally {
      if (this.openStreams.get(userId) === items) this.openStreams.delete(userId);
    }
    const written = await this.writeNow(userId, items);
    for (const id of written.keys()) this.unentered.delete(id);
    for (const r of rejected) {
      written.delete(r.id);
      // An acknowledged order the venue no longer takes ends as expired: it was valid.
      await this.finalizeNow(r.id, this.unentered.delete(r.id) ? 'expired' : 'rejected', r.reason);
    }
    for (const id of expired) {
      this.unentered.delete(id);
      await this.finalizeNow(id, 'expired', null);
    }
    return written;
  }

  /** Cancel what is open of the order; resolves after the outcome is written. */
  async cancel(orderId: number, notOpen: NotOpenMessage): Promise<void> {
    const found = await this.ownerAndCode(orderId);
    if (found === null) refuse(notOpen);
    // Its partition's customer queue is where the order's acceptance and fills are written.
    if (!this.owns(found.code)) return (this.deps.ownership ?? EVERY_INSTRUMENT).cancelElsewhere({ id: orderId, code: found.code }, notOpen);
    const { userId } = found;
    const outcome = await this.enqueue(userId, async () => {
      const [order] = await this.deps.db.select().from(tradingOrders).where(eq(tradingOrders.id, orderId)).limit(1);
      if (!order || (order.state !== 'queued' && order.state !== 'working')) refuse(notOpen);
      // Not in the venue (queued, or acknowledged and not yet entered again after a restart):
      // nothing can fill it, so the cancel is written at once (finalizeNow releases the hold
      // in one transaction and does nothing to an order already final).
      if (order.state === 'queued' || this.unentered.has(order.id)) {
        await this.finalizeNow(order.id, 'cancelled', null);
        this.unentered.delete(order.id);
        return { later: null };
      }
      const r = this.deps.venue.cancelOrder(order.venueOrderId ?? '', ownerOf(order.userId));
      if (r.status === 'rejected') {
        if (r.reason === 'market-closed') refuse(MSG.cancelNotAcceptedNow);
        // Filled or expired a moment ago: its events are queued behind this task.
        refuse(notOpen);
      }
      // Fills the venue made while catching up to now were queued during cancelOrder; the
      // cancel is written after them.
      return { later: this.enqueue(userId, () => this.finalizeNow(order.id, 'cancelled', null)) };
    });
    if (outcome.later) await outcome.later;
  }

  // ---- venue events ----------------------------------------------------------------------

  private async applyExpiry(e: ExpiredOrder): Promise<void> {
    const orderId = orderOfClientId(e.clientOrderId);
    if (orderId !== null) await this.finalizeNow(orderId, 'expired', null);
  }

  /** Sweep step: a working order its venue day no longer knows (the day ended) expires. */
  async expireIfGone(orderId: number, customer?: number): Promise<void> {
    const userId = customer ?? (await this.customerOf(orderId));
    if (userId === null) return;
    // The follow-up is returned wrapped: an async task returning the promise itself would wait
    // for a task queued behind it.
    const outcome = await this.enqueue(userId, async () => {
      const [order] = await this.deps.db.select().from(tradingOrders).where(eq(tradingOrders.id, orderId)).limit(1);
      if (!order || order.state !== 'working' || !order.venueOrderId) return { later: null };
      // Its venue id names nothing of it in this book: the sweep enters it again instead.
      if (this.unentered.has(order.id)) return { later: null };
      if (this.deps.venue.isOpenOrder(order.venueOrderId)) return { later: null };
      // Fills or an expiry emitted while the book caught up are queued before this.
      return { later: this.enqueue(userId, () => this.finalizeNow(orderId, 'expired', null)) };
    });
    if (outcome.later) await outcome.later;
  }

  /** Apply one venue fill now (its own job in the group commit). */
  async applyFill(fill: Fill): Promise<void> {
    const userId = userOfOwner(fill.ownerId);
    if (userId === null) return;
    await this.writeNow(userId, [{ kind: 'fill', fill }]);
  }

  /** Place an order (placement-writer.ts): written with whatever else the writer has waiting. */
  place(job: PlacementJob): Promise<Placement> {
    return this.writes.run({ kind: 'place', job }) as Promise<Placement>;
  }

  /**
   * The group-commit writer (docs/trading.md "Write path"): placements and venue events of
   * every customer that are ready at the same moment, in ONE transaction under all their funds
   * locks (one statement). Events first, so the buying power the placements then read includes
   * the fills just written. A placement is answered after the commit, once its order is in
   * the venue (placement-writer.ts).
   */
  private async writeAll(jobs: readonly WriterJob[]): Promise<JobOutcome<StreamOutcome | Placement>[]> {
    const streams = jobs.flatMap((j) => (j.kind === 'stream' ? [j.job] : []));
    const places = jobs.flatMap((j) => (j.kind === 'place' ? [j.job] : []));
    this.writeStats.streamJobs += streams.length;
    this.writeStats.placementJobs += places.length;
    const batch = places.length > 0 ? new PlacementBatch(this.deps, this, places) : null;
    const customers = [...new Set([...streams.map((j) => j.userId), ...places.map((j) => j.request.userId)])];
    let written: JobOutcome<StreamOutcome>[] = [];
    let versions = new Map<number, number>();
    let changed = new Map<number, bigint>();
    let legChanges: LegChange[] = [];
    try {
      await this.deps.db.transaction(async (tx) => {
        versions = await lockFundsOf(tx, this.deps.clock, customers);
        // One read (the events' orders and positions, and what the placements need), the events
        // and then the placements decided in memory, one write statement for all of it.
        const events = await this.applyStreams(tx, streams, batch?.reading(tx, { memory: this.held, versions }) ?? null);
        ({ outcomes: written, heldChange: changed } = events);
        // The conditional legs on a position this batch reduced follow it in this transaction:
        // no moment in which a stop-loss waits to sell shares that are gone (a statement only
        // when a close filled).
        legChanges = await fitLegsToPositions(tx, this.deps.clock.now(), events.reduced);
        if (batch) await batch.spend(tx, events.read, { heldChange: changed, journals: events.ws.journals });
        await events.ws.flush(tx, this.deps, batch?.inserts() ?? []);
      });
    } catch (error) {
      batch?.abandon();
      this.held.forget(customers);
      throw error;
    }
    // Committed: the customers' holds as this transaction left them, for the next batch.
    for (const userId of customers) {
      const version = versions.get(userId);
      const before = this.held.heldAt(userId, version);
      // A customer with placements in the batch: as the batch left them (or unknown: forgotten).
      const held = batch?.placesFor(userId) ? batch.heldAfter.get(userId) : before === undefined ? undefined : before + (changed.get(userId) ?? 0n);
      if (version === undefined || held === undefined) this.held.forget([userId]);
      else this.held.remember(userId, version, held);
    }
    if (legChanges.length > 0) this.legsChanged(legChanges);
    const placed = batch ? batch.committed() : [];
    let s = 0;
    let p = 0;
    return jobs.map((j) => (j.kind === 'stream' ? written[s++] : placed[p++]) ?? { ok: false, error: new Error('write not answered') });
  }

  /**
   * Venue events of several customers, in the writer's transaction (their funds locks held):
   * their orders and positions (locked) and which of their fills are written are taken with one
   * statement, with `reading` (the placements' read) riding along; the jobs are then applied in
   * memory in order. What they change is left in `ws`, for the caller's one write statement.
   */
  private async applyStreams(
    tx: Database,
    jobs: readonly StreamJob[],
    reading: SQL<string | null> | null,
  ): Promise<{ outcomes: JobOutcome<StreamOutcome>[]; heldChange: Map<number, bigint>; ws: WriteSet; read: string | null; reduced: TradingPositionRow[] }> {
    const { clock } = this.deps;
    const heldChange = new Map<number, bigint>();
    const ws = new WriteSet();
    const orderIds = new Set<number>();
    for (const job of jobs)
      for (const item of job.items) {
        const id = item.kind === 'fill' ? orderOfClientId(item.fill.clientOrderId) : item.orderId;
        if (id !== null) orderIds.add(id);
      }
    const tradeIds = [...new Set(jobs.flatMap((j) => j.items.flatMap((i) => (i.kind === 'fill' ? [i.fill.tradeId] : []))))];
    const rows =
      orderIds.size === 0
        ? []
        : await tx
            .select({
              order: tradingOrders,
              pos: tradingPositions,
              read: reading ?? sql<string | null>`null`,
              // Which of this batch's fills of the order are written already (a venue replay),
              // read under the customers' locks: every writer of their fills holds them.
              written:
                tradeIds.length === 0
                  ? sql<string | null>`null`
                  : sql<
                      string | null
                    >`(select json_agg(f.trade_id)::text from ${tradingFills} f where f.order_id = ${tradingOrders.id} and f.trade_id = any(${sql.param(tradeIds)}::text[]))`,
            })
            .from(tradingOrders)
            .innerJoin(tradingPositions, eq(tradingPositions.id, tradingOrders.positionId))
            .where(sql`${tradingOrders.id} = any(${sql.param([...orderIds])}::int[])`) // one text for any number of orders
            .for('update');
    // No order to lock (or none found): the placements' read on its own.
    const read = reading === null ? null : rows.length > 0 ? (rows[0]?.read ?? null) : await readAlone(tx, reading);
    const orders = new Map(rows.map((r) => [r.order.id, r.order]));
    const positions = new Map(rows.map((r) => [r.pos.id, r.pos]));
    // What these rows hold of their customers' buying power, before and (below) after the
    // events: the change is what the writer's memory of their holds moves by (held-memory.ts).
    const holdsOf = (sign: 1n | -1n) => {
      for (const o of orders.values()) heldChange.set(o.userId, (heldChange.get(o.userId) ?? 0n) + sign * openOrderHeld(o));
      for (const p of positions.values()) heldChange.set(p.userId, (heldChange.get(p.userId) ?? 0n) + sign * marginHeldBy(p));
    };
    holdsOf(-1n);
    const ownOrder = (userId: number, fill: Fill) => {
      const order = orders.get(orderOfClientId(fill.clientOrderId) ?? -1);
      return order && order.userId === userId ? order : undefined;
    };
    const fillRows: (typeof tradingFills.$inferInsert)[] = [];
    for (const job of jobs)
      for (const item of job.items) {
        const order = item.kind === 'fill' ? ownOrder(job.userId, item.fill) : undefined;
        if (!order || item.kind !== 'fill') continue;
        const f = item.fill;
        fillRows.push({
          orderId: order.id,
          positionId: order.positionId,
          userId: job.userId,
          tradeId: f.tradeId,
          side: f.side,
          price: f.price,
          quantity: f.quantity,
          auction: f.auction,
          at: new Date(f.at),
        });
      }
    // A fill already written (a venue replay) is skipped by its (trade id, order) key.
    const keyOf = (f: { orderId: number; tradeId: string }) => `${f.orderId}|${f.tradeId}`;
    let fresh: Set<string>;
    if (feeFree(this.deps)) {
      // Written with the rest at the end (one statement fewer); nothing reads them before.
      const written = new Set(rows.flatMap((r) => (JSON.parse(r.written ?? '[]') as string[]).map((tradeId) => keyOf({ orderId: r.order.id, tradeId }))));
      fresh = new Set();
      for (const f of fillRows) {
        const key = keyOf(f);
        if (written.has(key) || fresh.has(key)) continue;
        fresh.add(key);
        ws.fills.push(f);
      }
    } else {
      // Fee queries read an order's fills, this transaction's included: inserted first.
      const inserted =
        fillRows.length === 0
          ? []
          : await tx.insert(tradingFills).values(fillRows).onConflictDoNothing().returning({ orderId: tradingFills.orderId, tradeId: tradingFills.tradeId });
      fresh = new Set(inserted.map(keyOf));
    }
    const outcomes: JobOutcome<StreamOutcome>[] = [];
    const acceptedBy: number[][] = [];
    /** Positions a close or liquidation fill reduced (their rows as the fills left them). */
    const reduced = new Set<TradingPositionRow>();
    for (const job of jobs) {
      const events: TradingUserEvent[] = [];
      const accepted: number[] = [];
      acceptedBy.push(accepted);
      outcomes.push({ ok: true, value: { events, accepted: new Map() } });
      for (const item of job.items) {
        if (item.kind === 'accepted') {
          const order = orders.get(item.orderId);
          if (!order || item.venueOrderId === null) continue;
          const takes = item.replay
            ? order.state === 'queued' || (order.state === 'working' && order.venueOrderId !== item.venueOrderId)
            : order.state === (item.reentry ? 'working' : 'queued');
          if (!takes) continue;
          ws.order(order, { state: 'working', venueOrderId: item.venueOrderId, tradingDate: item.tradingDate, updatedAt: clock.now() });
          accepted.push(order.id);
          const pos = positions.get(order.positionId);
          if (pos) events.push(orderEvent(pos, null));
          continue;
        }
        const order = ownOrder(job.userId, item.fill);
        if (!order || !fresh.delete(`${order.id}|${item.fill.tradeId}`)) continue;
        const pos = positions.get(order.positionId);
        if (!pos) throw new Error(`position ${order.positionId} missing`);
        await this.applyFillTo(tx, ws, order, pos, item.fill, events);
        if (order.kind !== 'open') reduced.add(pos);
      }
    }
    holdsOf(1n);
    // As written by this transaction (every job applied): a placement answers with these.
    outcomes.forEach((o, i) => {
      if (!o.ok) return;
      for (const id of acceptedBy[i] ?? []) {
        const order = orders.get(id);
        const pos = order && positions.get(order.positionId);
        if (order && pos) o.value.accepted.set(id, { order: { ...order }, pos: { ...pos } });
      }
    });
    return { outcomes, heldChange, ws, read, reduced: [...reduced] };
  }

  /** One venue fill on its (locked, in-memory) order and position; the writes go to `ws`. */
  private async applyFillTo(
    tx: Database,
    ws: WriteSet,
    order: TradingOrderRow,
    pos: TradingPositionRow,
    fill: Fill,
    events: TradingUserEvent[],
  ): Promise<void> {
    const { clock, config } = this.deps;
    const userId = order.userId;
    const now = clock.now();
    const q = fill.quantity;
    const filled = order.filledQuantity + q;
    const remaining = order.quantity - filled;
    const value = valueYen(fill.price, q);
    const tradeDate = jstDateKey(new Date(fill.at));
    const p: Partial<TradingPositionRow> = { updatedAt: now };

    if (order.kind === 'open') {
      p.openQuantity = pos.openQuantity + q;
      p.openValueTenths = pos.openValueTenths + BigInt(fill.price) * BigInt(q);
      p.firstFillAt = pos.firstFillAt ?? new Date(fill.at);
      p.openedOn = pos.openedOn ?? tradeDate;
      // 制度信用: due six months after the trade date (the business day on or before it).
      if (pos.product === 'margin' && pos.marginKind === 'standard' && !pos.dueDate)
        p.dueDate = businessDayOnOrBefore(addMonths(p.openedOn, config.margin.standardTermMonths));
      const cash = customerCash(userId, 'JPY');
      const clearing = brokerAccount(TRADING_ACCOUNTS.exchangeClearing, 'JPY');
      const financing = brokerAccount(TRADING_ACCOUNTS.marginFinancing, 'JPY');
      if (pos.product === 'cash') {
        ws.journal('trade_buy', pos, [
          { account: cash, amount: -value },
          { account: clearing, amount: value },
        ]);
      } else {
        p.marginHeld = pos.marginHeld + ceilDiv(value * 10n, BigInt(pos.leverageTenths));
        ws.journal(
          pos.direction === 'long' ? 'margin_open_long' : 'margin_open_short',
          pos,
          pos.direction === 'long'
            ? [
                { account: financing, amount: -value },
                { account: clearing, amount: value },
              ]
            : [
                { account: clearing, amount: -value },
                { account: financing, amount: value },
              ],
        );
      }
      if (remaining === 0) p.status = 'holding';
    } else {
      const held = pos.openQuantity - pos.closedQuantity;
      const openValueYen = pos.openValueTenths / 10n;
      const closedCostYen = pos.closedCostTenths / 10n;
      const last = q === held;
      const costYen = last ? openValueYen - closedCostYen : (openValueYen * BigInt(q)) / BigInt(pos.openQuantity);
      const pnl = pos.direction === 'long' ? value - costYen : costYen - value;
      p.closedQuantity = pos.closedQuantity + q;
      p.closeValueTenths = pos.closeValueTenths + BigInt(fill.price) * BigInt(q);
      p.closedCostTenths = pos.closedCostTenths + costYen * 10n;
      const cash = customerCash(userId, 'JPY');
      const clearing = brokerAccount(TRADING_ACCOUNTS.exchangeClearing, 'JPY');
      if (pos.product === 'cash') {
        ws.journal('trade_sell', pos, [
          { account: clearing, amount: -value },
          { account: cash, amount: value },
        ]);
        ws.unsettled.push({
          userId,
          positionId: pos.id,
          amount: value,
          tradeDate,
          settlesOn: settlementDate(tradeDate, config.settlementDays),
          createdAt: now,
        });
        p.realisedPnl = pos.realisedPnl + pnl;
        await holdingReduced(this.deps.extensions, tx, {
          userId,
          positionId: pos.id,
          code: pos.code,
          shares: q,
          reason: order.kind === 'liquidation' ? 'liquidation' : 'sale',
        });
      } else {
        const carry = carryCost(this.deps, pos.direction, costYen, pos.openedOn ?? tradeDate, tradeDate);
        const financing = brokerAccount(TRADING_ACCOUNTS.marginFinancing, 'JPY');
        const interest = brokerAccount(TRADING_ACCOUNTS.marginInterest, 'JPY');
        ws.journal(
          'margin_close',
          pos,
          pos.direction === 'long'
            ? [
                { account: clearing, amount: -value },
                { account: financing, amount: costYen },
                { account: cash, amount: pnl - carry },
                { account: interest, amount: carry },
              ]
            : [
                { account: clearing, amount: value },
                { account: financing, amount: -costYen },
                { account: cash, amount: pnl - carry },
                { account: interest, amount: carry },
              ],
          `${pos.direction === 'long' ? 'buy interest' : 'lending fee'} ${carry} yen`,
        );
        p.realisedPnl = pos.realisedPnl + pnl - carry;
        p.interestPosted = pos.interestPosted + carry;
        p.marginHeld = last ? 0n : pos.marginHeld - (pos.marginHeld * BigInt(q)) / BigInt(held);
      }
      if (p.closedQuantity === pos.openQuantity) {
        p.status = 'closed';
        p.closedAt = new Date(fill.at);
        if (order.kind === 'liquidation' && pos.endReason === null) p.endReason = 'liquidated';
      } else if (remaining === 0) {
        p.status = 'holding';
      }
    }

    const o: Partial<TradingOrderRow> = {
      filledQuantity: filled,
      hold: holdFor(order, pos, remaining, this.deps),
      updatedAt: now,
    };
    if (remaining === 0) {
      o.state = 'filled';
      const { fee, commission, value } = await this.postOrderFees(tx, order, pos, ws);
      await this.settleCoupon(tx, order, ws, commission, value);
      p.feesPosted = pos.feesPosted + fee;
      p.realisedPnl = (p.realisedPnl ?? pos.realisedPnl) - (order.kind === 'open' ? 0n : fee);
    }
    const before = pos.status;
    ws.order(order, o);
    ws.position(pos, p);
    events.push({
      event: 'fill',
      data: {
        positionId: pos.id,
        tradeId: fill.tradeId,
        kind: order.kind === 'open' ? 'open' : 'close',
        side: fill.side,
        price: priceText(fill.price),
        quantity: q,
        auction: fill.auction,
        at: new Date(fill.at).toISOString(),
      },
    });
    events.push(orderEvent(pos, null));
    if (pos.status !== before && (pos.status === 'holding' || pos.status === 'closed')) {
      events.push({ event: 'position', data: { id: pos.id, status: pos.status, realisedPnl: jpy(pos.realisedPnl) } });
    }
  }

  /**
   * An ended order's coupon (a fee discount it claimed at placement): the discount's journal goes
   * with the order's own, or the coupon is released (extensions.ts OrderCoupons). Orders without
   * one do nothing more.
   */
  private async settleCoupon(tx: Database, order: TradingOrderRow, ws: WriteSet, commission: bigint, filledValue: bigint): Promise<void> {
    const coupons = this.deps.extensions.orderCoupons;
    if (order.couponId === null || !coupons) return;
    const journal = await coupons.settle(tx, { userId: order.userId, couponId: order.couponId, orderId: order.id, commission, filledValue });
    if (journal) ws.journals.push(journal);
  }

  /**
   * Fees of a finished order on what it filled, posted once (customer cash → fees): the total,
   * the commission within it and the filled value (yen) it was charged on.
   */
  private async postOrderFees(
    tx: Database,
    order: TradingOrderRow,
    pos: TradingPositionRow,
    ws: WriteSet,
  ): Promise<{ fee: bigint; commission: bigint; value: bigint }> {
    if (feeFree(this.deps)) return { fee: 0n, commission: 0n, value: 0n };
    // The order's fills, including those of this transaction (inserted before any is applied).
    const [row] = await tx
      .select({ value: sql<string>`coalesce(sum(${tradingFills.price}::bigint * ${tradingFills.quantity}), 0)::text` })
      .from(tradingFills)
      .where(eq(tradingFills.orderId, order.id));
    const value = (BigInt(row?.value ?? '0') + 9n) / 10n;
    const fees = feesFor(this.deps.config, order.side, value);
    const fee = fees.total;
    if (fee > 0n) {
      ws.journal('trade_fee', pos, [
        { account: customerCash(pos.userId, 'JPY'), amount: -fee },
        { account: brokerAccount(TRADING_ACCOUNTS.fees, 'JPY'), amount: fee },
      ]);
      if (pos.product === 'cash' && order.kind !== 'open') {
        // Fees come out of the sale proceeds: what stays unsettled is the net amount.
        const tradeDate = jstDateKey(this.deps.businessClock.now());
        ws.unsettled.push({
          userId: pos.userId,
          positionId: pos.id,
          amount: -(fee < value ? fee : value),
          tradeDate,
          settlesOn: settlementDate(tradeDate, this.deps.config.settlementDays),
          createdAt: this.deps.clock.now(),
        });
      }
    }
    return { fee, commission: fees.commission, value };
  }

  /** Cancelled, expired or rejected: release the hold, post fees on what filled, move the position. */
  finalizeNow(orderId: number, reason: FinalReason, detail: string | null): Promise<void> {
    return this.untilWritten(() => this.finalizeOnce(orderId, reason, detail));
  }

  private async finalizeOnce(orderId: number, reason: FinalReason, detail: string | null): Promise<void> {
    const { db, clock } = this.deps;
    const [peek] = await db.select({ userId: tradingOrders.userId }).from(tradingOrders).where(eq(tradingOrders.id, orderId)).limit(1);
    if (!peek) return;
    let event: TradingUserEvent | null = null;
    await withUserFundsLock(db, clock, peek.userId, async (tx) => {
      const [order] = await tx.select().from(tradingOrders).where(eq(tradingOrders.id, orderId)).for('update').limit(1);
      if (!order || (order.state !== 'queued' && order.state !== 'working')) return;
      const [pos] = await tx.select().from(tradingPositions).where(eq(tradingPositions.id, order.positionId)).for('update').limit(1);
      if (!pos) throw new Error(`position ${order.positionId} missing`);
      const now = clock.now();
      const ws = new WriteSet();
      const { fee, commission, value } = order.filledQuantity > 0 ? await this.postOrderFees(tx, order, pos, ws) : { fee: 0n, commission: 0n, value: 0n };
      await this.settleCoupon(tx, order, ws, commission, value);
      await ws.flush(tx, this.deps);
      await tx.update(tradingOrders).set({ state: reason, hold: 0n, updatedAt: now }).where(eq(tradingOrders.id, order.id));
      const p: Partial<TradingPositionRow> = { updatedAt: now, feesPosted: pos.feesPosted + fee };
      if (order.kind === 'open') {
        if (pos.openQuantity > 0) p.status = 'holding';
        else {
          p.status = 'cancelled';
          p.closedAt = this.deps.businessClock.now(); // business time, as fills are
          p.endReason = reason === 'expired' ? 'expired' : 'cancelled';
        }
      } else {
        p.realisedPnl = pos.realisedPnl - fee;
        p.status = pos.closedQuantity === pos.openQuantity ? 'closed' : 'holding';
      }
      await tx.update(tradingPositions).set(p).where(eq(tradingPositions.id, pos.id));
      const status = p.status ?? pos.status;
      event = {
        event: 'order',
        data: { id: pos.id, status, filledQuantity: pos.openQuantity, holdingQuantity: pos.openQuantity - pos.closedQuantity, reason: detail ?? reason },
      };
    });
    if (event) this.deps.events.publish(peek.userId, event);
  }

  // ---- sweep -----------------------------------------------------------------------------

  /** Queued orders into the venue when it opens; working orders whose day ended expire. */
  async sweepOrders(): Promise<void> {
    const open = await this.deps.db
      .select({ id: tradingOrders.id, state: tradingOrders.state, userId: tradingOrders.userId, code: tradingOrders.code })
      .from(tradingOrders)
      .where(inArray(tradingOrders.state, ['queued', 'working']));
    for (const o of open) {
      if (!this.owns(o.code)) continue;
      // An acknowledged order recover() could not enter (the venue was closed) is tried again.
      if (o.state === 'queued' || this.unentered.has(o.id)) await this.submit(o.id, o.userId);
      else await this.expireIfGone(o.id, o.userId);
    }
    await this.idle();
  }

  // ---- start-up recovery -----------------------------------------------------------------

  /**
   * Takes every acknowledged (working) order of the database as not in the venue: at start-up
   * the venue's book is empty (it lives in this process). recover() does it first; from then
   * on cancels and the sweep treat those orders as not in the venue. Answers the orders taken.
   */
  async forgetVenueEntries(): Promise<number[]> {
    // Once only: after that, a working order is one this process entered.
    if (this.enteredBeforeStock === null) return [...this.unentered];
    const working = await this.deps.db.select({ id: tradingOrders.id, code: tradingOrders.code }).from(tradingOrders).where(eq(tradingOrders.state, 'working'));
    const lost = working.filter((r) => this.owns(r.code) && !this.enteredBeforeStock?.has(r.id)).map((r) => r.id);
    this.enteredBeforeStock = null;
    for (const id of lost) this.unentered.add(id);
    return lost;
  }

  /**
   * A venue rebuilt from its input log (a takeover; cluster/venue-input-log.ts): today's books
   * start again and the day's logged inputs go into them at their logged times, all at once, so
   * nothing moves a book in between. The books then hold what the old leader's held, with the
   * same order and trade ids. What the inputs did to our orders is handed to the writer as it
   * happened: an acceptance the old leader had not written yet, fills (those written are found
   * written and skipped), expiries, cancels. Run before recover(): an order the replay entered is
   * in this book, so recovery does not enter it again.
   */
  replayVenueLog(inputs: readonly LoggedVenueInput[]): ReplayFigures {
    const { venue } = this.deps;
    venue.restartDay?.();
    const figures: ReplayFigures = { inputs: inputs.length, entered: 0, cancelled: 0, refused: 0 };
    const ours = new Map<string, { orderId: number; userId: number }>();
    for (const input of inputs) {
      if (input.kind === 'cancel') {
        const r = venue.cancelOrder(input.orderId, input.ownerId, input.at);
        const order = ours.get(input.orderId);
        if (r.status !== 'cancelled') figures.refused += 1;
        else if (order) {
          figures.cancelled += 1;
          this.enqueue(order.userId, () => this.finalizeNow(order.orderId, 'cancelled', null)).catch(this.onError);
        }
        continue;
      }
      const orderId = orderOfClientId(input.order.clientOrderId);
      const userId = userOfOwner(input.order.ownerId);
      const item: StreamItem | null =
        orderId === null || userId === null ? null : { kind: 'accepted', orderId, venueOrderId: null, tradingDate: null, replay: true };
      // Streamed before the venue call, as in submitNow: the acceptance is written before its fills.
      if (item && userId !== null) this.stream(userId, item);
      const r = venue.submitOrder(input.order, input.at);
      if (r.status !== 'accepted') {
        figures.refused += 1;
        continue;
      }
      if (item?.kind !== 'accepted' || orderId === null || userId === null) continue;
      item.venueOrderId = r.orderId;
      item.tradingDate = input.tradingDate;
      ours.set(r.orderId, { orderId, userId });
      this.enteredBeforeStock?.add(orderId);
      figures.entered += 1;
    }
    return figures;
  }

  /**
   * Start-up recovery (docs/operations.md "Start-up recovery"): every acknowledged order the
   * venue lost is entered again with what remains of it (or expires if its day ended), and
   * every queued order is submitted, each customer's on their queue. Resolves once all of it
   * is written; an order the venue cannot take now (closed) stays pending, cancellable, and
   * the sweep tries it again.
   */
  async recover(): Promise<RecoveryFigures> {
    const ids = await this.forgetVenueEntries();
    const before = (
      await this.deps.db
        .select({ id: tradingOrders.id, userId: tradingOrders.userId, code: tradingOrders.code })
        .from(tradingOrders)
        .where(inArray(tradingOrders.state, ['queued', 'working']))
    ).filter((o) => this.owns(o.code));
    const byUser = new Map<number, number[]>();
    for (const o of before) byUser.set(o.userId, [...(byUser.get(o.userId) ?? []), o.id]);
    await Promise.all(
      [...byUser].map(([userId, orderIds]) =>
        this.enqueue(userId, async () => {
          // Read inside the customer's queue: what is written before this task is seen.
          const rows = await this.deps.db.select().from(tradingOrders).where(inArray(tradingOrders.id, orderIds));
          return this.submitNow(rows);
        }),
      ),
    );
    // What those entries set off for other customers (the other side of a fill) is queued by now.
    // Not idle(): a leader taking over under load keeps receiving orders, and its recovery is
    // done when the orders it took stock of are in the book, not when no order is arriving.
    await this.barrier();
    const after =
      ids.length === 0
        ? []
        : await this.deps.db.select({ id: tradingOrders.id, state: tradingOrders.state }).from(tradingOrders).where(inArray(tradingOrders.id, ids));
    const expired = after.filter((o) => o.state === 'expired' || o.state === 'rejected').length;
    const waiting = after.filter((o) => this.unentered.has(o.id)).length;
    return { reentered: ids.length - expired - waiting, expired, waiting };
  }

  /** Acknowledged orders not in the venue now (recover() and the sweep enter them). */
  get unenteredCount(): number {
    return this.unentered.size;
  }
}

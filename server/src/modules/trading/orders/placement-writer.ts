// The write of placed orders by group commit (docs/trading.md "Write path"). Every check that
// needs no database ran in placeOrder; here, in ONE transaction for all orders placed at the
// same moment (the engine's writer, with the venue events ready then): under the funds locks of
// their customers, their idempotency keys, ids and each customer's buying power are read in the
// writer's one read (after the locks, so a same-key request another server committed first is
// seen), the power spent order by order in arrival order (so parallel orders can never hold
// more than it), and the positions, orders and idempotency keys go into the writer's one write
// statement. A refused order is refused alone and writes nothing. After the commit each
// customer's new orders enter the venue in one engine task (their acceptances and the fills they
// make at once written by the next transaction); the placement is answered at the commit.
import { sql, type SQL } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../../../http/envelope';
import {
  ACCOUNT_KINDS,
  balancesQuery,
  fundsIdempotency,
  lockFundsOf,
  refuse,
  replayIfSeen,
  requestHash,
  type IdempotentRequest,
  type JournalInput,
} from '../../funds';
import { openOrderHeld } from '../settlement/holds';
import type { HeldMemory } from './held-memory';
import type { TradingDeps } from '../deps';
import { jpy } from '../money';
import { tradingOrders, tradingPositions, type TradingOrderRow, type TradingPositionRow } from '../schema';
import { clientIdOf } from '../venue';
import { powerFiguresQuery } from './buying-power';
import { excludedFromBuyingMany } from '../extensions';
import type { Database } from '../../../db/client';
import { insertRowsSql, oneStatement } from '../../../db/column-arrays';
import type { GroupCommit, JobOutcome } from '../../../db/group-commit';

/** An order and its position as committed (the placement answer is built from it). */
export interface OrderSnapshot {
  order: TradingOrderRow;
  pos: TradingPositionRow;
}

/**
 * What placements need of the order engine (engine.ts implements it; named here so the
 * engine can use PlacementBatch without the two files importing each other).
 */
export interface PlacementEngine {
  place(job: PlacementJob): Promise<Placement>;
  readonly writes: { readonly stats: GroupCommit<unknown, unknown>['stats'] };
  expectPlacements(orderIds: readonly number[]): void;
  forgetPlacements(orderIds: readonly number[]): void;
  submitPlaced(orders: readonly TradingOrderRow[]): Promise<Map<number, OrderSnapshot>>;
}

export interface PlacementJob {
  request: IdempotentRequest;
  /** What the order holds of the customer's buying power. */
  hold: bigint;
  /** Cash the customer must have for the order (a margin order: the margin account's minimum deposit), else null. */
  minimumCash: bigint | null;
  /** A fee-discount coupon the order claims (extensions.ts OrderCoupons), with the order value its minimum is checked against; null: none. */
  coupon: { couponId: number; orderValue: bigint } | null;
  position: Omit<typeof tradingPositions.$inferInsert, 'id'>;
  order: Omit<typeof tradingOrders.$inferInsert, 'id' | 'positionId' | 'clientOrderId'>;
}

/** What the writer knows of its customers' holds in this transaction (held-memory.ts). */
export interface RememberedHolds {
  memory: HeldMemory;
  /** Each customer's funds-lock version, as this transaction took it. */
  versions: ReadonlyMap<number, number>;
}

/** What this transaction's venue events, applied before the placements, change of their customers' buying power. */
export interface EventsEffect {
  /** The change of each customer's trading holds. */
  heldChange: ReadonlyMap<number, bigint>;
  /** Their journals (not written yet): what they post to customers' yen cash moves it. */
  journals: readonly JournalInput[];
}

type FigureRows = Record<string, string | number | null>[];

/** What `journals` post to each customer's yen cash (buying power counts yen cash only). */
function cashChangeOf(journals: readonly JournalInput[]): Map<number, bigint> {
  const change = new Map<number, bigint>();
  for (const j of journals)
    for (const p of j.postings) {
      const { kind, currency, userId } = p.account;
      if (kind === ACCOUNT_KINDS.customerCash && currency === 'JPY' && userId != null) change.set(userId, (change.get(userId) ?? 0n) + p.amount);
    }
  return change;
}

export interface Placement {
  positionId: number;
  replayed: boolean;
  /** The order and its position as the placement committed them (注文受付); null for a replay. */
  committed: OrderSnapshot | null;
  /**
   * Resolves once the order is in the venue and its immediate fills are written, with the order
   * and its position as that write committed them (null: a replay, or an order the venue did
   * not accept now; read them).
   */
  entered: Promise<OrderSnapshot | null>;
}

/** What places orders: the engine's writer (placements, fills and acceptances in one group commit). */
export interface PlacementWriter {
  run(job: PlacementJob): Promise<Placement>;
  /** Transactions written and jobs in them (all kinds: the writer is shared). */
  readonly stats: GroupCommit<unknown, unknown>['stats'];
}

/** The engine's placement writer (one per engine, so per server). */
export function placementsOf(_deps: TradingDeps, engine: PlacementEngine): PlacementWriter {
  return { run: (job) => engine.place(job), stats: engine.writes.stats };
}

const keyOf = (r: IdempotentRequest) => `${r.userId}|${r.key}`;
const none = Promise.resolve(null);

/** Placements on their own: one transaction under their customers' locks (tests; a writer of placements alone). */
export async function writePlacements(deps: TradingDeps, engine: PlacementEngine, jobs: readonly PlacementJob[]): Promise<JobOutcome<Placement>[]> {
  const batch = new PlacementBatch(deps, engine, jobs);
  try {
    await deps.db.transaction(async (tx) => {
      await lockFundsOf(
        tx,
        deps.clock,
        jobs.map((j) => j.request.userId),
      );
      await batch.spend(tx, await readAlone(tx, batch.reading(tx)));
      const inserts = oneStatement(batch.inserts());
      if (inserts) await tx.execute(inserts);
    });
  } catch (error) {
    batch.abandon();
    throw error;
  }
  return batch.committed();
}

/** A batch's `reading` on its own (no venue events to ride with). */
export async function readAlone(tx: Database, reading: SQL<string | null>): Promise<string | null> {
  const result: unknown = await tx.execute(sql`select ${reading} as read`);
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: { read: string | null }[] }).rows[0]?.read ?? null;
}

/**
 * One batch of placements, in a transaction that already holds the funds locks of every
 * customer in it: `reading` (one read), `spend` (the decisions, in memory), `inserts` (for the
 * one write statement), then `committed` once that transaction committed (or `abandon` if it
 * did not).
 */
export class PlacementBatch {
  private readonly outcomes: (JobOutcome<Placement> | null)[];
  /** Accepted jobs, in arrival order. */
  private readonly accepted: number[] = [];
  /** A job repeating an accepted job's key in this same batch: answered as its replay. */
  private readonly repeats = new Map<number, number>();
  private ids: { positionId: number; orderId: number }[] = [];
  /** Each customer's trading holds once this batch commits (the writer remembers them: held-memory.ts). */
  readonly heldAfter = new Map<number, bigint>();
  private readonly customers: ReadonlySet<number>;
  private rows: TradingOrderRow[] = [];
  private positions: TradingPositionRow[] = [];
  private readonly claimed: number[] = [];
  /** Customers whose holds the writer remembers (reading), with those holds. */
  private readonly remembered = new Map<number, bigint>();
  private powerQuery: ReturnType<typeof powerFiguresQuery> = null;
  private cashQuery: ReturnType<typeof balancesQuery> = null;
  private insertStatements: SQL[] = [];

  constructor(
    private readonly deps: TradingDeps,
    private readonly engine: PlacementEngine,
    readonly jobs: readonly PlacementJob[],
  ) {
    this.outcomes = jobs.map(() => null);
    this.customers = new Set(jobs.map((j) => j.request.userId));
  }

  /** Whether the batch has an order of customer `userId`. */
  placesFor(userId: number): boolean {
    return this.customers.has(userId);
  }

  /** The transaction failed: orders claimed for this placement may be submitted by sweeps if they exist after all. */
  abandon(): void {
    this.engine.forgetPlacements(this.claimed);
  }

  /**
   * What the batch reads under the locks, as one JSON text to ride in the writer's first read
   * of the transaction (engine.ts: with the venue events' orders, one round trip for both): ids
   * for as many orders as jobs, the keys already answered, each customer's cash and the holds of
   * those the writer does not remember (held-memory.ts: remembered when their lock is the next
   * one after the writer's own). Uncorrelated, so evaluated once, whatever row it rides on.
   */
  reading(tx: Database, held?: RememberedHolds): SQL<string | null> {
    const { deps, jobs } = this;
    for (const userId of this.customers) {
      const known = held?.memory.heldAt(userId, held.versions.get(userId));
      if (known !== undefined) this.remembered.set(userId, known);
    }
    // As two array parameters, whatever the batch's size (db/column-arrays.ts says why). Ids of
    // jobs refused below are left unused, as a rolled-back insert leaves them.
    const pairs = sql`select * from unnest(${sql.param(jobs.map((j) => j.request.userId))}::int[], ${sql.param(jobs.map((j) => j.request.key))}::text[])`;
    this.powerQuery = powerFiguresQuery(
      deps,
      tx,
      [...this.customers].filter((userId) => !this.remembered.has(userId)),
    );
    this.cashQuery = balancesQuery([...this.remembered.keys()], ACCOUNT_KINDS.customerCash, 'JPY');
    const ids = sql`(select json_agg(json_build_array(nextval(pg_get_serial_sequence('trading_positions', 'id')), nextval(pg_get_serial_sequence('trading_orders', 'id')))) from generate_series(1, ${jobs.length}::int))`;
    const seen = sql`(select json_agg(json_build_array(${fundsIdempotency.userId}, ${fundsIdempotency.key})) from ${fundsIdempotency} where (${fundsIdempotency.userId}, ${fundsIdempotency.key}) in (${pairs}))`;
    const power = this.powerQuery ? sql`(select json_agg(f) from (${this.powerQuery.sql}) as f)` : sql`null`;
    const cash = this.cashQuery ? sql`(select json_agg(c) from (${this.cashQuery.sql}) as c)` : sql`null`;
    return sql<string | null>`(select json_build_object('ids', ${ids}, 'seen', ${seen}, 'power', ${power}, 'cash', ${cash})::text)`;
  }

  /**
   * Each order against its customer's buying power, in arrival order, from what `reading` read
   * (`read`) and what this transaction's venue events changed before it (`events`: their journals
   * move cash, their orders and positions the holds; nothing is written yet when it runs).
   */
  async spend(tx: Database, read: string | null, events?: EventsEffect): Promise<void> {
    const { deps, jobs, outcomes, accepted, repeats } = this;
    if (read === null) throw new Error('placement batch not read');
    const drawn = JSON.parse(read) as { ids: [number, number][] | null; seen: [number, string][] | null; power: FigureRows | null; cash: FigureRows | null };
    if (drawn.ids?.length !== jobs.length) throw new Error('order ids not allocated');
    const seenKeys = new Set((drawn.seen ?? []).map(([userId, key]) => `${userId}|${key}`));
    const cashChange = events ? cashChangeOf(events.journals) : new Map<number, bigint>();
    const moved = (userId: number) => ({ cash: cashChange.get(userId) ?? 0n, held: events?.heldChange.get(userId) ?? 0n });
    // Every customer's cash and holds in one read (two statements per customer in a row would
    // make a batch's transaction grow with its size), spent order by order below.
    const figures = new Map<number, { cash: bigint; buyingPower: bigint }>();
    for (const [userId, f] of this.powerQuery ? await this.powerQuery.read(drawn.power ?? []) : []) {
      const m = moved(userId);
      figures.set(userId, { cash: f.cash + m.cash, buyingPower: f.buyingPower + m.cash - m.held });
    }
    const cash = this.cashQuery?.read(drawn.cash ?? []) ?? new Map<number, bigint>();
    for (const [userId, holds] of this.remembered) {
      const m = moved(userId);
      const mine = (cash.get(userId) ?? 0n) + m.cash;
      figures.set(userId, { cash: mine, buyingPower: mine - holds - m.held });
    }
    // Buying power = cash − trading holds (unsettled proceeds count: buying-power.ts).
    for (const [userId, f] of figures) this.heldAfter.set(userId, f.cash - f.buyingPower);
    // After heldAfter, which remembers trading holds only: an exclusion (loan proceeds) is
    // read afresh each time, in this transaction, for the whole batch at once.
    if (deps.extensions.buyingPowerExclusions.length > 0 && figures.size > 0) {
      const excluded = await excludedFromBuyingMany(deps.extensions, tx, new Map([...figures].map(([userId, f]) => [userId, f.cash])));
      for (const [userId, minor] of excluded) {
        const f = figures.get(userId);
        if (f && minor > 0n) figures.set(userId, { ...f, buyingPower: f.buyingPower - minor });
      }
    }
    const power = new Map<number, bigint>();
    const firstOfKey = new Map<string, number>();
    for (const [i, job] of jobs.entries()) {
      const { request } = job;
      try {
        if (seenKeys.has(keyOf(request))) {
          const again = await replayIfSeen<{ positionId: number }>(tx, request); // refuses a reused key
          if (again) {
            outcomes[i] = { ok: true, value: { positionId: again.data.positionId, replayed: true, committed: null, entered: none } };
            continue;
          }
        }
        const first = firstOfKey.get(keyOf(request));
        if (first !== undefined) {
          const firstRequest = (jobs[first] as PlacementJob).request;
          if (requestHash(firstRequest.action, firstRequest.params) !== requestHash(request.action, request.params)) refuse(MSG.idempotencyKeyReused);
          repeats.set(i, first);
          continue;
        }
        const mine = figures.get(request.userId);
        if (!mine) throw new Error(`buying power of customer ${request.userId} not read`);
        // A margin order needs the minimum deposit in cash (research §3.1), read here under the lock.
        if (job.minimumCash !== null && mine.cash < job.minimumCash)
          refuse(MSG.marginMinimumDeposit, { rule: 'minimum-deposit', required: jpy(job.minimumCash), cash: jpy(mine.cash) });
        const available = power.get(request.userId) ?? mine.buyingPower;
        if (job.hold > available) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(job.hold), buyingPower: jpy(available) });
        // The coupon last: its claim is the one check that writes (a refusal writes nothing), so
        // an order refused for anything else never holds it. Orders without one read nothing more.
        if (job.coupon) {
          const [positionId, orderId] = drawn.ids[accepted.length] as [number, number];
          const coupons = deps.extensions.orderCoupons;
          const refusal = coupons
            ? await coupons.claim(tx, { userId: request.userId, couponId: job.coupon.couponId, orderId, positionId, orderValue: job.coupon.orderValue })
            : { msg: MSG.couponNotApplicable, data: { rule: 'order-coupons-offered', couponId: job.coupon.couponId } };
          if (refusal) refuse(refusal.msg, refusal.data);
        }
        power.set(request.userId, available - job.hold);
        firstOfKey.set(keyOf(request), i);
        accepted.push(i);
      } catch (error) {
        // A refusal is this job's answer; anything else rolls the batch back.
        if (!(error instanceof ApiFailure)) throw error;
        outcomes[i] = { ok: false, error };
      }
    }
    if (accepted.length === 0) return;
    this.ids = drawn.ids.slice(0, accepted.length).map(([positionId, orderId]) => ({ positionId, orderId }));
    const idOf = (n: number) => this.ids[n] as { positionId: number; orderId: number };
    const jobOf = (i: number) => jobs[i] as PlacementJob;
    // Every column given, so these rows are exactly what is stored (no RETURNING needed).
    this.rows = accepted.map((i, n): TradingOrderRow => {
      const o = jobOf(i).order;
      const { orderId, positionId } = idOf(n);
      return {
        id: orderId,
        positionId,
        userId: o.userId,
        kind: o.kind,
        code: o.code,
        side: o.side,
        orderType: o.orderType,
        price: o.price ?? null,
        quantity: o.quantity,
        filledQuantity: o.filledQuantity ?? 0,
        state: o.state,
        clientOrderId: clientIdOf(orderId),
        venueOrderId: o.venueOrderId ?? null,
        tradingDate: o.tradingDate ?? null,
        hold: o.hold ?? 0n,
        holdPerShareTenths: o.holdPerShareTenths ?? 0n,
        sessionCondition: o.sessionCondition ?? null,
        venue: o.venue ?? 'tse',
        couponId: o.couponId ?? null,
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
      };
    });
    const now = deps.clock.now();
    // Every column given here too: the placement is answered from these rows (注文受付).
    this.positions = accepted.map((i, n): TradingPositionRow => {
      const p = jobOf(i).position;
      return {
        id: idOf(n).positionId,
        userId: p.userId,
        code: p.code,
        product: p.product,
        marginKind: p.marginKind ?? null,
        direction: p.direction,
        orderType: p.orderType,
        limitPrice: p.limitPrice ?? null,
        leverageTenths: p.leverageTenths,
        tab: p.tab,
        status: p.status,
        orderedQuantity: p.orderedQuantity,
        openQuantity: 0,
        openValueTenths: 0n,
        closedQuantity: 0,
        closeValueTenths: 0n,
        closedCostTenths: 0n,
        marginHeld: 0n,
        realisedPnl: 0n,
        interestPosted: 0n,
        feesPosted: 0n,
        endReason: null,
        openedOn: null,
        dueDate: null,
        dueWarned: false,
        offAuction: false,
        lockUpUntil: null,
        createdAt: p.createdAt,
        firstFillAt: null,
        closedAt: null,
        updatedAt: p.updatedAt,
      };
    });
    const positionRows = this.positions;
    const keyRows = accepted.map((i, n) => {
      const { request } = jobOf(i);
      return {
        userId: request.userId,
        key: request.key,
        action: request.action,
        requestHash: requestHash(request.action, request.params),
        response: { msg: MSG.orderPlaced, data: { positionId: idOf(n).positionId } },
        createdAt: now,
      };
    });
    // Positions, orders and keys, one parameter per column (db/column-arrays.ts), to be written
    // in the transaction's one write statement (`inserts`; the orders' foreign key to their
    // positions is checked at its end).
    this.insertStatements = [
      insertRowsSql(tradingPositions, positionRows) ?? tx.insert(tradingPositions).values(positionRows).getSQL(),
      insertRowsSql(fundsIdempotency, keyRows) ?? tx.insert(fundsIdempotency).values(keyRows).getSQL(),
      insertRowsSql(tradingOrders, this.rows) ?? tx.insert(tradingOrders).values(this.rows).getSQL(),
    ];
    for (const row of this.rows) {
      const held = this.heldAfter.get(row.userId);
      if (held === undefined) throw new Error(`holds of customer ${row.userId} not known`);
      this.heldAfter.set(row.userId, held + openOrderHeld(row));
    }
    // Claimed before the commit: a sweep that sees them queued leaves them to this placement.
    this.claimed.push(...this.rows.map((r) => r.id));
    this.engine.expectPlacements(this.claimed);
  }

  /** The accepted orders' inserts (positions, keys, orders), for the transaction's write statement; none when nothing was accepted. */
  inserts(): readonly SQL[] {
    return this.insertStatements;
  }

  /** Committed: into the venue, one engine task per customer; each job's answer. */
  committed(): JobOutcome<Placement>[] {
    const { jobs, outcomes, accepted, repeats } = this;
    const byUser = new Map<number, TradingOrderRow[]>();
    for (const row of this.rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    const entered = new Map<number, Promise<Map<number, OrderSnapshot>>>();
    for (const [userId, list] of byUser) entered.set(userId, this.engine.submitPlaced(list));
    accepted.forEach((i, n) => {
      const userId = (jobs[i] as PlacementJob).request.userId;
      const { positionId, orderId } = this.ids[n] as { positionId: number; orderId: number };
      const written = entered.get(userId);
      const order = this.rows[n] as TradingOrderRow;
      const pos = this.positions[n] as TradingPositionRow;
      outcomes[i] = {
        ok: true,
        value: {
          positionId,
          replayed: false,
          committed: { order: { ...order }, pos: { ...pos } },
          entered: written ? written.then((m) => m.get(orderId) ?? null) : none,
        },
      };
    });
    for (const [i, first] of repeats) {
      const value = outcomes[first];
      outcomes[i] = value?.ok ? { ok: true, value: { ...value.value, replayed: true } } : (value ?? { ok: false, error: new Error('placement lost') });
    }
    return outcomes.map((o) => o ?? { ok: false, error: new Error('placement not answered') });
  }
}

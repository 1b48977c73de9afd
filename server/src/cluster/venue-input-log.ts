// A venue partition's input log (docs/operations.md "The venue input log"). A book is a
// replayable state machine: its only inputs are customer submits and cancels at given times, its
// seeded participants and the session schedule. So the leader numbers each customer input as it
// acts on it and keeps the time it acted at; a standby that takes over replays the day's inputs
// into fresh books (trading's OrderEngine.replayVenueLog) and holds the same books, orders and
// trade ids as the leader it replaces.
//
// When an input is durable: every transaction the leader starts writes the inputs acted on so
// far first (main.ts, beside the lease fence). Whatever an input caused — an acceptance, a fill,
// a cancel, a fill of another customer's resting order — is written by a transaction that starts
// after the act, so no written consequence ever lacks its input. An input whose consequences were
// never written may be lost with a crash: then nothing of it was written either, and recovery
// enters its order again.
import { and, asc, eq, lt, max } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock';
import { insertRowsSql } from '../db/column-arrays';
import { MarketSimulator, addDays, type OrderRequest } from '../modules/market';
import type { LoggedVenueInput, VenueInput, VenueInputLog } from '../modules/trading';
import { venueInputs } from './schema';

type Database = PgDatabase<PgQueryResultHKT>;
type Row = typeof venueInputs.$inferInsert;

export class PartitionInputLog implements VenueInputLog {
  /** Inputs acted on whose commit is not yet known, in sequence order. */
  private pending: Row[] = [];
  private nextSeq: number;

  private constructor(
    private readonly partition: number,
    private readonly epoch: number,
    private readonly clock: Clock,
    lastSeq: number,
  ) {
    this.nextSeq = lastSeq + 1;
  }

  /** The log as a new leader continues it (after taking the lease: no other process appends). */
  static async open(db: Database, partition: number, epoch: number, clock: Clock): Promise<PartitionInputLog> {
    const [row] = await db
      .select({ last: max(venueInputs.seq) })
      .from(venueInputs)
      .where(eq(venueInputs.partition, partition));
    return new PartitionInputLog(partition, epoch, clock, Number(row?.last ?? 0));
  }

  record(input: VenueInput): Date {
    const at = this.clock.now();
    this.pending.push({
      partition: this.partition,
      seq: this.nextSeq++,
      tradingDate: MarketSimulator.tradingDateAt(at),
      at: at.getTime(),
      kind: input.kind,
      input: input.kind === 'submit' ? input.order : { orderId: input.orderId, ownerId: input.ownerId },
      epoch: this.epoch,
    });
    return at;
  }

  /**
   * In a transaction of the leader, before anything else it writes: the inputs acted on so far.
   * Answers the last sequence number written, for `committed` once the transaction commits. A
   * transaction that rolls back leaves them pending; two transactions writing the same rows
   * (the second waits for the first) write them once.
   */
  async writeIn(tx: Database): Promise<number> {
    const rows = this.pending;
    const last = rows[rows.length - 1];
    if (!last) return 0;
    // One array parameter per column: the same statement text for any number of inputs, on the writer's every batch.
    await tx.execute(insertRowsSql(venueInputs, rows, { onConflictDoNothing: true }) ?? tx.insert(venueInputs).values(rows).onConflictDoNothing().getSQL());
    return last.seq;
  }

  /** The inputs up to `seq` are durable. */
  committed(seq: number): void {
    if (seq === 0) return;
    const kept = this.pending.findIndex((r) => r.seq > seq);
    this.pending = kept < 0 ? [] : this.pending.slice(kept);
  }

  /** Inputs acted on and not yet known to be written (0 once every one is). */
  get unwritten(): number {
    return this.pending.length;
  }
}

/** Days of a partition's log kept after their trading date (a replay needs only today's; the rest is for audits). */
export const INPUT_LOG_KEPT_DAYS = 30;

/** Deletes a partition's inputs of trading dates more than INPUT_LOG_KEPT_DAYS before `today`. */
export async function pruneInputLog(db: Database, partition: number, today: string): Promise<void> {
  await db.delete(venueInputs).where(and(eq(venueInputs.partition, partition), lt(venueInputs.tradingDate, addDays(today, -INPUT_LOG_KEPT_DAYS))));
}

/** A partition's inputs of one trading date, in the order its leaders acted on them. */
export async function inputsOfDay(db: Database, partition: number, tradingDate: string): Promise<LoggedVenueInput[]> {
  const rows = await db
    .select()
    .from(venueInputs)
    .where(and(eq(venueInputs.partition, partition), eq(venueInputs.tradingDate, tradingDate)))
    .orderBy(asc(venueInputs.seq));
  return rows.map((r) => {
    const common = { seq: r.seq, at: new Date(r.at), tradingDate: r.tradingDate };
    if (r.kind === 'submit') return { ...common, kind: 'submit', order: r.input as OrderRequest };
    const c = r.input as { orderId: string; ownerId: string };
    return { ...common, kind: 'cancel', orderId: c.orderId, ownerId: c.ownerId };
  });
}

// Group commit (docs/trading.md "Write path", docs/support.md "Write path"): jobs that arrive while a batch is being written
// wait and go together in the next batch, one transaction and so one WAL flush for all of them.
// There is no timer: a lone job is written at the next turn of the event loop, and under load
// the batch grows by itself to whatever arrived during the previous commit.
//
// Each job's caller is answered only after the batch that holds it committed (no answer
// before its commit). The writer validates every job before writing and answers a refusal for
// one job without writing it, so one bad job refuses only itself. A batch whose transaction
// fails is rolled back whole and its jobs are written again one by one: a job that breaks the
// write then fails alone, and a failure that is not any job's (the database gone) fails them
// all, each with nothing written. Rewriting after an unclear commit is safe because every
// writer is idempotent (idempotency keys, fills keyed by venue trade id).

export type JobOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Writes `jobs` in one transaction; answers one outcome per job, in order. Throws to roll back all of them. */
export type BatchWriter<J, R> = (jobs: readonly J[]) => Promise<JobOutcome<R>[]>;

export interface GroupCommitOptions<J> {
  /** At most this many jobs in one transaction (the rest wait for the next batch). */
  maxBatch?: number;
  /**
   * At most this many batches written at the same time (default 1). A batch's transaction is
   * mostly round trips, so a second one in flight uses the wait; whatever two batches share
   * (a customer's funds lock, a ledger balance row) they take in a fixed order and one waits
   * for the other's commit. A writer must not hand in a job that depends on another job not
   * yet answered (the order engine's per-customer queues wait for each answer).
   */
  concurrency?: number;
  /**
   * Whose job it is (trading: the customer). With it, a batch never takes a job of a key that
   * a batch in flight holds, nor any later job of that key: those wait for the next batch. So
   * two batches in flight never share a customer and neither waits at the other's funds locks
   * (measured: that wait was most of a batch's time, docs/trading.md §9), and a customer's jobs
   * are still written in arrival order.
   */
  keyOf?: (job: J) => number;
}

interface Waiting<J, R> {
  job: J;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<J, R> {
  private readonly waiting: Waiting<J, R>[] = [];
  /** A batch is about to be taken (at the next turn of the event loop). */
  private scheduled = false;
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly keyOf: ((job: J) => number) | null;
  /** Keys of the jobs in the batches being written (with keyOf). */
  private readonly busyKeys = new Set<number>();
  /**
   * Batches written, jobs in them, and the wall time from a batch's start to its commit (the
   * bench and the docs report the mean batch size and how long a transaction takes: a job
   * waits for about one batch in flight and then its own).
   */
  readonly stats = { batches: 0, jobs: 0, retriedAlone: 0, writingMs: 0 };

  constructor(
    private readonly write: BatchWriter<J, R>,
    opts: GroupCommitOptions<J> = {},
  ) {
    this.maxBatch = Math.max(1, opts.maxBatch ?? 256);
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    this.keyOf = opts.keyOf ?? null;
  }

  /** Resolves with the job's result once its batch committed; rejects with its refusal or the batch's failure. */
  run(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.schedule();
    });
  }

  /** Takes the next batch at the next turn of the event loop (jobs handed in during this turn join it), when a writer is free. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrency || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= this.concurrency || this.waiting.length === 0) return;
      const batch = this.take();
      // Every waiting job belongs to a batch in flight: the next is taken when one finishes.
      if (batch.length === 0) return;
      const keys = this.keyOf ? new Set(batch.map((w) => (this.keyOf as (job: J) => number)(w.job))) : null;
      if (keys) for (const key of keys) this.busyKeys.add(key);
      this.inFlight += 1;
      void this.writeBatch(batch, false).finally(() => {
        if (keys) for (const key of keys) this.busyKeys.delete(key);
        this.inFlight -= 1;
        this.schedule();
      });
      this.schedule();
    });
  }

  /** The next batch: up to maxBatch waiting jobs in arrival order, skipping keys in flight (keyOf). */
  private take(): Waiting<J, R>[] {
    const keyOf = this.keyOf;
    if (!keyOf || this.busyKeys.size === 0) return this.waiting.splice(0, this.maxBatch);
    const taken: Waiting<J, R>[] = [];
    const left: Waiting<J, R>[] = [];
    for (const w of this.waiting) {
      if (taken.length < this.maxBatch && !this.busyKeys.has(keyOf(w.job))) taken.push(w);
      else left.push(w);
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return taken;
  }

  private async writeBatch(batch: Waiting<J, R>[], alone: boolean): Promise<void> {
    let outcomes: JobOutcome<R>[];
    const started = performance.now();
    try {
      outcomes = await this.write(batch.map((w) => w.job));
      if (outcomes.length !== batch.length) throw new Error(`group commit: ${outcomes.length} outcomes for ${batch.length} jobs`);
    } catch (error) {
      if (batch.length === 1) {
        (batch[0] as Waiting<J, R>).reject(error);
        return;
      }
      // Rolled back whole: find out whose fault it was by writing each job on its own.
      for (const w of batch) {
        this.stats.retriedAlone += 1;
        await this.writeBatch([w], true);
      }
      return;
    }
    if (!alone) {
      this.stats.batches += 1;
      this.stats.jobs += batch.length;
      this.stats.writingMs += performance.now() - started;
    }
    outcomes.forEach((o, i) => {
      const w = batch[i] as Waiting<J, R>;
      if (o.ok) w.resolve(o.value);
      else w.reject(o.error);
    });
  }
}

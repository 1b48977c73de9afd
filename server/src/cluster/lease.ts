// The lease that makes one process the leader of a venue partition (docs/operations.md
// "Cluster"). A row per partition in PostgreSQL: the leader renews it every RENEW_MS; a standby
// takes it only once it has expired by the database's clock, the one clock every process shares.
//
// The renewals run on a worker thread with a connection of its own, so a main thread busy for a
// while (building the app, a long batch) neither loses the lease nor delays the check. Fencing:
// when the worker has not renewed for STOP_AFTER_MS (shorter than the lease) it kills its own
// process with SIGKILL before any standby may take over, whatever the main thread is doing; so two
// leaders never match at once, even when the leader is cut off from the database. A main thread
// that stops answering the worker for MAIN_SILENT_MS is treated the same way (a hung leader).
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Lease length (database clock). Takeover after a crash takes at most this plus one poll and the
 * start, so it is short; a renewal may still take 0.85 s (STOP_AFTER_MS − RENEW_MS) before the
 * leader stops itself.
 */
export const LEASE_MS = 1_500;
export const RENEW_MS = 250;
/** A leader that has not renewed for this long kills itself: before any standby may take the lease. */
export const STOP_AFTER_MS = 1_100;
/** A main thread silent this long is hung: the leader kills itself and the standby takes over. */
export const MAIN_SILENT_MS = 20_000;

/** The lease was taken over: this process must not write (db/fenced.ts). */
export class LeaseLostError extends Error {
  constructor(name: string, epoch: number) {
    super(`lease ${name} is no longer held at epoch ${epoch}`);
    this.name = 'LeaseLostError';
  }
}

/**
 * The fence of a leader's transactions: its lease row at its epoch, locked until the commit (a
 * takeover waits for it). Throws LeaseLostError once another process leads.
 */
export function leaseFence(name: string, epoch: number): (tx: PgDatabase<PgQueryResultHKT>) => Promise<void> {
  return async (tx) => {
    // KEY SHARE: the leader's own renewals (plain updates) never wait for it; a takeover (FOR UPDATE) does.
    const result = await tx.execute(sql`select 1 as held from cluster_leases where name = ${name} and epoch = ${epoch} for key share`);
    const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? [];
    if (rows.length === 0) throw new LeaseLostError(name, epoch);
  };
}

export interface HeldLease {
  readonly epoch: number;
  /** Ends the lease at once (graceful stop: the standby need not wait for it to expire). */
  release(): Promise<void>;
}

export interface LeaseOptions {
  databaseUrl: string;
  name: string;
  /** Standby polling period (ms). */
  pollMs?: number;
  onWaiting?: (leader: { holder: string; expiresAt: string }) => void;
}

// Plain JavaScript, run with `eval`, so the same code runs from the sources (tests) and the build.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require('pg');
const { url, name, holder, leaseMs, renewMs, stopAfterMs, mainSilentMs, pollMs } = workerData;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let client = null;
async function query(text, values) {
  if (!client) {
    const c = new Client({ connectionString: url, connectionTimeoutMillis: renewMs, query_timeout: renewMs, statement_timeout: renewMs });
    c.on('error', () => undefined);
    await c.connect();
    client = c;
  }
  try {
    return await client.query(text, values);
  } catch (error) {
    const c = client;
    client = null;
    c.end().catch(() => undefined);
    throw error;
  }
}
const die = (why) => {
  parentPort.postMessage({ type: 'lost', why });
  // Fencing does not wait for the main thread.
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 20);
};
async function main() {
  let seen = null;
  let epoch = 0;
  for (;;) {
    const sent = performance.now();
    try {
      await query("insert into cluster_leases (name, holder, epoch, expires_at) values ($1, '', 0, 'epoch') on conflict (name) do nothing", [name]);
      const taken = await query(
        // FOR UPDATE waits for the transactions the old leader has open past its fence (FOR KEY SHARE, leaseFence).
        "with expired as (select name from cluster_leases where name = $1 and expires_at < now() for update) " +
          "update cluster_leases l set holder = $2, epoch = l.epoch + 1, expires_at = now() + make_interval(secs => $3::float8 / 1000), " +
          "takeovers = l.takeovers + case when l.holder = '' then 0 else 1 end from expired where l.name = expired.name and l.expires_at < now() returning l.epoch",
        [name, holder, leaseMs],
      );
      if (taken.rows[0]) {
        epoch = Number(taken.rows[0].epoch);
        var renewedAt = sent;
        break;
      }
      const leader = (await query('select holder, expires_at from cluster_leases where name = $1', [name])).rows[0];
      if (leader && leader.holder !== seen) {
        seen = leader.holder;
        parentPort.postMessage({ type: 'waiting', holder: leader.holder, expiresAt: new Date(leader.expires_at).toISOString() });
      }
    } catch {}
    await sleep(pollMs);
  }
  parentPort.postMessage({ type: 'held', epoch });
  let mainSeenAt = performance.now();
  let released = false;
  parentPort.on('message', (m) => {
    if (m === 'beat') mainSeenAt = performance.now();
    if (m === 'release') released = true;
  });
  setInterval(() => {
    if (released) return;
    if (performance.now() - renewedAt > stopAfterMs) die('the lease was not renewed for ' + stopAfterMs + ' ms');
    if (performance.now() - mainSeenAt > mainSilentMs) die('the main thread did not answer for ' + mainSilentMs + ' ms');
  }, 50);
  for (;;) {
    if (released) {
      await query("update cluster_leases set expires_at = 'epoch' where name = $1 and holder = $2 and epoch = $3", [name, holder, epoch]).catch(() => undefined);
      parentPort.postMessage({ type: 'released' });
      return;
    }
    const sent = performance.now();
    try {
      const r = await query('update cluster_leases set expires_at = now() + make_interval(secs => $4::float8 / 1000) where name = $1 and holder = $2 and epoch = $3', [name, holder, epoch, leaseMs]);
      if (r.rowCount === 1) renewedAt = sent;
      else return die('the lease was taken by another process');
    } catch {}
    await sleep(renewMs);
  }
}
main().catch((error) => die(String(error)));
`;

/** Waits until this process holds the lease; from then on the worker keeps it or ends the process. */
export async function acquireLease(opts: LeaseOptions): Promise<HeldLease> {
  const holder = `${process.pid}@${Math.random().toString(36).slice(2, 10)}`;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      url: opts.databaseUrl,
      name: opts.name,
      holder,
      leaseMs: LEASE_MS,
      renewMs: RENEW_MS,
      stopAfterMs: STOP_AFTER_MS,
      mainSilentMs: MAIN_SILENT_MS,
      pollMs: opts.pollMs ?? 100,
    },
  });
  worker.on('error', (error) => {
    console.error('lease worker failed', error);
    process.kill(process.pid, 'SIGKILL');
  });
  type WorkerMessage =
    { type: 'waiting'; holder: string; expiresAt: string } | { type: 'held'; epoch: number } | { type: 'lost'; why: string } | { type: 'released' };
  const epoch = await new Promise<number>((resolve) => {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'waiting') opts.onWaiting?.({ holder: m.holder, expiresAt: m.expiresAt });
      else if (m.type === 'held') resolve(m.epoch);
      else if (m.type === 'lost') console.error(`lease ${opts.name}: ${m.why}; stopping`);
    });
  });
  const beat = setInterval(() => worker.postMessage('beat'), 1_000);
  beat.unref();
  worker.unref();
  return {
    epoch,
    release: async () => {
      clearInterval(beat);
      const done = new Promise<void>((resolve) => worker.on('message', (m: WorkerMessage) => m.type === 'released' && resolve()));
      worker.postMessage('release');
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      await worker.terminate();
    },
  };
}

// The lease that makes one process the leader of a venue partition (docs/operations.md
// "Cluster"). A row per partition in PostgreSQL: the leader renews it every RENEW_MS; a standby
// takes it only once it has expired by the database's clock. The leader stops itself (fencing)
// when it has not renewed for STOP_AFTER_MS, which is shorter than the lease, so two leaders never
// match at once even when the leader is cut off from the database and cannot be told.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';

/** Lease length (database clock). Takeover after a crash takes at most this plus one poll. */
export const LEASE_MS = 2_000;
export const RENEW_MS = 400;
/** A leader that has not renewed for this long stops: before any standby may take the lease. */
export const STOP_AFTER_MS = 1_500;

export interface HeldLease {
  readonly name: string;
  readonly holder: string;
  readonly epoch: number;
  /** Resolves when the lease is lost (not renewed in time, or taken); the process must stop leading. */
  readonly lost: Promise<string>;
  release(): Promise<void>;
}

export interface LeaseOptions {
  databaseUrl: string;
  name: string;
  /** Shown in the row: host and pid. */
  holder?: string;
  /** Standby polling period. */
  pollMs?: number;
  onWaiting?: (leader: { holder: string; expiresAt: Date }) => void;
  /** Monotonic milliseconds (tests). */
  now?: () => number;
}

/**
 * Waits until this process holds the lease, then keeps it renewed on a connection of its own
 * (a pool of one: a busy main pool must not delay a renewal).
 */
export async function acquireLease(opts: LeaseOptions): Promise<HeldLease> {
  const holder = opts.holder ?? `${process.pid}@${randomUUID().slice(0, 8)}`;
  const now = opts.now ?? (() => performance.now());
  const pool = new Pool({ connectionString: opts.databaseUrl, max: 1, connectionTimeoutMillis: RENEW_MS, query_timeout: RENEW_MS });
  pool.on('error', () => undefined);
  await pool.query(`insert into cluster_leases (name, holder, epoch, expires_at) values ($1, '', 0, 'epoch') on conflict (name) do nothing`, [opts.name]);

  let epoch = 0;
  let waitedFor: string | null = null;
  for (;;) {
    const sent = now();
    try {
      const taken = await pool.query<{ epoch: string }>(
        `update cluster_leases set holder = $2, epoch = epoch + 1, expires_at = now() + make_interval(secs => $3::float8 / 1000),
           takeovers = takeovers + case when holder = '' then 0 else 1 end
         where name = $1 and expires_at < now() returning epoch`,
        [opts.name, holder, LEASE_MS],
      );
      if (taken.rows[0]) {
        epoch = Number(taken.rows[0].epoch);
        // Counted from before the statement was sent: the database's expiry is at least this late.
        return hold(pool, opts.name, holder, epoch, sent, now);
      }
      const leader = await pool.query<{ holder: string; expires_at: Date }>('select holder, expires_at from cluster_leases where name = $1', [opts.name]);
      const row = leader.rows[0];
      if (row && row.holder !== waitedFor) {
        waitedFor = row.holder;
        opts.onWaiting?.({ holder: row.holder, expiresAt: row.expires_at });
      }
    } catch {
      // The database is away: keep waiting.
    }
    await new Promise((resolve) => setTimeout(resolve, opts.pollMs ?? 200));
  }
}

function hold(pool: Pool, name: string, holder: string, epoch: number, acquiredAt: number, now: () => number): HeldLease {
  let renewedAt = acquiredAt;
  let stopped = false;
  let loseWith: (why: string) => void = () => undefined;
  const lost = new Promise<string>((resolve) => (loseWith = resolve));
  const lose = (why: string): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(renewTimer);
    clearInterval(watchTimer);
    loseWith(why);
  };
  let renewing = false;
  const renewTimer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    const sent = now();
    pool
      .query(
        `update cluster_leases set expires_at = now() + make_interval(secs => $4::float8 / 1000)
         where name = $1 and holder = $2 and epoch = $3`,
        [name, holder, epoch, LEASE_MS],
      )
      .then(
        (result) => {
          if (result.rowCount === 1) renewedAt = sent;
          else lose('the lease was taken by another process');
        },
        () => undefined,
      )
      .finally(() => (renewing = false));
  }, RENEW_MS);
  // Checked on its own timer: a renewal that hangs must not hold the check up.
  const watchTimer = setInterval(() => {
    if (now() - renewedAt > STOP_AFTER_MS) lose(`the lease was not renewed for ${STOP_AFTER_MS} ms`);
  }, 100);
  return {
    name,
    holder,
    epoch,
    lost,
    release: async () => {
      lose('released');
      await pool
        .query(`update cluster_leases set expires_at = 'epoch' where name = $1 and holder = $2 and epoch = $3`, [name, holder, epoch])
        .catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

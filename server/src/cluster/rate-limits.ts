// Rate limits that hold across a cluster's API servers (docs/operations.md "Cluster"): the store
// of @fastify/rate-limit over one PostgreSQL row per limited key, so N servers count one allowance,
// not N. One statement per limited call: an upsert that starts a new window when the old one has
// ended, else adds one, and answers the count and the window's end. Windows are read on the
// injected clock. A single process keeps the plugin's memory store (app.ts).
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { rateLimitCounters } from './schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The fields of the merged route options the store reads (the plugin passes many more). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Expired rows are deleted this long after their window ended (a late read still sees none). */
const KEEP_EXPIRED_MS = 60_000;
/** How often each API server deletes them (main.ts). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * Each limited route's keys are prefixed with its method and URL, as the plugin's Redis store
 * does; a limiter made with app.createRateLimit (no route) with its max and window.
 */
function prefixOf(options: ChildOptions): string {
  const route = options.routeInfo;
  if (route?.url) return `${[route.method].flat().join(',')} ${route.url}|`;
  return `limiter ${String(options.max)}/${String(options.timeWindow)}|`;
}

export interface SharedRateLimits {
  /** For `@fastify/rate-limit`'s `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes counters whose window ended more than a minute ago. */
  sweep(): Promise<number>;
}

export function sharedRateLimits(db: Database, clock: Clock): SharedRateLimits {
  const t = rateLimitCounters;

  async function increment(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(t)
      .values({ key, hits: 1, windowEndsAt: new Date(now.getTime() + timeWindow) })
      .onConflictDoUpdate({
        target: t.key,
        // Both read the row as it was: a window that has ended starts again at 1.
        set: {
          hits: sql`case when ${t.windowEndsAt} <= ${at} then 1 else ${t.hits} + 1 end`,
          windowEndsAt: sql`case when ${t.windowEndsAt} <= ${at} then excluded.window_ends_at else ${t.windowEndsAt} end`,
        },
      })
      .returning({ hits: t.hits, windowEndsAt: t.windowEndsAt });
    if (!row) throw new Error(`rate limit: no counter written for ${key}`);
    return { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - now.getTime()) };
  }

  async function read(key: string): Promise<{ current: number; ttl: number }> {
    const now = clock.now();
    const [row] = await db
      .select({ hits: t.hits, windowEndsAt: t.windowEndsAt })
      .from(t)
      .where(and(eq(t.key, key), gt(t.windowEndsAt, now)));
    return row ? { current: row.hits, ttl: row.windowEndsAt.getTime() - now.getTime() } : { current: 0, ttl: 0 };
  }

  const settle = (work: Promise<{ current: number; ttl: number }>, callback: Callback): void => {
    work.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its global options; with global: false it counts nothing itself.
    constructor(
      _globalOptions?: unknown,
      private readonly prefix = 'global|',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      settle(increment(this.prefix + key, timeWindow), callback);
    }

    read(key: string, callback: Callback): void {
      settle(read(this.prefix + key), callback);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged limit options (with routeInfo), not the RouteOptions its types name.
      const options = routeOptions as unknown as ChildOptions;
      // Not used by any route; refused rather than counted differently from the memory store.
      if (options.continueExceeding || options.exponentialBackoff) throw new Error('the shared rate-limit store does not extend windows');
      return new PostgresRateLimitStore(undefined, prefixOf(options));
    }
  }

  return {
    Store: PostgresRateLimitStore,
    async sweep() {
      const before = new Date(clock.now().getTime() - KEEP_EXPIRED_MS);
      const deleted = await db.delete(t).where(lt(t.windowEndsAt, before)).returning({ key: t.key });
      return deleted.length;
    },
  };
}

// Per-user serialisation of fund operations. A row per user in funds_user_locks is locked
// for the length of the transaction: on PostgreSQL concurrent requests of the same user queue
// behind it (at most LOCK_WAIT), on PGlite the single connection runs transactions one after
// another anyway. Waiting too long answers "another fund operation in progress" instead of
// piling up connections. Whatever runs under a customer's lock may change their holds, so
// taking it forgets their wallet figures (wallet/wallet-cache.ts), now and after the commit.
import { sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { fundsUserLocks } from './schema';
import { isLockContention, refuse } from './failures';
import { forgetWallets } from './wallet/wallet-cache';

export const LOCK_WAIT = '5s';

/**
 * Takes the funds locks of `userIds` inside the caller's transaction `tx`, in one statement
 * (one round trip, and trading's group commit locks a whole batch of customers at
 * once). Rows are locked in user-id order, so two transactions sharing customers cannot
 * deadlock. The ids go as one array parameter, so the text is the same for any number of
 * customers (prepared once per connection, db/named-statements.ts). set_config(…, true) is SET
 * LOCAL, evaluated before the rows are written; the upsert creates a user's lock row or, when it
 * exists, locks it (DO UPDATE waits for a holder). Answers each customer's lock version
 * (funds_user_locks.version, counted up by every taker).
 */
export async function lockFundsOf(tx: Database, clock: Clock, userIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const at = clock.now().toISOString();
  let rows: { userId: number; version: number }[];
  try {
    rows = await tx
      .insert(fundsUserLocks)
      .select(
        tx
          .select({
            userId: sql<number>`u.id`.as('user_id'),
            lockedAt: sql<Date>`${at}::timestamptz`.as('locked_at'),
            version: sql<number>`1`.as('version'),
          })
          .from(sql`unnest(${sql.param(ids)}::int[]) as u(id), (select set_config('lock_timeout', ${LOCK_WAIT}, true)) as lock_wait`)
          .orderBy(sql`u.id`),
      )
      .onConflictDoUpdate({ target: fundsUserLocks.userId, set: { lockedAt: sql`excluded.locked_at`, version: sql`${fundsUserLocks.version} + 1` } })
      .returning({ userId: fundsUserLocks.userId, version: fundsUserLocks.version });
  } catch (error) {
    if (isLockContention(error)) refuse(MSG.fundOperationInProgress);
    throw error;
  }
  forgetWallets(tx, ids);
  return new Map(rows.map((r) => [r.userId, Number(r.version)]));
}

/** `work` in a transaction that holds `userId`'s funds lock. */
export async function withUserFundsLock<T>(db: Database, clock: Clock, userId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockFundsOf(tx, clock, [userId]);
      return work(tx);
    });
  } catch (error) {
    if (isLockContention(error)) refuse(MSG.fundOperationInProgress);
    throw error;
  }
}

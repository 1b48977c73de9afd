// Per-user serialisation of fund operations. A row per user in funds_user_locks is locked
// FOR UPDATE for the length of the transaction: on PostgreSQL concurrent requests of the
// same user queue behind it (at most LOCK_WAIT), on PGlite the single connection runs
// transactions one after another anyway. Waiting too long answers "another fund
// operation in progress" instead of piling up connections.
import { sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { fundsUserLocks } from './schema';
import { isLockContention, refuse } from './failures';

export const LOCK_WAIT = '5s';

export async function withUserFundsLock<T>(db: Database, clock: Clock, userId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      // One round trip (issue 9): set_config(…, true) is SET LOCAL, evaluated before the row
      // is written; the upsert creates the user's lock row or, when it exists, locks it (DO
      // UPDATE waits for a holder and then takes the row lock, as SELECT … FOR UPDATE did).
      await tx
        .insert(fundsUserLocks)
        .select(
          tx
            .select({ userId: sql<number>`${userId}::int`.as('user_id'), lockedAt: sql<Date>`${clock.now().toISOString()}::timestamptz`.as('locked_at') })
            .from(sql`(select set_config('lock_timeout', ${LOCK_WAIT}, true)) as lock_wait`),
        )
        .onConflictDoUpdate({ target: fundsUserLocks.userId, set: { lockedAt: sql`excluded.locked_at` } });
      return work(tx);
    });
  } catch (error) {
    if (isLockContention(error)) refuse(MSG.fundOperationInProgress);
    throw error;
  }
}

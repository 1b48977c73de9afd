// Per-user serialisation of fund operations. A row per user in funds_user_locks is locked
// FOR UPDATE for the length of the transaction: on PostgreSQL concurrent requests of the
// same user queue behind it (at most LOCK_WAIT), on PGlite the single connection runs
// transactions one after another anyway. Waiting too long answers "another fund
// operation in progress" instead of piling up connections.
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { fundsUserLocks } from './schema';
import { isLockContention, refuse } from './failures';

export const LOCK_WAIT = '5s';

export async function withUserFundsLock<T>(db: Database, clock: Clock, userId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`));
      await tx.insert(fundsUserLocks).values({ userId, lockedAt: clock.now() }).onConflictDoNothing({ target: fundsUserLocks.userId });
      await tx.select({ userId: fundsUserLocks.userId }).from(fundsUserLocks).where(eq(fundsUserLocks.userId, userId)).for('update');
      return work(tx);
    });
  } catch (error) {
    if (isLockContention(error)) refuse(MSG.fundOperationInProgress);
    throw error;
  }
}

// The funds locks of every customer in a group-committed batch (docs/trading.md "Write path"),
// taken in one statement inside the batch's transaction: the same lock rows and the same wait
// limit as funds' withUserFundsLock, so a batch and a lone funds operation of one customer
// still exclude each other. Rows are locked in user-id order, so two batches sharing customers
// cannot deadlock.
import { sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { fundsUserLocks, refuse } from '../../funds';

/** As funds' LOCK_WAIT: waiting longer answers "another fund operation in progress". */
const LOCK_WAIT = '5s';

function isLockContention(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '55P03' || code === '40P01') return true;
  }
  return false;
}

export async function lockCustomersFunds(tx: Database, clock: Clock, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const at = clock.now().toISOString();
  const list = sql.join(
    ids.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  try {
    await tx
      .insert(fundsUserLocks)
      .select(
        tx
          .select({ userId: sql<number>`u.id`.as('user_id'), lockedAt: sql<Date>`${at}::timestamptz`.as('locked_at') })
          .from(sql`(values ${list}) as u(id), (select set_config('lock_timeout', ${LOCK_WAIT}, true)) as lock_wait`)
          .orderBy(sql`u.id`),
      )
      .onConflictDoUpdate({ target: fundsUserLocks.userId, set: { lockedAt: sql`excluded.locked_at` } });
  } catch (error) {
    if (isLockContention(error)) refuse(MSG.fundOperationInProgress);
    throw error;
  }
}

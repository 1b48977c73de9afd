// Transactions that first prove their process may still write: a cluster's venue leader fences
// every transaction it starts with its lease (cluster/lease.ts), so a leader that lost the lease
// without knowing it yet (paused, cut off) cannot write after the standby took over. The check
// runs inside the transaction and holds its row lock until the commit, so a takeover waits for
// the transactions already past the check and every later one fails.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

type Database = PgDatabase<PgQueryResultHKT>;
type Transact = Database['transaction'];

/**
 * `check(tx)` runs first in every outermost transaction `db` starts; it throws to refuse the
 * write. What it answers is given to `committed` once that transaction has committed.
 */
export function fenceTransactions<T extends Database, C>(db: T, check: (tx: Database) => Promise<C>, committed?: (checked: C) => void): T {
  const begin = db.transaction.bind(db) as Transact;
  const transaction: Transact = async (work, config) => {
    let checked: { value: C } | null = null;
    const result = await begin(async (tx) => {
      checked = { value: await check(tx) };
      return work(tx);
    }, config);
    if (checked && committed) committed((checked as { value: C }).value);
    return result;
  };
  db.transaction = transaction;
  return db;
}

// Transactions that first prove their process may still write: a cluster's venue leader fences
// every transaction it starts with its lease (cluster/lease.ts), so a leader that lost the lease
// without knowing it yet (paused, cut off) cannot write after the standby took over. The check
// runs inside the transaction and holds its row lock until the commit, so a takeover waits for
// the transactions already past the check and every later one fails.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

type Database = PgDatabase<PgQueryResultHKT>;
type Transact = Database['transaction'];

/** `check(tx)` runs first in every outermost transaction `db` starts; it throws to refuse the write. */
export function fenceTransactions<T extends Database>(db: T, check: (tx: Database) => Promise<void>): T {
  const begin = db.transaction.bind(db) as Transact;
  const transaction: Transact = (work, config) =>
    begin(async (tx) => {
      await check(tx);
      return work(tx);
    }, config);
  db.transaction = transaction;
  return db;
}

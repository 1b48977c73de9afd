// Work that must wait until a transaction's writes are visible to everyone: a cache
// that forgets a customer's figures before the commit lets a read in between remember the old
// ones, so writers also forget once the commit is done. `afterCommit(tx, fn)` queues `fn` on
// the outermost transaction `tx` belongs to (savepoints included) and runs it after that
// transaction committed; outside a transaction (autocommit) it runs at once. A rolled-back
// transaction drops its queue: nothing it wrote became visible.
//
// openDatabase (client.ts) turns this on for every database it opens; a Database that was not
// opened through it runs `fn` at once, which is only as good as forgetting at the write.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** client.ts's Database (named here, not imported: client.ts imports this file). */
type Database = PgDatabase<PgQueryResultHKT>;

type Queue = (() => void)[];

/** The queue of every transaction object (outermost and nested) that is still open. */
const queues = new WeakMap<object, Queue>();

type Transact = Database['transaction'];

/** Every transaction `db` starts (and every savepoint inside one) gets an after-commit queue. */
export function withAfterCommit<T extends Database>(db: T): T {
  const begin = db.transaction.bind(db) as Transact;
  const transaction: Transact = async (work, config) => {
    const queue: Queue = [];
    const result = await begin((tx) => {
      adopt(tx, queue);
      return work(tx);
    }, config);
    for (const fn of queue) fn();
    return result;
  };
  db.transaction = transaction;
  return db;
}

/** Nested transactions (savepoints) of `tx` share its queue: only the outermost commit counts. */
function adopt(tx: Database, queue: Queue): void {
  queues.set(tx, queue);
  const savepoint = tx.transaction.bind(tx) as Transact;
  const nested: Transact = (work, config) =>
    savepoint((inner) => {
      adopt(inner, queue);
      return work(inner);
    }, config);
  tx.transaction = nested;
}

/** Runs `fn` once `db`'s transaction has committed (at once when `db` is not a transaction). `fn` must not throw. */
export function afterCommit(db: Database, fn: () => void): void {
  const queue = queues.get(db);
  if (queue) queue.push(fn);
  else fn();
}

// afterCommit runs queued work only once the outermost transaction committed: never before the
// commit, never for a rolled-back one, savepoints included; outside a transaction at once.
import { sql } from 'drizzle-orm';
import { afterCommit } from './after-commit';
import { openDatabase, type OpenedDatabase } from './client';

let database: OpenedDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(() => database.close());

it('runs after the commit, not before, in the order queued', async () => {
  const ran: string[] = [];
  await database.db.transaction(async (tx) => {
    afterCommit(tx, () => ran.push('first'));
    await tx.execute(sql`select 1`);
    afterCommit(tx, () => ran.push('second'));
    expect(ran).toEqual([]);
  });
  expect(ran).toEqual(['first', 'second']);
});

it('drops the work of a rolled-back transaction', async () => {
  const ran: string[] = [];
  await expect(
    database.db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('never'));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(ran).toEqual([]);
});

it('waits for the outermost commit when queued inside a savepoint', async () => {
  const ran: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.transaction(async (inner) => {
      afterCommit(inner, () => ran.push('inner'));
    });
    expect(ran).toEqual([]);
  });
  expect(ran).toEqual(['inner']);
});

it('runs at once outside a transaction (the statement already committed)', () => {
  const ran: string[] = [];
  afterCommit(database.db, () => ran.push('now'));
  expect(ran).toEqual(['now']);
});

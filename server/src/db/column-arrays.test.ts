// Rows written through column arrays read back exactly as Drizzle's own values() writes them:
// every column type the order engine uses, nulls, and text an array literal must escape. On
// PGlite, and on PostgreSQL with KABUTO_TEST_DATABASE_URL (the two drivers write arrays apart).
import { asc, eq, sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, PgDialect, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { openDatabase, type OpenedDatabase } from './client';
import { tstz } from './columns';
import { insertRowsSql, updateRowsSql } from './column-arrays';

const probe = pgTable('column_arrays_probe', {
  id: serial('id').primaryKey(),
  n: integer('n').notNull(),
  big: bigint('big', { mode: 'bigint' }).notNull().default(0n),
  label: text('label'),
  flag: boolean('flag').notNull(),
  doc: jsonb('doc'),
  at: tstz('at').notNull(),
});

let database: OpenedDatabase;
beforeAll(async () => {
  const url = process.env.KABUTO_TEST_DATABASE_URL?.trim();
  database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  await database.db.execute(sql.raw('drop table if exists column_arrays_probe'));
  await database.db.execute(
    sql.raw(
      'create table column_arrays_probe (id serial primary key, n integer not null unique, big bigint not null default 0, label text, flag boolean not null, doc jsonb, at timestamptz not null)',
    ),
  );
});
afterAll(async () => {
  await database.db.execute(sql.raw('drop table if exists column_arrays_probe'));
  await database.close();
});

const at = new Date('2026-11-26T01:02:03.456Z');
const awkward = 'a "quoted", {braced} \\ back\nline 株価 NULL';
const rows = [
  { n: 1, big: 9_007_199_254_740_993n, label: awkward, flag: true, doc: { msg: awkward, data: { positionId: 7 } }, at },
  { n: 2, big: -5n, label: null, flag: false, doc: null, at },
  { n: 3, big: 0n, label: 'NULL', flag: false, doc: [1, '2'], at },
];

it('inserts many rows with one parameter per column, read back as values() would write them', async () => {
  const insert = insertRowsSql(probe, rows);
  if (!insert) throw new Error('rows give the same columns');
  const built = new PgDialect().sqlToQuery(insert);
  // Six columns, six parameters, whatever the number of rows.
  expect(built.params).toHaveLength(6);
  await database.db.execute(insert);
  const back = await database.db.select().from(probe).orderBy(asc(probe.n));
  expect(back.map(({ id: _id, ...r }) => r)).toEqual(rows);
  // Drizzle's own insert of the same rows reads back the same.
  await database.db.insert(probe).values(rows.map((r) => ({ ...r, n: r.n + 10 })));
  const theirs = await database.db
    .select()
    .from(probe)
    .where(sql`${probe.n} > 10`)
    .orderBy(asc(probe.n));
  expect(theirs.map(({ id: _id, n, ...r }) => ({ n: n - 10, ...r }))).toEqual(back.map(({ id: _id, ...r }) => r));
});

it('skips conflicting rows when asked, and leaves rows of differing columns to values()', async () => {
  const again = insertRowsSql(probe, [{ ...rows[0], n: 1 }], { onConflictDoNothing: true });
  if (!again) throw new Error('one row gives its columns');
  await database.db.execute(again);
  expect(await database.db.select().from(probe).where(eq(probe.n, 1))).toHaveLength(1);
  // One row leaves `big` to its default: column arrays would write NULL there, so they decline.
  expect(
    insertRowsSql(probe, [
      { n: 4, flag: true, at },
      { n: 5, big: 1n, flag: true, at },
    ]),
  ).toBeNull();
  // A nullable column without a default left out of one row is NULL there, as values() writes it.
  const mixed = insertRowsSql(probe, [
    { n: 6, big: 1n, flag: true, at, label: 'six' },
    { n: 7, big: 1n, flag: true, at },
  ]);
  if (!mixed) throw new Error('label is nullable without a default');
  await database.db.execute(mixed);
  const back = await database.db
    .select({ n: probe.n, label: probe.label })
    .from(probe)
    .where(sql`${probe.n} in (6, 7)`)
    .orderBy(asc(probe.n));
  expect(back).toEqual([
    { n: 6, label: 'six' },
    { n: 7, label: null },
  ]);
  await database.db.delete(probe).where(sql`${probe.n} in (6, 7)`);
});

it('updates the given columns of each row by id', async () => {
  const mine = await database.db
    .select()
    .from(probe)
    .where(sql`${probe.n} < 10`)
    .orderBy(asc(probe.n));
  const ids = mine.map((r) => r.id);
  const next = new Map(mine.map((r) => [r.id, { big: r.big + 1n, label: r.n === 2 ? 'now set' : null, doc: { n: r.n } }]));
  await database.db.execute(updateRowsSql(probe, ids, ['big', 'label', 'doc'], (id, key) => next.get(id)?.[key as 'big' | 'label' | 'doc']));
  const back = await database.db
    .select()
    .from(probe)
    .where(sql`${probe.n} < 10`)
    .orderBy(asc(probe.n));
  expect(back.map((r) => [r.big, r.label, r.doc, r.flag])).toEqual(mine.map((r) => [r.big + 1n, r.n === 2 ? 'now set' : null, { n: r.n }, r.flag]));
});

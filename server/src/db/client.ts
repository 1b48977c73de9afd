// Opens the database the server runs on: embedded PGlite by default (no server to
// install), PostgreSQL when DATABASE_URL is set. Both go through the same Drizzle
// pg-core API and the same committed migrations.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { withAfterCommit } from './after-commit';
import { nameStatements } from './named-statements';
/**
 * What every module receives: a Drizzle database, whichever driver is underneath. Tables are
 * imported from the modules' schema.ts files (composed in src/schema.ts for migrations), so
 * the client carries no schema: db/ never imports a module, and there is no `db.query`.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  /** `dir` omitted = in-memory (tests). */
  { kind: 'pglite'; dir?: string } | { kind: 'postgres'; url: string };

/** A database and which engine it runs on: what buildApp needs. */
export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
}

export interface OpenedDatabase extends DatabaseHandle {
  /** Applies the committed migrations in server/drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** server/drizzle, from src/db or dist/db alike. */
export const MIGRATIONS_DIR = resolve(__dirname, '..', '..', 'drizzle');

/** The advisory lock key migrations run under (any fixed number no other lock uses). */
const MIGRATION_LOCK = 0x6b6162_01;

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.kind === 'pglite') {
    if (target.dir !== undefined) mkdirSync(target.dir, { recursive: true });
    const client = target.dir === undefined ? await PGlite.create(inMemoryStart()) : await PGlite.create(target.dir);
    const db = withAfterCommit(drizzlePglite({ client }));
    return {
      kind: 'pglite',
      db,
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const pool = new Pool({ connectionString: target.url });
  // An idle connection the server dropped (PostgreSQL restarted, an operator ended it) is an event
  // on the pool; without a listener it ends the process. The pool opens a new one on the next query.
  pool.on('error', (error) => console.error('database connection lost', error.message));
  // A connection lost while checked out (inside a transaction, between its statements) is an event
  // on the client, which the pool listens to only while it is idle: without a listener of its own it
  // too ends the process. The work holding it fails with the lost connection, and its release drops
  // the client (no longer queryable), so there is nothing more to do here.
  pool.on('connect', (client) => client.on('error', () => undefined));
  nameStatements(pool);
  const db = withAfterCommit(drizzleNodePg({ client: pool }));
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      // Several processes of a cluster may start at once: one migrates, the others wait and find nothing to do.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Where an in-memory database starts: from the migrated template a test run made once
 * (server/jest/global-setup.js, KABUTO_PGLITE_TEMPLATE), or empty. Loading the template skips
 * PGlite's initdb and the migrations, the bulk of each test file's set-up; the migrations still
 * run after it and find nothing left to do.
 */
function inMemoryStart(): { loadDataDir: Blob } | undefined {
  const template = process.env.KABUTO_PGLITE_TEMPLATE;
  return template ? { loadDataDir: new Blob([readFileSync(template)]) } : undefined;
}

/** Opens and migrates in one go, as main.ts and the tests need. */
export async function openMigratedDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  const opened = await openDatabase(target);
  try {
    await opened.migrate();
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

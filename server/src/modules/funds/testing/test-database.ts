// The database of a funds test file: in-memory PGlite by default; with
// KABUTO_TEST_DATABASE_URL set, a fresh schema on that PostgreSQL server (dropped on
// close), migrated with the committed migrations. Migrations name "public" in foreign
// keys, so they are applied with "public". pointed at the test schema.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { MIGRATIONS_DIR, openMigratedDatabase, type OpenedDatabase } from '../../../db/client';
import { withAfterCommit } from '../../../db/after-commit';

export function testDatabaseUrl(): string | undefined {
  const url = process.env.KABUTO_TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

async function applyMigrations(pool: Pool, schemaName: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  for (const { tag } of journal.entries) {
    const text = readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').replaceAll('"public".', `"${schemaName}".`);
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await pool.query(statement);
    }
  }
}

export async function openTestDatabase(): Promise<OpenedDatabase> {
  const url = testDatabaseUrl();
  if (!url) return openMigratedDatabase({ kind: 'pglite' });
  const schemaName = `funds_test_${randomBytes(6).toString('hex')}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA "${schemaName}"`);
  const pool = new Pool({ connectionString: url, max: 20, options: `-c search_path=${schemaName}` });
  try {
    await applyMigrations(pool, schemaName);
  } catch (error) {
    await pool.end();
    await admin.query(`DROP SCHEMA "${schemaName}" CASCADE`);
    await admin.end();
    throw error;
  }
  const db = withAfterCommit(drizzle({ client: pool }));
  return {
    kind: 'postgres',
    db,
    migrate: async () => undefined,
    close: async () => {
      await pool.end();
      await admin.query(`DROP SCHEMA "${schemaName}" CASCADE`);
      await admin.end();
    },
  };
}

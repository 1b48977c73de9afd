// Database-level guard: journal entries and postings can be inserted, never changed or
// removed (ARCHITECTURE §5, §7.1). Installed idempotently when the funds plugin starts,
// because drizzle-kit has no notation for triggers and migrations are generated.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** The advisory lock key of the guards' installation (any fixed number no other lock uses). */
const LEDGER_GUARDS_LOCK = 0x6b6162_02;

export async function ensureLedgerGuards(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Processes of a cluster start at once: one installs at a time (PostgreSQL refuses concurrent replaces).
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_GUARDS_LOCK})`);
    await tx.execute(sql`
      CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
      END
      $$`);
    for (const table of ['ledger_postings', 'ledger_journal']) {
      await tx.execute(sql.raw(`DROP TRIGGER IF EXISTS ${table}_immutable ON ${table}`));
      await tx.execute(sql.raw(`CREATE TRIGGER ${table}_immutable BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`));
    }
  });
}

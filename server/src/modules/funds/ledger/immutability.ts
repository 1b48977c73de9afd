// Database-level guard: journal entries and postings can be inserted, never changed or
// removed (ARCHITECTURE §5, §7.1). Installed idempotently when the funds plugin starts,
// because drizzle-kit has no notation for triggers and migrations are generated.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

export async function ensureLedgerGuards(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
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

// The verify scripts' one shell (check-credit, check-dividends, check-strategy): open the database
// the server is configured with (DATABASE_URL, or the PGlite folder under KABUTO_DATA_DIR: stop
// the server first, PGlite opens a folder from one process only), run the check, close, and exit
// with its code (0 match, 1 mismatch, 2 usage).
import { loadEnv } from '../config/env';
import { openMigratedDatabase } from '../db/client';
import type { Database } from '../db/client';

export function runCheck(check: (db: Database) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const database = await openMigratedDatabase(loadEnv().database);
    try {
      return await check(database.db);
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

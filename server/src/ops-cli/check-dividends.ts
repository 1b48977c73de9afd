// Recomputes every dividend payment and margin adjustment of a run from the published schedule
// and the customers' fills, and prints match / mismatch (./dividends-check.ts); `npm run
// dividend-verify`, built also node server/dist/ops-cli/check-dividends.js.
// Reads the database the server is configured with (DATABASE_URL, or the PGlite folder under
// KABUTO_DATA_DIR: stop the server first, PGlite opens a folder from one process only).
// Exit code 0 match, 1 mismatch.
import { loadEnv } from '../config/env';
import { openMigratedDatabase } from '../db/client';
import { checkDividends, formatDividendCheck } from './dividends-check';

async function main(): Promise<number> {
  const database = await openMigratedDatabase(loadEnv().database);
  try {
    const result = await checkDividends(database.db);
    console.log(formatDividendCheck(result));
    return result.match ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

// `npm run strategy-verify -- <id>`: recomputes a strategy's record and its followers' mirrored
// sizes from the fills (./strategy-check.ts) and prints match / mismatch. Reads the database the
// server is configured with (DATABASE_URL, or the PGlite folder under KABUTO_DATA_DIR: stop the
// server first, PGlite opens a folder from one process only). Exit code 0 match, 1 mismatch.
import { loadEnv } from '../config/env';
import { openMigratedDatabase } from '../db/client';
import { checkStrategy, formatStrategyCheck } from './strategy-check';

async function main(): Promise<number> {
  const id = Number(process.argv[2]);
  if (!Number.isInteger(id) || id < 1) {
    console.error('usage: npm run strategy-verify -- <strategy id>');
    return 2;
  }
  const database = await openMigratedDatabase(loadEnv().database);
  try {
    // The record's "today" is the wall date: this tool runs outside the server and its business clock.
    const result = await checkStrategy(database.db, id, new Date());
    console.log(formatStrategyCheck(result));
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

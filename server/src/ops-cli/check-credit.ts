// Recomputes a customer's loan interest and stock lending fees from the published schedule, the
// published rate model and the ledger's postings, and prints match / mismatch per figure
// (./credit-check.ts, ./lending-check.ts); built, also node server/dist/ops-cli/check-credit.js.
//   npx tsx server/src/ops-cli/check-credit.ts <account>
// Reads the database the server is configured with (DATABASE_URL, or the PGlite folder under
// KABUTO_DATA_DIR: stop the server first, PGlite opens a folder from one process only).
// Exit code 0 match, 1 mismatch, 2 usage.
import { eq } from 'drizzle-orm';
import { loadEnv } from '../config/env';
import { openMigratedDatabase } from '../db/client';
import { users } from '../modules/identity';
import { checkCreditInterest, formatCreditCheck } from './credit-check';
import { checkLendingFees, formatLendingCheck } from './lending-check';

async function main(): Promise<number> {
  const account = process.argv[2];
  if (!account || !/^\d{10}$/.test(account)) {
    console.error('usage: npx tsx server/src/ops-cli/check-credit.ts <ten-digit account>');
    return 2;
  }
  const database = await openMigratedDatabase(loadEnv().database);
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
    if (!user) {
      console.error(`no customer ${account}`);
      return 2;
    }
    const result = await checkCreditInterest(database.db, user.id);
    console.log(formatCreditCheck(result));
    const lending = await checkLendingFees(database.db, user.id);
    console.log(formatLendingCheck(lending));
    return result.match && lending.match ? 0 : 1;
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

// Recomputes a customer's loan interest and stock lending fees from the published schedule, the
// published rate model and the ledger's postings, and prints match / mismatch per figure
// (./credit-check.ts, ./lending-check.ts); built, also node server/dist/ops-cli/check-credit.js.
//   npx tsx server/src/ops-cli/check-credit.ts <account>
// Database and exit codes: ./run-check.ts.
import { eq } from 'drizzle-orm';
import { users } from '../modules/identity';
import { checkCreditInterest, formatCreditCheck } from './credit-check';
import { checkLendingFees, formatLendingCheck } from './lending-check';
import { runCheck } from './run-check';

const account = process.argv[2];
if (!account || !/^\d{10}$/.test(account)) {
  console.error('usage: npx tsx server/src/ops-cli/check-credit.ts <ten-digit account>');
  process.exit(2);
}
runCheck(async (db) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
  if (!user) {
    console.error(`no customer ${account}`);
    return 2;
  }
  const result = await checkCreditInterest(db, user.id);
  console.log(formatCreditCheck(result));
  const lending = await checkLendingFees(db, user.id);
  console.log(formatLendingCheck(lending));
  return result.match && lending.match ? 0 : 1;
});

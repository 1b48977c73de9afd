// `npm run strategy-verify -- <id>`: recomputes a strategy's record and its followers' mirrored
// sizes from the fills (./strategy-check.ts) and prints match / mismatch. Database and exit
// codes: ./run-check.ts.
import { runCheck } from './run-check';
import { checkStrategy, formatStrategyCheck } from './strategy-check';

const id = Number(process.argv[2]);
if (!Number.isInteger(id) || id < 1) {
  console.error('usage: npm run strategy-verify -- <strategy id>');
  process.exit(2);
}
runCheck(async (db) => {
  // The record's "today" is the wall date: this tool runs outside the server and its business clock.
  const result = await checkStrategy(db, id, new Date());
  console.log(formatStrategyCheck(result));
  return result.match ? 0 : 1;
});

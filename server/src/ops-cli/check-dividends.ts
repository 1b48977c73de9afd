// Recomputes every dividend payment and margin adjustment of a run from the published schedule
// and the customers' fills, and prints match / mismatch (./dividends-check.ts); `npm run
// dividend-verify`, built also node server/dist/ops-cli/check-dividends.js. Database and exit
// codes: ./run-check.ts.
import { checkDividends, formatDividendCheck } from './dividends-check';
import { runCheck } from './run-check';

runCheck(async (db) => {
  const result = await checkDividends(db);
  console.log(formatDividendCheck(result));
  return result.match ? 0 : 1;
});

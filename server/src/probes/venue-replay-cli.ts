// `node server/dist/probes/venue-replay-cli.js`: replays DATABASE_URL's venue input log of its last
// day into fresh books and compares the fills (probes/venue-replay.ts); prints the report as JSON
// and exits 1 when a fill is missing or unexplained. The cluster's fault suite runs it; an
// operator can run it against any cluster's database. KABUTO_VENUE_PARTITION (default 0) names the
// partition whose log is checked, KABUTO_VENUE_PARTITIONS (default 1) how many the cluster has.
import { loadEnv, wholeNumber } from '../config/env';
import { MAX_PARTITIONS } from '../cluster/partitions';
import { openDatabase } from '../db/client';
import { marketSettingsFromEnv } from '../modules/market/runtime';
import { checkVenueReplay } from './venue-replay';

async function main(): Promise<void> {
  const { database } = loadEnv();
  const partitions = wholeNumber('KABUTO_VENUE_PARTITIONS', process.env.KABUTO_VENUE_PARTITIONS ?? '1', 1, MAX_PARTITIONS);
  const partition = wholeNumber('KABUTO_VENUE_PARTITION', process.env.KABUTO_VENUE_PARTITION ?? '0', 0, partitions - 1);
  if (database.kind !== 'postgres') throw new Error("DATABASE_URL (a cluster's PostgreSQL) is required");
  const opened = await openDatabase(database);
  try {
    const report = await checkVenueReplay(opened, {
      partition,
      partitions,
      seed: marketSettingsFromEnv(process.env).seed,
    });
    console.log(JSON.stringify(report));
    if (report.missing > 0 || report.unexplained > 0) process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

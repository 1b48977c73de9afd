// The built app (server/dist) run inside the bench's own process on PGlite, on a fixed test clock
// inside Monday's morning session (2025-01-06 10:00 JST) and a market runtime with no simulated
// participants' events, so what a bench measures is its own traffic.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { need } = require('../support');

/**
 * Opens the database (`database(dataDir)`: openMigratedDatabase's options, PGlite in memory by
 * default), runs `prepare(database)` (seeding), and builds the app with `options` on top of the
 * in-process defaults. The caller starts it (listen or ready) and ends with closeInProcessApp.
 */
async function buildInProcessApp({ name, database: databaseOptions = () => ({ kind: 'pglite' }), prepare = async () => undefined, options = {} }) {
  const { buildApp } = need('app.js');
  const { fixedClock, jstDate, realBusinessClock } = need('clock.js');
  const { openMigratedDatabase } = need('db/client.js');
  const { createMarketRuntime } = need('modules/market/runtime.js');
  const clock = fixedClock(jstDate(2025, 1, 6, 10, 0));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kabuto-${name}-bench-`));
  const database = await openMigratedDatabase(databaseOptions(dataDir));
  await prepare(database);
  const runtime = createMarketRuntime({ clock, seed: `${name}-bench`, eventRate: 1e-9 });
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: path.join(dataDir, 'releases'),
    shellDir: path.join(dataDir, 'no-shell'),
    secret: `${name}-bench-secret-long-enough`,
    market: runtime,
    rateLimitAllowList: ['127.0.0.1'],
    ...options,
  });
  return { app, database, clock, runtime, dataDir };
}

/** Closes what buildInProcessApp opened and removes its data folder. */
async function closeInProcessApp({ app, database, dataDir }) {
  await app.close();
  await database.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Runs a bench's main; a failure is printed and exits 1. */
function runBench(main) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { buildInProcessApp, closeInProcessApp, runBench };

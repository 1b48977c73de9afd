// How a server test file's in-memory database starts, side by side: an empty PGlite (initdb)
// plus every migration, against loading the migrated template the test run dumps once
// (server/jest/global-setup.js) plus the migrations finding nothing to do. Alternated, so
// both see the same machine load; prints each round and the ratio of the medians.
const { PGlite } = require('@electric-sql/pglite');
const { drizzle } = require('drizzle-orm/pglite');
const { migrate } = require('drizzle-orm/pglite/migrator');
const os = require('os');
const path = require('path');

const MIGRATIONS = path.join(__dirname, '..', 'server', 'drizzle');
const ROUNDS = Number(process.env.ROUNDS || 5);

async function timed(open) {
  const started = performance.now();
  const client = await open();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  const ms = performance.now() - started;
  await client.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const seed = await PGlite.create();
  await migrate(drizzle({ client: seed }), { migrationsFolder: MIGRATIONS });
  const template = await seed.dumpDataDir('none');
  await seed.close();
  const fresh = [];
  const loaded = [];
  for (let round = 1; round <= ROUNDS; round++) {
    fresh.push(await timed(() => PGlite.create()));
    loaded.push(await timed(() => PGlite.create({ loadDataDir: template })));
    console.log(`round ${round}: initdb + migrations ${fresh.at(-1).toFixed(0)} ms, template ${loaded.at(-1).toFixed(0)} ms`);
  }
  const ratio = median(fresh) / median(loaded);
  console.log(
    `pglite test database: initdb + migrations ${median(fresh).toFixed(0)} ms, template ${median(loaded).toFixed(0)} ms (median of ${ROUNDS}): template ${ratio.toFixed(1)}× faster (${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)})`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

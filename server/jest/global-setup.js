// Once per test run: a migrated in-memory PGlite, dumped to a file that every test file's
// in-memory database starts from (src/db/client.ts `inMemoryStart`). PGlite's initdb plus the
// migrations cost each test file seconds; loading the dump costs a fraction of that
// (bench/pglite-template.js measures both side by side). The file is named by a hash of the
// migrations and the PGlite version, so a changed migration makes a new one.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

const MIGRATIONS_DIR = join(__dirname, '..', 'drizzle');

function migrationsHash() {
  const hash = createHash('sha256');
  // The package's manifest is not exported: read it beside its dist/.
  hash.update(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(file) {
  const { PGlite } = require('@electric-sql/pglite');
  const { drizzle } = require('drizzle-orm/pglite');
  const { migrate } = require('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    // Written whole, then renamed: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

module.exports = async function globalSetup() {
  if (process.env.KABUTO_PGLITE_TEMPLATE) return;
  const file = join(tmpdir(), `kabuto-pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) await makeTemplate(file);
  process.env.KABUTO_PGLITE_TEMPLATE = file;
};

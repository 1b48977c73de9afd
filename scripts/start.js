// `npm start`: on a fresh clone installs, builds, releases each remote once if it has
// no release yet, then serves everything on http://localhost:8080 (PORT overrides).
// The server migrates the database and seeds demo data itself when it starts.
const fs = require('fs');
const path = require('path');
const { ROOT, run, ensureInstalled, buildAll } = require('./lib');

const REMOTES = ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo'];

function currentReleases() {
  const dir = process.env.KABUTO_RELEASES_DIR || path.join(ROOT, 'releases');
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'registry.json'), 'utf8')).current || {};
  } catch {
    return {};
  }
}

function main() {
  ensureInstalled();
  buildAll(['@kabuto/shared-sdk', '@kabuto/server', '@kabuto/shell']);
  const current = currentReleases();
  for (const remote of REMOTES) {
    if (!current[remote]) run('node', ['server/dist/releases/cli.js', 'release', remote]);
  }
  // Paper money: demo deposits are approved automatically, and the screens say so.
  run('node', ['server/dist/main.js'], {
    env: {
      KABUTO_DEMO_AUTO_APPROVE_DEPOSITS: '1',
      ...process.env,
      PORT: process.env.PORT || '8080',
    },
  });
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Small helpers shared by `npm start` and `npm test`: run a command, make sure the
// workspace is installed and built. Plain Node so they work before anything is installed.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

function run(cmd, args, opts = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${result.status}`);
  }
}

/** Runs one check of `npm test`: true when it passed; a failure is reported, not thrown. */
function runCheck(name, cmd, args) {
  const started = Date.now();
  let passed = true;
  try {
    run(cmd, args);
  } catch {
    passed = false;
  }
  console.log(`${name}: ${passed ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return passed;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  // `npm install` rather than `npm ci`: with the lock file present it installs the
  // locked versions, and npm 11 writes workspace locks that `npm ci` rejects for
  // missing other-platform optional packages (e.g. @unrs/resolver-binding-*).
  if (!fresh) run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds every package in dependency order (lerna → nx, local only, never the cloud). */
function buildAll(scope) {
  const args = ['lerna', 'run', 'build'];
  if (scope) for (const s of scope) args.push('--scope', s);
  run('npx', args, { env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } });
}

module.exports = { ROOT, run, runCheck, ensureInstalled, buildAll };

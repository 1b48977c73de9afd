// Small helpers shared by `npm start` and `npm test`: run a command, make sure the
// workspace is installed and built. Plain Node so they work before anything is installed.
const { spawn, spawnSync } = require('child_process');
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

/**
 * Runs the checks of `npm test` ({ name, cmd, args }), at most `concurrency` at once; each
 * check's output is printed whole when it ends. A failure is reported, not thrown.
 * Resolves to { [name]: passed }.
 */
async function runChecks(checks, concurrency) {
  const results = {};
  const queue = [...checks];
  async function worker() {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const started = Date.now();
      let passed = true;
      let output = '';
      try {
        output = await runQuietly(check);
      } catch (error) {
        passed = false;
        output = error instanceof Error ? error.message : String(error);
      }
      console.log(`\n$ ${check.cmd} ${check.args.join(' ')}\n${output.trimEnd()}`);
      console.log(`${check.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(Date.now() - started)} s`);
      results[check.name] = passed;
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, checks.length)) }, worker));
  return results;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  // `npm install` rather than `npm ci`: with the lock file present it installs the
  // locked versions, and npm 11 writes workspace locks that `npm ci` rejects for
  // missing other-platform optional packages (e.g. @unrs/resolver-binding-*).
  // --prefer-offline: the lock file pins every version and its integrity hash, so cached
  // packages need no round trip to the registry to be revalidated.
  if (!fresh) run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
}

const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs one step with its output held back (printed only if it fails); resolves to its output. */
function runQuietly({ name, cmd, args, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: env ? { ...process.env, ...env } : process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${output}\n${name} failed (${cmd} ${args.join(' ')}: exit code ${code})`))));
  });
}

/**
 * Runs independent steps ({ name, cmd, args, env? }), at most `concurrency` at once, with
 * one line when each starts and one when it ends (with its seconds). Rejects on the first
 * failure, after the steps already running have ended.
 */
async function runSteps(steps, concurrency) {
  const queue = [...steps];
  let failure = null;
  async function worker() {
    while (queue.length && !failure) {
      const step = queue.shift();
      const started = Date.now();
      console.log(`▶ ${step.name}`);
      try {
        await runQuietly(step);
        console.log(`✓ ${step.name} in ${seconds(Date.now() - started)} s`);
      } catch (error) {
        console.log(`✗ ${step.name} after ${seconds(Date.now() - started)} s`);
        failure = failure || error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, steps.length)) }, worker));
  if (failure) throw failure;
}

const REMOTES = ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo'];

function currentReleases() {
  const dir = process.env.KABUTO_RELEASES_DIR || path.join(ROOT, 'releases');
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'registry.json'), 'utf8')).current || {};
  } catch {
    return {};
  }
}

const buildStep = (pkg) => ({ name: `build ${pkg}`, cmd: 'npm', args: ['run', 'build', '-w', `@kabuto/${pkg}`] });

/**
 * What `npm start` and `npm run start:cluster` serve, built: the SDK first (everything else
 * imports its dist/), then the server, the shell, the operator console and each remote that has
 * no release yet side by side, then those remotes released.
 */
async function buildForServing(cores) {
  const toRelease = REMOTES.filter((remote) => !currentReleases()[remote]);
  // A remote released earlier is served from its release; only new ones are built.
  await runSteps([buildStep('shared-sdk')], 1);
  // The operator console (ops-console, served at /ops) is built every time, like the shell.
  await runSteps([buildStep('server'), buildStep('shell'), buildStep('ops-console'), ...toRelease.map(buildStep)], cores);
  // Storing a release copies and compresses files: quick, and the registry is one file.
  await runSteps(
    toRelease.map((remote) => ({ name: `release ${remote}`, cmd: 'node', args: ['server/dist/releases/cli.js', 'release', remote, '--no-build'] })),
    1,
  );
}

/** Builds every package in dependency order (lerna → nx, local only, never the cloud). */
function buildAll(scope) {
  const args = ['lerna', 'run', 'build'];
  if (scope) for (const s of scope) args.push('--scope', s);
  run('npx', args, { env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } });
}

module.exports = { ROOT, run, runChecks, runSteps, seconds, ensureInstalled, buildAll, buildForServing };

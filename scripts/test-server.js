// Starts a real Kabuto server (server/dist/main.js) on a free loopback port with its
// own data and release folders, the already built remotes released into it. Used by
// the browser suite (e2e/) and the benchmarks (bench/).
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..');
const REMOTE_DIRS = ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo'];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs the operators' release CLI against a given releases folder.
 * @param {string[]} args
 * @param {string} releasesDir
 * @returns {string} what the CLI printed
 */
function releaseCli(args, releasesDir) {
  const result = spawnSync('node', [path.join(REPO_ROOT, 'server/dist/releases/cli.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, KABUTO_RELEASES_DIR: releasesDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`release cli ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

async function waitForHealth(url, child, log, healthMs) {
  const deadline = Date.now() + healthMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in ${healthMs / 1000} s:\n${log()}`);
}

const RELEASES_TEMPLATE_ENV = 'KABUTO_TEST_RELEASES_TEMPLATE';

/**
 * The remotes released once into a folder of this process's, named in the env, so that every test
 * server started afterwards, by this process or a child (a jest worker), starts from a copy of it:
 * storing a release compresses each file with Brotli at quality 11, about 10 s a remote on a loaded
 * 2-core machine, the same work for every server. Removed when the process that made it exits.
 * @returns {string}
 */
function releasedRemotesTemplate() {
  const made = process.env[RELEASES_TEMPLATE_ENV];
  if (made && fs.existsSync(path.join(made, 'registry.json'))) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-releases-'));
  for (const remote of REMOTE_DIRS) releaseCli(['release', remote, '--no-build'], dir);
  process.env[RELEASES_TEMPLATE_ENV] = dir;
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * @param {Record<string, string>} [extraEnv]
 * @param {{ healthMs?: number }} [opts] how long it may take to answer /api/health (migrations and seeds on a busy machine)
 * @returns {Promise<{ url: string, base: string, dataDir: string, releasesDir: string, process: import('child_process').ChildProcess, stop: () => Promise<void> }>}
 */
async function startTestServer(extraEnv = {}, { healthMs = 60_000 } = {}) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-run-'));
  const dataDir = path.join(base, 'data');
  const releasesDir = path.join(base, 'releases');
  fs.mkdirSync(dataDir);
  fs.cpSync(releasedRemotesTemplate(), releasesDir, { recursive: true });

  const port = await freePort();
  let output = '';
  const child = spawn('node', [path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KABUTO_DATA_DIR: dataDir, KABUTO_RELEASES_DIR: releasesDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d.toString()));
  child.stderr.on('data', (d) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(base, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output, healthMs);
  } catch (error) {
    // A server that never became healthy must not outlive the run that started it.
    await stop();
    throw error;
  }
  return { url, base, dataDir, releasesDir, process: child, stop };
}

module.exports = { REPO_ROOT, REMOTE_DIRS, freePort, releaseCli, startTestServer };

// `npm start`: on a fresh clone installs, builds, releases each remote once if it has
// no release yet, then serves everything on http://localhost:8080 (PORT overrides) and
// prints "ready in N s" once the server answers. The server migrates the database and
// seeds demo data itself when it starts.
//
// Where the time goes on a 2-core machine: the install, then webpack (the shell and each
// remote, the operator console) and tsc (the server). Only the SDK must come first (everything else imports its
// dist/); the rest build side by side, as many at once as the machine has cores.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT, ensureInstalled, runSteps, seconds } = require('./lib');

const REMOTES = ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo'];
const PORT = process.env.PORT || '8080';

function currentReleases() {
  const dir = process.env.KABUTO_RELEASES_DIR || path.join(ROOT, 'releases');
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'registry.json'), 'utf8')).current || {};
  } catch {
    return {};
  }
}

const build = (pkg) => ({ name: `build ${pkg}`, cmd: 'npm', args: ['run', 'build', '-w', `@kabuto/${pkg}`] });

async function waitUntilReady(child) {
  for (;;) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  ensureInstalled();
  const toRelease = REMOTES.filter((remote) => !currentReleases()[remote]);
  const cores = os.availableParallelism();
  // A remote released earlier is served from its release; only new ones are built.
  await runSteps([build('shared-sdk')], 1);
  // The operator console (ops-console, served at /ops) is built every time, like the shell.
  await runSteps([build('server'), build('shell'), build('ops-console'), ...toRelease.map(build)], cores);
  // Storing a release copies and compresses files: quick, and the registry is one file.
  await runSteps(
    toRelease.map((remote) => ({ name: `release ${remote}`, cmd: 'node', args: ['server/dist/releases/cli.js', 'release', remote, '--no-build'] })),
    1,
  );
  // Paper money: demo deposits are approved automatically, and the screens say so.
  const server = spawn('node', ['server/dist/main.js'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { KABUTO_DEMO_AUTO_APPROVE_DEPOSITS: '1', ...process.env, PORT },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  if (await waitUntilReady(server)) {
    // Counted from the start of this process, which `npm start` launches at once.
    console.log(`\nKabuto ready in ${seconds(performance.now())} s on http://localhost:${PORT} (${cores} cores, load ${os.loadavg()[0].toFixed(1)})`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

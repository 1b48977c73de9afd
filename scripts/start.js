// `npm start`: on a fresh clone installs, builds, releases each remote once if it has
// no release yet, then serves everything on http://localhost:8080 (PORT overrides) and
// prints "ready in N s" once the server answers. The server migrates the database and
// seeds demo data itself when it starts.
//
// Where the time goes on a 2-core machine: the install, then webpack (the shell and each
// remote, the operator console) and tsc (the server). Only the SDK must come first (everything else imports its
// dist/); the rest build side by side, as many at once as the machine has cores.
const { spawn } = require('child_process');
const os = require('os');
const { ROOT, buildForServing, ensureInstalled, seconds } = require('./lib');

const PORT = process.env.PORT || '8080';

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
  const cores = os.availableParallelism();
  await buildForServing(cores);
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

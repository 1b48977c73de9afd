// Crash recovery bench: kill -9 during a stream of placements, BENCH_CRASH_CYCLES times
// (default 6), on one PGlite database (server/src/probes/crash-probe.ts; the server test runs
// two cycles of it on the sources). Printed: placements acknowledged, acknowledged lost,
// duplicated, left pending beyond recovery, still pending at the end, ledger balanced, and
// per restart the ms from listening to readiness 200 (503 before), with the machine's load.
// Goal: 0 lost, 0 duplicated, 0 left pending, balanced. Needs `npx lerna run build --scope
// @kabuto/server` first (or BENCH_SERVER_DIST).
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const DIST = process.env.BENCH_SERVER_DIST ?? path.join(__dirname, '..', 'server', 'dist');
const CYCLES = Number(process.env.BENCH_CRASH_CYCLES ?? 6);

async function main() {
  const { runCrashProbe } = require(path.join(DIST, 'probes', 'crash-probe.js'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-kill-recovery-'));
  const loadBefore = os.loadavg();
  const started = performance.now();
  try {
    const report = await runCrashProbe({
      cycles: CYCLES,
      dir,
      spawnServer: (d) => spawn(process.execPath, [path.join(DIST, 'probes', 'crash-server.js'), d], { stdio: ['ignore', 'pipe', 'pipe'] }),
      log: (line) => console.log(`  ${line}`),
    });
    const ok =
      report.acknowledgedLost === 0 &&
      report.duplicated === 0 &&
      report.leftPendingBeyondRecovery === 0 &&
      report.stillPendingAtEnd === 0 &&
      report.ledgerBalanced;
    console.log(
      JSON.stringify(
        {
          bench: 'kill -9 during placements',
          ...report,
          seconds: Math.round((performance.now() - started) / 1000),
          cpus: os.cpus().length,
          loadavg1m: { before: loadBefore[0], after: os.loadavg()[0] },
          goal: '0 acknowledged lost, 0 duplicated, 0 left pending beyond recovery, ledger balanced',
          met: ok,
        },
        null,
        2,
      ),
    );
    if (!ok) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// kill -9 during a stream of placements, twice (npm run bench runs six: bench/kill-recovery.js):
// 0 acknowledged lost, 0 duplicated, 0 left pending beyond recovery, nothing held at the end,
// the ledger balanced, and readiness 503 until recovery finished. The server processes run
// the sources through tsx, so the test needs no build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCrashProbe } from './crash-probe';

const SERVER_DIR = resolve(__dirname, '../..');

test('kill -9 during placements (2 cycles): nothing acknowledged lost or doubled, nothing left pending, ledger balanced', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-crash-probe-'));
  try {
    const report = await runCrashProbe({
      cycles: 2,
      dir,
      callers: 4,
      spawnServer: (d) =>
        spawn(process.execPath, ['--import', 'tsx', join(SERVER_DIR, 'src/probes/crash-server.ts'), d], {
          cwd: SERVER_DIR,
          env: { ...process.env, TSX_TSCONFIG_PATH: join(SERVER_DIR, 'tsconfig.json'), NODE_OPTIONS: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
    });
    expect(report).toMatchObject({ acknowledgedLost: 0, duplicated: 0, leftPendingBeyondRecovery: 0, stillPendingAtEnd: 0, ledgerBalanced: true });
    expect(report.placementsAcknowledged).toBeGreaterThan(0);
    expect(report.recoveryMs).toHaveLength(3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

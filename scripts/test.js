// `npm test`: installs what is missing, runs the repository-wide checks (format, the
// architecture rules and their fixtures, lint, copy-paste count: none needs a build), builds every package,
// type-checks, runs every package's jest suite, then the browser suite (e2e/) against the
// real server, and closes with one line "N passed, N failed" summing all of them.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { run, runChecks, ensureInstalled, buildAll, seconds } = require('./lib');

function jestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** Counts from a node:test TAP report ("# pass N", "# fail N"). */
function tapCounts(file) {
  try {
    const tap = fs.readFileSync(file, 'utf8');
    const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(tap)?.[1] ?? NaN);
    const passed = count('pass');
    const failed = count('fail') + count('cancelled');
    if (Number.isNaN(passed) || Number.isNaN(failed)) return { passed: 0, failed: 1 };
    return { passed, failed };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/**
 * The repository-wide checks: none needs a build (lint reads the SDK's sources through
 * each package's tsconfig paths), none writes what another reads, so they run side by side,
 * as many at once as the machine has cores. A failed check fails the run, but the build and
 * the suites still run, so one pass reports everything. Each check counts as one test.
 */
async function repositoryChecks(out) {
  const fixturesReport = path.join(out, 'architecture-rules.tap');
  const fixtures = 'architecture rules on their fixtures, the specified stack, no work-log narrative';
  const results = await runChecks(
    [
      { name: 'format', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
      // The proof that each architecture rule refuses a bad import (scripts/architecture/),
      // counted test by test.
      {
        name: fixtures,
        cmd: process.execPath,
        args: [
          '--test',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${fixturesReport}`,
          'scripts/architecture/rules.test.js',
          // The specified stack, each library in the package that does its job.
          'scripts/stack/stack.test.js',
          // No work-log narrative (numbered sittings and issues, who reported what) in tracked text.
          'scripts/narrative/narrative.test.js',
          // The cluster launcher's load balancer configuration (checked by haproxy -c) and arguments.
          'scripts/cluster/launch.test.js',
        ],
      },
      { name: 'architecture', cmd: 'npm', args: ['run', '--silent', 'architecture'] },
      { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
      // Copy-pasted blocks, at most the maximum in scripts/duplicates.js.
      { name: 'duplicates', cmd: 'npm', args: ['run', '--silent', 'duplicates'] },
    ],
    os.availableParallelism(),
  );
  const counted = ['format', 'architecture', 'lint', 'duplicates'].map((name) => results[name]);
  const passed = counted.filter(Boolean).length;
  return [
    ['checks (format, architecture, lint, duplicates)', { passed, failed: counted.length - passed }],
    [fixtures, tapCounts(fixturesReport)],
  ];
}

/** Runs a phase and prints how long it took: the figures to look at when the run gets slow. */
function timed(phases, name, fn) {
  const started = Date.now();
  try {
    return fn();
  } finally {
    phases.push([name, Date.now() - started]);
    console.log(`${name} took ${seconds(Date.now() - started)} s`);
  }
}

async function main() {
  const started = Date.now();
  const phases = [];
  timed(phases, 'install', ensureInstalled);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-test-'));
  const checksStarted = Date.now();
  const checks = await repositoryChecks(out);
  phases.push(['checks', Date.now() - checksStarted]);
  timed(phases, 'build', () => buildAll());
  timed(phases, 'typecheck', () => run('npx', ['lerna', 'run', 'typecheck'], { env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } }));

  const unitReport = path.join(out, 'unit.json');
  const pgReport = path.join(out, 'postgres.json');
  const e2eReport = path.join(out, 'e2e.json');
  const clusterReport = path.join(out, 'cluster.json');
  const vmModules = { NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' };
  let failed = false;
  try {
    // PGlite loads part of itself with import(), which jest allows only with vm modules.
    // As many workers as cores: jest's default (cores − 1) leaves one of two cores idle,
    // while its parent process only waits for results.
    timed(phases, 'unit', () =>
      run('npx', ['jest', '--ci', `--maxWorkers=${os.availableParallelism()}`, '--json', `--outputFile=${unitReport}`], {
        env: { ...process.env, ...vmModules },
      }),
    );
  } catch {
    failed = true;
  }
  // The money paths once more on a real PostgreSQL server when one is given (.ci/run
  // starts one): the funds suite, trading's races (row locks, unique fills) and the column-array
  // writes (each driver writes arrays its own way) must pass on both storage engines.
  const postgres = process.env.KABUTO_TEST_POSTGRES_URL;
  if (postgres) {
    try {
      timed(phases, 'postgres', () =>
        run('npx', ['jest', '--ci', '-c', 'server/jest.config.js', '--json', `--outputFile=${pgReport}`, 'funds', 'trading-races', 'column-arrays'], {
          env: { ...process.env, ...vmModules, KABUTO_TEST_DATABASE_URL: postgres },
        }),
      );
    } catch {
      failed = true;
    }
  }
  try {
    timed(phases, 'e2e', () => run('npx', ['jest', '--ci', '--runInBand', '-c', 'e2e/jest.config.js', '--json', `--outputFile=${e2eReport}`]));
  } catch {
    failed = true;
  }
  // The cluster under faults (docs/operations.md "Cluster"): PostgreSQL, nats-server, HAProxy and
  // the server's processes, killed under load, the history checked after each.
  try {
    timed(phases, 'cluster', () => run('npx', ['jest', '--ci', '--runInBand', '-c', 'e2e/cluster.jest.config.js', '--json', `--outputFile=${clusterReport}`]));
  } catch {
    failed = true;
  }
  const suites = [...checks, ['unit', jestCounts(unitReport)]];
  if (postgres) suites.push(['funds + trading races on postgres', jestCounts(pgReport)]);
  suites.push(['e2e', jestCounts(e2eReport)]);
  suites.push(['cluster', jestCounts(clusterReport)]);
  console.log('');
  for (const [name, counts] of suites) console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
  console.log(`phases: ${phases.map(([name, ms]) => `${name} ${seconds(ms)} s`).join(', ')}`);
  // The whole run, install and build included, on this machine (os.loadavg: what else ran).
  const took = Math.round((Date.now() - started) / 1000);
  console.log(`npm test took ${Math.floor(took / 60)} min ${took % 60} s on ${os.cpus().length} cores (load ${os.loadavg()[0].toFixed(1)})`);
  const passed = suites.reduce((sum, [, c]) => sum + c.passed, 0);
  const failures = suites.reduce((sum, [, c]) => sum + c.failed, 0);
  console.log(`${passed} passed, ${failures} failed`);
  if (failed || failures > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

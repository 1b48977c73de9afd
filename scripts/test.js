// `npm test`: installs what is missing, builds every package, type-checks, runs every
// package's jest suite, then the browser suite (e2e/) against the real server, and
// closes with one line "N passed, N failed" summing both.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT, run, ensureInstalled, buildAll } = require('./lib');

function jestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

function main() {
  ensureInstalled();
  buildAll();
  run('npx', ['lerna', 'run', 'typecheck'], { env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } });

  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-test-'));
  const unitReport = path.join(out, 'unit.json');
  const pgReport = path.join(out, 'postgres.json');
  const e2eReport = path.join(out, 'e2e.json');
  const vmModules = { NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' };
  let failed = false;
  try {
    // PGlite loads part of itself with import(), which jest allows only with vm modules.
    run('npx', ['jest', '--ci', '--json', `--outputFile=${unitReport}`], { env: { ...process.env, ...vmModules } });
  } catch {
    failed = true;
  }
  // The money paths once more on a real PostgreSQL server when one is given (.ci/run
  // starts one): the funds suite must pass on both storage engines.
  const postgres = process.env.KABUTO_TEST_POSTGRES_URL;
  if (postgres) {
    try {
      run('npx', ['jest', '--ci', '-c', 'server/jest.config.js', '--json', `--outputFile=${pgReport}`, 'funds'], {
        env: { ...process.env, ...vmModules, KABUTO_TEST_DATABASE_URL: postgres },
      });
    } catch {
      failed = true;
    }
  }
  try {
    run('npx', ['jest', '--ci', '--runInBand', '-c', 'e2e/jest.config.js', '--json', `--outputFile=${e2eReport}`]);
  } catch {
    failed = true;
  }
  const suites = [['unit', jestCounts(unitReport)]];
  if (postgres) suites.push(['funds on postgres', jestCounts(pgReport)]);
  suites.push(['e2e', jestCounts(e2eReport)]);
  console.log('');
  for (const [name, counts] of suites) console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
  const passed = suites.reduce((sum, [, c]) => sum + c.passed, 0);
  const failures = suites.reduce((sum, [, c]) => sum + c.failed, 0);
  console.log(`${passed} passed, ${failures} failed`);
  if (failed || failures > 0) process.exit(1);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

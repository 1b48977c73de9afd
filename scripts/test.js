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
  const e2eReport = path.join(out, 'e2e.json');
  let failed = false;
  try {
    // PGlite loads part of itself with import(), which jest allows only with vm modules.
    run('npx', ['jest', '--ci', '--json', `--outputFile=${unitReport}`], {
      env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' },
    });
  } catch {
    failed = true;
  }
  try {
    run('npx', ['jest', '--ci', '--runInBand', '-c', 'e2e/jest.config.js', '--json', `--outputFile=${e2eReport}`]);
  } catch {
    failed = true;
  }
  const unit = jestCounts(unitReport);
  const e2e = jestCounts(e2eReport);
  console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed`);
  console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
  console.log(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
  if (failed || unit.failed + e2e.failed > 0) process.exit(1);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

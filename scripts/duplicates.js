// `npm run duplicates`: counts copy-pasted blocks (jscpd, settings in .jscpd.json: 6 lines
// or more of TypeScript, TSX, JavaScript or CSS) and fails when there are more than
// MAX_CLONES. The goal is 30; lower the maximum as copies are merged, never raise it.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const MAX_CLONES = 30;
const ROOT = path.resolve(__dirname, '..');

function main() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-jscpd-'));
  try {
    const jscpd = path.join(ROOT, 'node_modules', 'jscpd', 'bin', 'jscpd');
    const result = spawnSync(process.execPath, [jscpd, '--output', out, '.'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`jscpd failed (exit code ${result.status}):\n${result.stdout}\n${result.stderr}`);
    const report = JSON.parse(fs.readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
    const clones = report.duplicates;
    if (process.argv.includes('--list')) {
      for (const c of clones) {
        console.log(
          `${c.lines} lines: ${c.firstFile.name}:${c.firstFile.start}-${c.firstFile.end} = ${c.secondFile.name}:${c.secondFile.start}-${c.secondFile.end}`,
        );
      }
    }
    const { total } = report.statistics;
    console.log(`${clones.length} clones (${total.duplicatedLines} of ${total.lines} lines, ${total.percentage}%), at most ${MAX_CLONES} allowed`);
    if (clones.length > MAX_CLONES) {
      console.error(`Too many copy-pasted blocks: ${clones.length} > ${MAX_CLONES}. \`npm run duplicates -- --list\` names them.`);
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

// `npm run architecture` and a step of `npm test`: the architecture rules
// (.dependency-cruiser.cjs) on the whole repository. Prints each violation and exits 1
// when there is one. `--out <file>` also writes them there, one a line.
const fs = require('node:fs');
const { ROOT, checkedFolders, cruise } = require('./cruise');

const outIndex = process.argv.indexOf('--out');
const started = Date.now();
const { summary } = cruise(ROOT, checkedFolders());
// A cycle is shown whole: from → … → back to from.
const lines = summary.violations.map((v) => `${v.rule.severity} ${v.rule.name}: ${[v.from, ...(v.cycle ? v.cycle.map((s) => s.name) : [v.to])].join(' → ')}`);
for (const line of lines) console.log(line);
if (outIndex > 0) fs.writeFileSync(process.argv[outIndex + 1], lines.map((l) => `${l}\n`).join(''));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`architecture: ${summary.totalCruised} files, ${summary.error} errors, ${summary.warn} warnings (${seconds} s)`);
if (summary.error > 0 || summary.warn > 0) process.exit(1);

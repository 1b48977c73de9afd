// Runs dependency-cruiser with the repository's one config (.dependency-cruiser.cjs) on
// some folders of `cwd`, whose paths the rules then see relative to `cwd`.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const BIN = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** The folders `npm test` checks: every workspace package and the repository's scripts. */
function checkedFolders() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return [...workspaces, 'scripts'];
}

/** Cruises `folders` of `cwd`; answers dependency-cruiser's JSON result (its `summary.error` counts the violations of error rules). */
function cruise(cwd, folders) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-arch-')), 'result.json');
  const run = spawnSync(process.execPath, [BIN, '--config', CONFIG, '--output-type', 'json', '--output-to', out, ...folders], { cwd, encoding: 'utf8' });
  if (!fs.existsSync(out)) throw new Error(`dependency-cruiser did not run: ${run.stderr || run.error}`);
  const result = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return result;
}

module.exports = { ROOT, CONFIG, checkedFolders, cruise };

#!/usr/bin/env node
// Runs drizzle-kit with this package's drizzle-orm. npm hoists drizzle-kit to the root
// node_modules but keeps drizzle-orm in server/node_modules, and drizzle-kit finds
// drizzle-orm with a dynamic import() from its own folder, so a plain `drizzle-kit`
// reports "Please install latest version of drizzle-orm". We give it a private
// node_modules of symlinks and ask Node to keep the symlinked paths.
// Usage: node scripts/drizzle-kit.js generate [--name <name>]
const { spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { delimiter, dirname, join } = require('node:path');

const serverDir = join(__dirname, '..');
// Package folders found the way Node looks them up from server/ (their exports maps
// hide package.json from require.resolve).
function packageDir(name) {
  const found = require.resolve
    .paths(name)
    .map((dir) => join(dir, name))
    .find((dir) => existsSync(join(dir, 'package.json')));
  if (!found) throw new Error(`${name} is not installed`);
  return found;
}
const kitDir = packageDir('drizzle-kit');
const ormDir = packageDir('drizzle-orm');
const kitNodeModules = dirname(kitDir);

const shim = mkdtempSync(join(tmpdir(), 'kabuto-drizzle-kit-'));
try {
  mkdirSync(join(shim, 'node_modules'));
  symlinkSync(kitDir, join(shim, 'node_modules', 'drizzle-kit'), 'dir');
  symlinkSync(ormDir, join(shim, 'node_modules', 'drizzle-orm'), 'dir');
  const result = spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', join(shim, 'node_modules', 'drizzle-kit', 'bin.cjs'), ...process.argv.slice(2)],
    {
      cwd: serverDir,
      stdio: 'inherit',
      // drizzle-kit's own CommonJS dependencies still live next to it.
      env: { ...process.env, NODE_PATH: [kitNodeModules, process.env.NODE_PATH].filter(Boolean).join(delimiter) },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(shim, { recursive: true, force: true });
}

// Builds the SDK three ways from src/ (tests excluded, see tsconfig.build.json):
//   dist/esm    ES modules for webpack (and Node ESM): relative imports made fully specified
//   dist/cjs    CommonJS for the Node server (module node16 on a package without "type")
//   dist/types  declarations
// Only the declarations' compile type-checks (a type error still fails the build): the two
// JavaScript compiles would check the same files again, so they skip it (--noCheck, same
// output) and run beside it, one after the other.
// Then checks that each built entry loads in Node and that the Node-safe subpaths pull
// in no React, react-router or Redux.
const { execFileSync, spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = __dirname;
const dist = path.join(root, 'dist');
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
const NODE_SAFE_SUBPATHS = ['messages', 'schemas', 'format', 'routes', 'remote', 'market-rules', 'constants'];
const FRONT_END_PACKAGES = /node_modules[\\/](react|react-dom|react-router|react-router-dom|react-redux|@reduxjs[\\/]toolkit|redux)[\\/]/;

function run(command, args, options = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/** Runs tsc into outDir; resolves when it has succeeded. */
function compile(outDir, flags) {
  console.log(`tsc → ${path.relative(root, outDir)}`);
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir, ...flags], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tsc → ${path.relative(root, outDir)} failed (exit code ${code})`))));
  });
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function* jsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(full);
    else if (entry.name.endsWith('.js')) yield full;
  }
}

// Sources import './x' (bundler style, which jest and the other packages' tsconfig paths
// read directly). Node ESM and webpack in a "type": "module" folder need './x.js' or
// './x/index.js', so the ESM output gets the full paths.
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function fullySpecify(dir) {
  for (const file of jsFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    const fixed = text.replace(RELATIVE_SPECIFIER, (match, prefix, quote, spec) => {
      if (spec.endsWith('.js')) return match;
      const base = path.resolve(path.dirname(file), spec);
      if (fs.existsSync(`${base}.js`)) return `${prefix}${quote}${spec}.js${quote}`;
      if (fs.existsSync(path.join(base, 'index.js'))) return `${prefix}${quote}${spec}/index.js${quote}`;
      throw new Error(`${path.relative(root, file)}: cannot resolve ${spec}`);
    });
    if (fixed !== text) fs.writeFileSync(file, fixed);
  }
}

function smokeTest() {
  const cjsCheck = (specifier, nodeSafe) => `
    require(${JSON.stringify(specifier)});
    const loaded = Object.keys(require.cache).filter((f) => ${FRONT_END_PACKAGES}.test(f));
    if (${nodeSafe} && loaded.length) { console.error(${JSON.stringify(specifier)} + ' loads ' + loaded.join(', ')); process.exit(1); }`;
  for (const sub of NODE_SAFE_SUBPATHS) {
    const specifier = `@kabuto/shared-sdk/${sub}`;
    run(process.execPath, ['-e', cjsCheck(specifier, true)]);
    run(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)});`]);
  }
  run(process.execPath, ['-e', cjsCheck('@kabuto/shared-sdk', false)]);
  run(process.execPath, ['--input-type=module', '-e', "await import('@kabuto/shared-sdk');"]);
  console.log(`checked: '.' and ${NODE_SAFE_SUBPATHS.map((s) => `./${s}`).join(', ')} load in Node (require and import)`);
}

async function javascript() {
  await compile(path.join(dist, 'esm'), ['--module', 'esnext', '--moduleResolution', 'bundler', '--noCheck']);
  fullySpecify(path.join(dist, 'esm'));
  // The UI kit's stylesheet (tsc carries no CSS): webpack loads it from here, through the
  // package's './ui/kit.css' export.
  fs.copyFileSync(path.join(root, 'src', 'ui', 'kit.css'), path.join(dist, 'esm', 'ui', 'kit.css'));
  // sideEffects: webpack may drop SDK modules a remote does not use, but never the stylesheet.
  writeJson(path.join(dist, 'esm', 'package.json'), { type: 'module', sideEffects: ['*.css'] });
  await compile(path.join(dist, 'cjs'), ['--module', 'node16', '--moduleResolution', 'node16', '--noCheck']);
  writeJson(path.join(dist, 'cjs', 'package.json'), { type: 'commonjs' });
}

async function main() {
  fs.rmSync(dist, { recursive: true, force: true });
  const declarations = compile(path.join(dist, 'types'), ['--declaration', '--emitDeclarationOnly', '--declarationMap', '--sourceMap', 'false']);
  // Both awaited before failing: a rejection left unawaited would end the process mid-write.
  const [js, types] = await Promise.allSettled([javascript(), declarations]);
  for (const result of [js, types]) if (result.status === 'rejected') throw result.reason;
  smokeTest();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

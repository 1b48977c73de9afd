// The stack the product is specified with (../shared/spec, the developers' brief): each
// package that does a job declares the library made for it and imports it. A package that
// lacks one, or declares one it never imports (a stand-in of our own doing the job), is a
// problem. Read by stack.test.js, which `npm test` runs.
const fs = require('node:fs');
const path = require('node:path');

// Remotes render inside the shell's React root, so only the shell imports react-dom.
const PAGES = ['react', 'react-router-dom', 'i18next', 'react-i18next'];

/** package folder → the libraries it must declare and import from its own sources. */
const STACK = {
  shell: ['react-dom', ...PAGES],
  'mf-market': [...PAGES, 'echarts', 'echarts-for-react'],
  'mf-trade': PAGES,
  'mf-funds': PAGES,
  'mf-account': PAGES,
  'mf-ipo': PAGES,
  'shared-sdk': ['react', '@reduxjs/toolkit', 'react-redux', 'i18next', 'react-i18next'],
  'mf-build': ['webpack', '@module-federation/enhanced'],
  // The operator console: Refine's admin framework over antd, its own React root and router.
  'ops-console': ['react', 'react-dom', 'react-router-dom', 'i18next', '@refinedev/core', '@refinedev/antd', '@refinedev/react-router', 'antd'],
};

/** Tools the repository runs rather than imports: declared at the root, and the file that puts each to work. */
const ROOT_TOOLS = {
  jest: { file: 'jest.config.js', names: 'projects' },
  'ts-jest': { file: 'mf-build/jest-preset.js', names: 'ts-jest' },
  lerna: { file: 'package.json', names: 'lerna run' },
};

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether `code` imports `name` or one of its subpaths (import … from, import(), require(), export … from). */
function imports(code, name) {
  const spec = `['"]${escape(name)}(?:/[^'"]*)?['"]`;
  return new RegExp(`(?:\\bfrom\\s*${spec}|\\bimport\\s*\\(\\s*${spec}|\\brequire\\s*\\(\\s*${spec}|\\bimport\\s+${spec})`).test(code);
}

function declared(pkg, name) {
  return [pkg.dependencies, pkg.peerDependencies, pkg.devDependencies].some((deps) => deps && name in deps);
}

/** Every problem under `root`, as "package: what" lines (none when the stack is in place). */
function stackProblems(root, stack = STACK, rootTools = ROOT_TOOLS) {
  const problems = [];
  for (const [dir, libraries] of Object.entries(stack)) {
    const manifest = path.join(root, dir, 'package.json');
    if (!fs.existsSync(manifest)) {
      problems.push(`${dir}: no package.json`);
      continue;
    }
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const files = [path.join(root, dir, 'src'), path.join(root, dir)].flatMap((where) =>
      where.endsWith('src')
        ? sourceFiles(where)
        : fs
            .readdirSync(where)
            .filter((f) => SOURCE.test(f))
            .map((f) => path.join(where, f)),
    );
    const code = files.map((file) => fs.readFileSync(file, 'utf8'));
    for (const name of libraries) {
      if (!declared(pkg, name)) problems.push(`${dir}: ${name} is not declared in package.json`);
      if (!code.some((text) => imports(text, name))) problems.push(`${dir}: ${name} is never imported by its sources`);
    }
  }
  const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const [tool, { file, names }] of Object.entries(rootTools)) {
    if (!declared(rootPkg, tool)) problems.push(`root: ${tool} is not declared in package.json`);
    const full = path.join(root, file);
    if (!fs.existsSync(full) || !fs.readFileSync(full, 'utf8').includes(names)) problems.push(`root: ${file} does not put ${tool} to work (${names})`);
  }
  return problems;
}

module.exports = { STACK, ROOT_TOOLS, imports, stackProblems };

// Keeps the specified stack in place (stack.js): the repository has no problem, and the check
// does see one in a package that lost a library or only declares it.
// Run by `npm test` (scripts/test.js) with the architecture rules' tests.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { imports, stackProblems } = require('./stack');

const ROOT = path.resolve(__dirname, '../..');

test('every package that does a job of the specified stack declares and imports its library', () => {
  assert.deepEqual(stackProblems(ROOT), []);
});

test('an import is seen in each of its spellings, and a name alone is not one', () => {
  assert.ok(imports("import { useTranslation } from 'react-i18next';", 'react-i18next'));
  assert.ok(imports("import * as echarts from 'echarts/core';", 'echarts'));
  assert.ok(imports("const x = await import('echarts-for-react/lib/core')", 'echarts-for-react'));
  assert.ok(imports("const w = require('webpack');", 'webpack'));
  assert.ok(imports("export { Link } from 'react-router-dom';", 'react-router-dom'));
  assert.ok(!imports("import x from 'react-router-dom-lite';", 'react-router-dom'));
  assert.ok(!imports('// we used to use react-router-dom', 'react-router-dom'));
  assert.ok(!imports("import charts from 'echarts-for-react';", 'echarts'));
});

test('a package missing a library, or declaring one it never imports, is reported', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ devDependencies: { jest: '1', 'ts-jest': '1', lerna: '1' }, scripts: { build: 'lerna run build' } }));
  write('jest.config.js', 'module.exports = { projects: [] };');
  write('mf-build/jest-preset.js', "module.exports = { transform: { x: ['ts-jest'] } };");
  write('mf-market/package.json', JSON.stringify({ dependencies: { echarts: '6', 'react-router-dom': '7' } }));
  write('mf-market/src/page.tsx', "import { useNavigate } from 'react-router-dom';\nimport { drawChart } from './our-own-chart';\n");
  const problems = stackProblems(root, { 'mf-market': ['react-router-dom', 'echarts', 'echarts-for-react'] });
  assert.deepEqual(problems, [
    'mf-market: echarts is never imported by its sources',
    'mf-market: echarts-for-react is not declared in package.json',
    'mf-market: echarts-for-react is never imported by its sources',
  ]);
  fs.rmSync(root, { recursive: true, force: true });
});

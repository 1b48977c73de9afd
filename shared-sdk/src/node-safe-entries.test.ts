/** @jest-environment node */
// The server (CommonJS, Node) requires these subpaths: nothing they reach may import
// React or Redux, or touch the DOM when loaded. Walks the real import graph of
// the sources (type-only imports are erased by tsc and skipped here).
import { existsSync, readFileSync } from 'fs';
import { dirname, join, relative } from 'path';
import pkg from '../package.json';

const SRC = __dirname;
const NODE_SAFE_ENTRIES = [
  'messages/index.ts',
  'schemas/index.ts',
  'format/index.ts',
  'routes/index.ts',
  'remote/index.ts',
  'market-rules/index.ts',
  'constants.ts',
];
// What the server may load through a Node-safe entry: zod, i18next without react-i18next (the
// message catalogue is an i18next namespace on the server too) and the IPO draw's hash.
const ALLOWED_PACKAGES = new Set(['zod', 'i18next', 'i18next-resources-to-backend', '@noble/hashes']);

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(fromFile: string, spec: string): string {
  // Dynamic imports spell out '.js' (the ESM build is fully specified).
  const base = join(dirname(fromFile), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${spec} from ${fromFile}`);
}

/** Every runtime import reachable from `entry`: local files visited, package names returned. */
function runtimeGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(SRC, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (m[2]) continue; // import type / export type
      const spec = m[3] ?? m[4] ?? m[5] ?? m[6];
      if (!spec) continue;
      if (spec.startsWith('.')) queue.push(resolveLocal(file, spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { files, packages };
}

describe('Node-safe subpath entries', () => {
  it.each(NODE_SAFE_ENTRIES)('%s imports no front-end package at run time', (entry) => {
    const { files, packages } = runtimeGraph(entry);
    expect([...packages].filter((p) => !ALLOWED_PACKAGES.has(p))).toEqual([]);
    expect([...files].map((f) => relative(SRC, f)).filter((f) => /^(state|api|protocol|upload|session|ui)\//.test(f))).toEqual([]);
  });

  it.each(NODE_SAFE_ENTRIES)('%s loads in Node without a DOM', async (entry) => {
    await expect(import(`./${entry.replace(/\.ts$/, '')}`)).resolves.toBeDefined();
  });

  it('every entry is in the exports map with types, import and require', () => {
    const exportsMap = pkg.exports as Record<string, unknown>;
    for (const entry of NODE_SAFE_ENTRIES) {
      const subpath = `./${entry.replace(/\/index\.ts$|\.ts$/, '')}`;
      const target = exportsMap[subpath] as Record<string, string> | undefined;
      const built = entry.replace(/\.ts$/, '');
      expect(target).toEqual({
        types: `./dist/types/${built}.d.ts`,
        import: `./dist/esm/${built}.js`,
        require: `./dist/cjs/${built}.js`,
      });
    }
  });
});

// The remote entries read the federation runtime's core from the shell (mf-build's
// runtime-core-provider.mjs lends the shell's own, name by name). A federation version whose
// remote-side runtime imports a name the provider does not lend would break every remote at
// its entry; this reads that runtime's imports and fails first.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CORE = '@module-federation/runtime-core';

function packageDist(name: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), 'dist');
}

function esmFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return esmFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** Named imports from runtime-core, and files that import all of it, in the given files. */
function importsOfCore(files: string[]): { names: Set<string>; namespaceImports: string[] } {
  const names = new Set<string>();
  const namespaceImports: string[] = [];
  const named = /import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/runtime-core["']/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(named)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
    if (new RegExp(`(import\\s*\\*\\s*as\\s+\\w+|export\\s*\\*)\\s*from\\s*["']${CORE}["']`).test(text)) namespaceImports.push(file);
  }
  return { names, namespaceImports };
}

function lentNames(): Set<string> {
  const provider = readFileSync(require.resolve('@kabuto/mf-build/runtime-core-provider.mjs'), 'utf8');
  const block = /import\s*\{([^}]*)\}\s*from\s*'@module-federation\/runtime-core'/.exec(provider);
  if (!block?.[1]) throw new Error('runtime-core-provider.mjs: no import from runtime-core');
  return new Set(
    block[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('the federation runtime lent to the remote entries', () => {
  it('has every name the remote-side runtime imports from runtime-core', () => {
    // What a remote entry bundles: the bundler runtime and @module-federation/runtime (not its
    // ./core entry, which re-exports all of runtime-core for direct users and is not bundled).
    const files = [...esmFiles(packageDist('@module-federation/webpack-bundler-runtime')), ...esmFiles(packageDist('@module-federation/runtime'))].filter(
      (file) => !file.endsWith(`${join('runtime', 'dist', 'core.js')}`),
    );
    const { names, namespaceImports } = importsOfCore(files);
    expect(names.size).toBeGreaterThan(5);
    expect(namespaceImports).toEqual([]);
    const lent = lentNames();
    expect([...names].filter((name) => !lent.has(name))).toEqual([]);
  });
});

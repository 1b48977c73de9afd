// Test kit: a throw-away repository root with a "built" remote, so release tests
// exercise the real copy/hash/registry code without running webpack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FakeRepo {
  root: string;
  releasesDir: string;
  /** Replaces <remote-dir>/dist with `files` (relative path → content). */
  build(remoteDir: string, files: Record<string, string>): void;
  cleanup(): void;
}

export function fakeManifest(contract = 1): string {
  return JSON.stringify({ name: 'mf_market', shared: [{ name: '@kabuto/shared-sdk', requiredVersion: `^${contract}.0.0` }] });
}

export function createFakeRepo(options: { contract?: number; version?: string } = {}): FakeRepo {
  const root = mkdtempSync(join(tmpdir(), 'kabuto-releases-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('shared-sdk/package.json', JSON.stringify({ name: '@kabuto/shared-sdk', kabuto: { contract: options.contract ?? 1 } }));
  for (const dir of ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo']) {
    write(`${dir}/package.json`, JSON.stringify({ name: `@kabuto/${dir}`, version: options.version ?? '0.1.0' }));
  }
  return {
    root,
    releasesDir: join(root, 'releases'),
    build(remoteDir, files) {
      rmSync(join(root, remoteDir, 'dist'), { recursive: true, force: true });
      for (const [path, content] of Object.entries(files)) write(`${remoteDir}/dist/${path}`, content);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A minimal dist/ as mf-build emits it; `marker` makes the content (and version) differ. */
export function remoteDist(marker: string, contract = 1): Record<string, string> {
  return {
    'remoteEntry.js': `var mf_market; /* ${marker} */`,
    'mf-manifest.json': fakeManifest(contract),
    '123.abcdef12.js': `console.log(${JSON.stringify(marker)});`,
    'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
}

// A remote must reach react-router only through '@kabuto/shared-sdk' (shared-sdk/src/routing):
// react-router is not a federation singleton, so a direct import would bundle a second
// copy into the remote whose hooks see no router. Read with fs and a regex on module
// specifiers: plain on purpose, it only has to catch the ordinary ways of importing.
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

const SOURCE_FILE = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/;
// `from 'x'`, `import 'x'`, `import('x')`, `require('x')`, `jest.mock('x')`, for
// react-router, its subpaths and the old react-router-dom package.
const ROUTER_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bjest\.(?:mock|requireActual)\s*\(\s*)['"`](react-router(?:-dom)?(?:\/[^'"`]*)?)['"`]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name)) yield full;
  }
}

/** Every direct react-router import under `srcDir`, as `file:line imports 'specifier'`. */
export function findDirectRouterImports(srcDir: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(ROUTER_SPECIFIER)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${relative(srcDir, file)}:${line} imports '${match[1]}'`);
    }
  }
  return found.sort();
}

export const DIRECT_ROUTER_IMPORT_ADVICE =
  "import the router APIs from '@kabuto/shared-sdk' instead (the page's one react-router " +
  'comes with the SDK the shell provides; a remote importing react-router bundles a second ' +
  'copy whose hooks find no router). Missing an API? Re-export it in shared-sdk/src/routing.';

// What the browser may fetch ahead for each remote's current release (issue 14): the
// manifest the shell registers, the remote entry it names and the files of the remote's
// ./routes expose, so the first remote page does not wait for shell JS → manifest →
// entry → routes one after another. Read from the release's own mf-manifest.json, so a
// rollback changes the list on the next page load like it changes /remotes.json.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteRegistryDocument } from '@kabuto/shared-sdk/remote';
import type { RemoteName } from '@kabuto/shared-sdk/routes';
import { releaseFolder } from './registry';

/** The parts of a federation mf-manifest.json read here (shared/research/mf-architecture.md §1.1). */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown } } }[];
}

const MANIFEST_FILE = 'mf-manifest.json';
/** A file name inside a release folder: no slashes, no '..', nothing to escape from a URL or an attribute. */
const SAFE_FILE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Releases never change once stored: each one's list is worked out once. */
const cache = new Map<string, readonly string[]>();

function fileList(manifest: FederationManifest): string[] {
  const files: string[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && (entry.path === '' || entry.path === undefined)) files.push(entry.name);
  const routes = manifest.exposes?.find((expose) => expose.name === 'routes');
  const sync = routes?.assets?.js?.sync;
  if (Array.isArray(sync)) files.push(...sync.filter((file): file is string => typeof file === 'string'));
  return files.filter((file) => SAFE_FILE.test(file));
}

/** URLs to preload for one release, the manifest first; just the manifest if it cannot be read. */
export async function releasePreloadUrls(releasesDir: string, remoteDir: string, version: string): Promise<readonly string[]> {
  const key = `${remoteDir}/${version}`;
  const known = cache.get(key);
  if (known) return known;
  const base = `/releases/${remoteDir}/${version}/`;
  let files: string[] = [];
  try {
    files = fileList(JSON.parse(await readFile(join(releaseFolder(releasesDir, remoteDir, version), MANIFEST_FILE), 'utf8')) as FederationManifest);
  } catch {
    // No readable manifest: the runtime will report it; preloading just the manifest costs nothing extra.
  }
  const urls = [`${base}${MANIFEST_FILE}`, ...files.map((file) => `${base}${file}`)];
  cache.set(key, urls);
  return urls;
}

/** Per remote of the registry document, the URLs to preload when a page of that remote opens. */
export async function preloadPlan(releasesDir: string, document: RemoteRegistryDocument): Promise<Partial<Record<RemoteName, readonly string[]>>> {
  const plan: Partial<Record<RemoteName, readonly string[]>> = {};
  for (const [name, entry] of Object.entries(document.remotes) as [RemoteName, { entry: string; version: string }][]) {
    // entry is /releases/<remote-dir>/<version>/mf-manifest.json (readRemotesDocument).
    const match = /^\/releases\/([^/]+)\/([^/]+)\/mf-manifest\.json$/.exec(entry.entry);
    if (match?.[1] && match[2]) plan[name] = await releasePreloadUrls(releasesDir, match[1], match[2]);
  }
  return plan;
}

// What the browser may fetch ahead for each remote's current release: the
// manifest the shell registers, the remote entry it names and the files of the remote's
// ./routes expose, so the first remote page does not wait for shell JS → manifest →
// entry → routes one after another. Read from the release's own mf-manifest.json, so a
// rollback changes the list on the next page load like it changes /remotes.json.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIRST_CALL_LANGS, type FirstCall, type RemoteRegistryDocument } from '@kabuto/shared-sdk/remote';
import { ROUTE_OWNERS, ROUTES, type RemoteName } from '@kabuto/shared-sdk/routes';
import { parseRouteFirstCalls } from './first-calls';
import { releaseFolder } from './registry';

/** The parts of a federation mf-manifest.json read here (shared/research/mf-architecture.md §1.1). */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const MANIFEST_FILE = 'mf-manifest.json';
/**
 * Written by mf-build next to the manifest (PageChunksPlugin): per page chunk
 * (`page-<route name in kebab-case>`), the files that page needs, and per route name the
 * page's first API calls (`calls`, from the remote's src/first-calls.json), and per language
 * the files of the remote's texts (`texts`). A release built before any of them existed has
 * none, and what it lacks is simply not preloaded.
 */
const PAGES_FILE = 'kabuto-pages.json';
/** A file name inside a release folder: no slashes, no '..', nothing to escape from a URL or an attribute. */
const SAFE_FILE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Releases never change once stored: each one's list is worked out once. */
const cache = new Map<string, readonly string[]>();
const pagesCache = new Map<string, ReleasePages>();

/** Per page language, the files of a package's texts in it (hi and id: their own and English's, which they fall back to). */
export type TextFiles = Readonly<Record<string, readonly string[]>>;

interface ReleasePages {
  /** Per route path, the files of its page chunks. */
  files: Readonly<Record<string, readonly string[]>>;
  /** Per route path, the page's first API calls. */
  calls: Readonly<Record<string, readonly FirstCall[]>>;
  texts: TextFiles;
}

/** A `{ <lang>: [file, …] }` list as a build wrote it, names checked; hi and id get English's files too. */
export function textFiles(value: unknown): TextFiles {
  if (typeof value !== 'object' || value === null) return {};
  const byLang = value as Record<string, unknown>;
  const safe = (lang: string): string[] => {
    const list = Object.hasOwn(byLang, lang) ? byLang[lang] : undefined;
    return Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file)) : [];
  };
  const files: Record<string, readonly string[]> = {};
  for (const lang of FIRST_CALL_LANGS.known) {
    const shown = lang === 'hi' || lang === 'id' ? [...new Set([...safe(lang), ...safe('en')])] : safe(lang);
    if (shown.length > 0) files[lang] = shown;
  }
  return files;
}

/** stockDetail → page-stock-detail: the chunk name a remote's routes.tsx gives the route's page. */
export function pageChunkName(routeName: string): string {
  return `page-${routeName.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Hash path → route name, for the routes remotes own. */
const REMOTE_ROUTE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(ROUTES)
    .filter(([, path]) => ROUTE_OWNERS[path] !== 'shell')
    .map(([name, path]) => [path, name]),
);

/**
 * Per route path the release's remote owns: the file names (relative to the release folder)
 * of that route's page chunk and the chunks it depends on, and the page's first API calls;
 * nothing when the release has no readable kabuto-pages.json.
 */
export async function releasePages(releasesDir: string, remoteDir: string, version: string, remote: RemoteName): Promise<ReleasePages> {
  const key = `${remoteDir}/${version}`;
  const known = pagesCache.get(key);
  if (known) return known;
  const files: Record<string, readonly string[]> = {};
  const calls: Record<string, readonly FirstCall[]> = {};
  let texts: TextFiles = {};
  try {
    const doc = JSON.parse(await readFile(join(releaseFolder(releasesDir, remoteDir, version), PAGES_FILE), 'utf8')) as {
      pages?: Record<string, unknown>;
      calls?: Record<string, unknown>;
      texts?: unknown;
    };
    texts = textFiles(doc.texts);
    const pages = doc.pages ?? {};
    for (const [path, routeName] of REMOTE_ROUTE_NAMES) {
      if (ROUTE_OWNERS[path] !== remote) continue;
      const chunkFiles = pages[pageChunkName(routeName)];
      if (Array.isArray(chunkFiles)) {
        const safe = chunkFiles.filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file));
        if (safe.length > 0) files[path] = safe;
      }
      const routeCalls = doc.calls && Object.hasOwn(doc.calls, routeName) ? parseRouteFirstCalls(doc.calls[routeName]) : null;
      if (routeCalls && routeCalls.length > 0) calls[path] = routeCalls;
    }
  } catch {
    // No page list (an older build): the page's chunks load when ./routes asks for them.
  }
  const read = { files, calls, texts };
  pagesCache.set(key, read);
  return read;
}

function fileList(manifest: FederationManifest): string[] {
  const files: string[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && (entry.path === '' || entry.path === undefined)) files.push(entry.name);
  const routes = manifest.exposes?.find((expose) => expose.name === 'routes');
  for (const sync of [routes?.assets?.js?.sync, routes?.assets?.css?.sync]) {
    if (Array.isArray(sync)) files.push(...sync.filter((file): file is string => typeof file === 'string'));
  }
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

export interface PreloadPlan {
  /** Per remote, the URLs to preload when any page of that remote opens (manifest, entry, ./routes). */
  preload: Partial<Record<RemoteName, readonly string[]>>;
  /**
   * Per route path, the files of that page's chunks, relative to its remote's release folder
   * (the folder of preload[owner][0], the manifest): the opened page's code downloads with
   * the entry instead of after ./routes has run.
   */
  pages: Record<string, readonly string[]>;
  /** Per route path, the page's first API calls (shared-sdk remote/first-calls.ts), sent by index.html's boot script. */
  calls: Record<string, readonly FirstCall[]>;
  /**
   * Per remote, its texts' files per page language, relative to its release folder: the boot
   * script preloads the stored language's with the opened page (a remote's texts are a chunk
   * per language, fetched before its page renders).
   */
  texts: Partial<Record<RemoteName, TextFiles>>;
}

/** For each remote of the registry document, what to preload when one of its pages opens. */
export async function preloadPlan(releasesDir: string, document: RemoteRegistryDocument): Promise<PreloadPlan> {
  const plan: PreloadPlan = { preload: {}, pages: {}, calls: {}, texts: {} };
  for (const [name, entry] of Object.entries(document.remotes) as [RemoteName, { entry: string; version: string }][]) {
    // entry is /releases/<remote-dir>/<version>/mf-manifest.json (readRemotesDocument).
    const match = /^\/releases\/([^/]+)\/([^/]+)\/mf-manifest\.json$/.exec(entry.entry);
    if (!match?.[1] || !match[2]) continue;
    plan.preload[name] = await releasePreloadUrls(releasesDir, match[1], match[2]);
    const pages = await releasePages(releasesDir, match[1], match[2], name);
    Object.assign(plan.pages, pages.files);
    Object.assign(plan.calls, pages.calls);
    if (Object.keys(pages.texts).length > 0) plan.texts[name] = pages.texts;
  }
  return plan;
}

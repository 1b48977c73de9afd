// /remotes.json: where each remote's current release lives (ARCHITECTURE §3). Read
// once at start; if the server cannot answer, the last good copy keeps the app usable.
import { REMOTE_NAMES, isCompatibleContract, type RemoteName, type RemoteRegistryDocument, type RemoteRegistryEntry } from '@kabuto/shared-sdk';

export const REGISTRY_URL = '/remotes.json';
export const REGISTRY_TIMEOUT_MS = 10_000;
/** localStorage key of the last registry document that parsed. */
export const REGISTRY_CACHE_KEY = 'kabuto.remotes';

function isEntry(value: unknown): value is RemoteRegistryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.entry === 'string' && entry.entry !== '' && typeof entry.version === 'string' && typeof entry.contract === 'number';
}

/** Keeps the well-formed entries of known remotes; null when the document itself is not a registry. */
export function parseRegistry(value: unknown): RemoteRegistryDocument | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as { schema?: unknown; remotes?: unknown };
  if (doc.schema !== 1 || typeof doc.remotes !== 'object' || doc.remotes === null) return null;
  const given = doc.remotes as Record<string, unknown>;
  const remotes: RemoteRegistryDocument['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const entry = given[name];
    if (isEntry(entry)) remotes[name] = { entry: entry.entry, version: entry.version, contract: entry.contract };
  }
  return { schema: 1, remotes };
}

function readCachedRegistry(storage: Storage): RemoteRegistryDocument | null {
  try {
    const text = storage.getItem(REGISTRY_CACHE_KEY);
    return text ? parseRegistry(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

function cacheRegistry(storage: Storage, doc: RemoteRegistryDocument): void {
  try {
    storage.setItem(REGISTRY_CACHE_KEY, JSON.stringify(doc));
  } catch {
    // A full quota only costs the offline fallback.
  }
}

export interface FetchRegistryOptions {
  fetchImpl?: typeof fetch;
  storage?: Storage;
  timeoutMs?: number;
  url?: string;
}

/**
 * The registry from the server (10 s at most), else the last good copy, else null
 * (no remotes: the shell's own pages still work). Never rejects.
 */
export async function fetchRegistry(options: FetchRegistryOptions = {}): Promise<RemoteRegistryDocument | null> {
  const { fetchImpl = fetch, storage = localStorage, timeoutMs = REGISTRY_TIMEOUT_MS, url = REGISTRY_URL } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, { cache: 'no-store', signal: controller.signal, headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    const doc = parseRegistry(await response.json());
    if (!doc) throw new Error(`${url} is not a remote registry`);
    cacheRegistry(storage, doc);
    return doc;
  } catch {
    return readCachedRegistry(storage);
  } finally {
    clearTimeout(timer);
  }
}

/** Id of the JSON block the server renders into index.html (server/src/static/shell.ts). */
export const PAGE_REGISTRY_ID = 'kabuto-boot';

/**
 * The registry the server rendered into this page, if any (cached like a fetched one). It is
 * as fresh as /remotes.json, because index.html is no-cache, and it costs no round trip.
 */
export function readPageRegistry(doc: Document = document, storage: Storage = localStorage): RemoteRegistryDocument | null {
  const text = doc.getElementById(PAGE_REGISTRY_ID)?.textContent;
  if (!text) return null;
  try {
    const registry = parseRegistry((JSON.parse(text) as { registry?: unknown }).registry);
    if (registry) cacheRegistry(storage, registry);
    return registry;
  } catch {
    return null;
  }
}

/**
 * The page's registry on the first read, /remotes.json on every later one: the loader reads
 * again after a remote was missing, and then only the server can say something new.
 */
export function pageThenServerRegistry(options: FetchRegistryOptions & { doc?: Document } = {}): () => Promise<RemoteRegistryDocument | null> {
  let first = true;
  return () => {
    const fromPage = first ? readPageRegistry(options.doc, options.storage) : null;
    first = false;
    return fromPage ? Promise.resolve(fromPage) : fetchRegistry(options);
  };
}

export type RemoteStatus = { kind: 'available'; entry: RemoteRegistryEntry } | { kind: 'incompatible'; contract: number } | { kind: 'absent' };

/** Sorts every remote into loadable, refused (contract) or absent from the registry. */
export function classifyRemotes(doc: RemoteRegistryDocument | null): ReadonlyMap<RemoteName, RemoteStatus> {
  const statuses = new Map<RemoteName, RemoteStatus>();
  for (const name of REMOTE_NAMES) {
    const entry = doc?.remotes[name];
    if (!entry) statuses.set(name, { kind: 'absent' });
    else if (!isCompatibleContract(entry.contract)) statuses.set(name, { kind: 'incompatible', contract: entry.contract });
    else statuses.set(name, { kind: 'available', entry });
  }
  return statuses;
}

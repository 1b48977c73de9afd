// The releases folder on disk (docs/operations.md):
//   <dir>/<remote-dir>/<version>/   immutable build files + release.json
//   <dir>/registry.json             which version of each remote is current
//   <dir>/history.jsonl             one line per release or rollback (who, when, from, to)
// and the /remotes.json document the shell reads from it.
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { RemoteRegistryDocument } from '@kabuto/shared-sdk/remote';
import { REPO_ROOT } from '../config/env';
import { ReleaseError } from './errors';
import { appendLineDurably, writeFileAtomic } from './fs-safety';
import { remoteByDir } from './remotes';

export const RELEASE_MANIFEST_FILE = 'release.json';
export const REGISTRY_FILE = 'registry.json';
export const HISTORY_FILE = 'history.jsonl';

/** KABUTO_RELEASES_DIR (relative to the working directory) or <repo>/releases. */
export function defaultReleasesDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const chosen = env.KABUTO_RELEASES_DIR?.trim();
  if (!chosen) return join(REPO_ROOT, 'releases');
  return isAbsolute(chosen) ? chosen : resolve(process.cwd(), chosen);
}

/**
 * Versions become folder names and URL segments, so they are restricted to a safe
 * alphabet (semver with a hash suffix fits); '.'-prefixed names are temp folders.
 */
export function isValidVersion(version: string): boolean {
  return /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/.test(version) && !version.includes('..');
}

export function releaseFolder(dir: string, remoteDir: string, version: string): string {
  return join(dir, remoteDir, version);
}

const releaseFileSchema = z.object({
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
});

const releaseManifestSchema = z.object({
  remote: z.string(),
  version: z.string(),
  contract: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** sha256 over the sorted relative paths and bytes: equal content, equal hash. */
  contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  files: z.array(releaseFileSchema),
});

export type ReleaseFile = z.infer<typeof releaseFileSchema>;
/** Contents of <dir>/<remote-dir>/<version>/release.json. */
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

const registrySchema = z.object({
  schema: z.literal(1),
  /** remote folder name ('mf-market') → current version */
  current: z.record(z.string(), z.string()),
});

export type RegistryFile = z.infer<typeof registrySchema>;

const historyEntrySchema = z.object({
  at: z.string(),
  user: z.string(),
  remote: z.string(),
  action: z.enum(['release', 'rollback']),
  from: z.string().nullable(),
  to: z.string(),
});

/** One line of history.jsonl. */
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function readJson(file: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ReleaseError('BAD_REGISTRY', `${file} is not valid JSON.`);
  }
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ReleaseError('BAD_REGISTRY', `${file} has an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

export function serializeReleaseManifest(manifest: ReleaseManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The release's metadata, or undefined when that version was never (completely) released. */
export async function readReleaseManifest(dir: string, remoteDir: string, version: string): Promise<ReleaseManifest | undefined> {
  if (!isValidVersion(version)) return undefined;
  const file = join(releaseFolder(dir, remoteDir, version), RELEASE_MANIFEST_FILE);
  const raw = await readJson(file);
  return raw === undefined ? undefined : parseOrThrow(releaseManifestSchema, raw, file);
}

/** Every complete release of one remote, newest first. */
export async function readReleaseManifests(dir: string, remoteDir: string): Promise<ReleaseManifest[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, remoteDir));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const manifests: ReleaseManifest[] = [];
  for (const name of names) {
    const manifest = await readReleaseManifest(dir, remoteDir, name);
    if (manifest) manifests.push(manifest);
  }
  return manifests.sort(newestFirst);
}

export function newestFirst(a: ReleaseManifest, b: ReleaseManifest): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.version < b.version ? 1 : a.version > b.version ? -1 : 0;
}

export async function readRegistry(dir: string): Promise<RegistryFile> {
  const file = join(dir, REGISTRY_FILE);
  const raw = await readJson(file);
  return raw === undefined ? { schema: 1, current: {} } : parseOrThrow(registrySchema, raw, file);
}

export async function writeRegistry(dir: string, registry: RegistryFile): Promise<void> {
  await writeFileAtomic(join(dir, REGISTRY_FILE), `${JSON.stringify(registry, null, 2)}\n`);
}

export async function appendHistory(dir: string, entry: HistoryEntry): Promise<void> {
  await appendLineDurably(join(dir, HISTORY_FILE), JSON.stringify(entry));
}

/** All history lines, oldest first. A torn last line (crash mid-append) is skipped. */
export async function readHistoryFile(dir: string): Promise<HistoryEntry[]> {
  let text: string;
  try {
    text = await readFile(join(dir, HISTORY_FILE), 'utf8');
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      continue;
    }
    const parsed = historyEntrySchema.safeParse(value);
    if (parsed.success) entries.push(parsed.data);
  }
  return entries;
}

/** The /remotes.json document: each remote's current release, as the shell loads it. */
export async function readRemotesDocument(dir: string): Promise<RemoteRegistryDocument> {
  const registry = await readRegistry(dir);
  const document: RemoteRegistryDocument = { schema: 1, remotes: {} };
  for (const [remoteDir, version] of Object.entries(registry.current)) {
    const remote = remoteByDir(remoteDir);
    // A pointer to a missing release would make the shell fetch a 404; leave the
    // remote out instead, so the shell shows its "unavailable" fallback.
    const manifest = remote ? await readReleaseManifest(dir, remoteDir, version) : undefined;
    if (!remote || !manifest) continue;
    document.remotes[remote.name] = {
      entry: `/releases/${remoteDir}/${version}/mf-manifest.json`,
      version,
      contract: manifest.contract,
    };
  }
  return document;
}

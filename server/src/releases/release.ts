// Release, roll back and inspect one remote (ARCHITECTURE §3). A release is an
// immutable copy of the remote's dist/ under <releases>/<remote-dir>/<version>/;
// releasing or rolling back only moves that remote's pointer in registry.json.
import { userInfo } from 'node:os';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { systemClock, type Clock } from '../clock';
import { REPO_ROOT } from '../config/env';
import { ReleaseError } from './errors';
import { precompressFile } from './precompress';
import { withReleasesLock } from './fs-safety';
import {
  appendHistory,
  defaultReleasesDir,
  isValidVersion,
  readHistoryFile,
  readRegistry,
  readReleaseManifest,
  readReleaseManifests,
  RELEASE_MANIFEST_FILE,
  releaseFolder,
  serializeReleaseManifest,
  writeRegistry,
  type HistoryEntry,
  type ReleaseFile,
  type ReleaseManifest,
} from './registry';
import { resolveRemote, type RemoteRef } from './remotes';

/** Who is releasing: $USER when the shell sets it (CI often does not), else the OS account. */
function operatorName(): string {
  const fromEnv = process.env.USER?.trim();
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface ReleaseCommonOptions {
  /** Defaults to KABUTO_RELEASES_DIR or <repo>/releases. */
  releasesDir?: string;
  /** Recorded as createdBy / user; defaults to $USER, else the OS account name. */
  user?: string;
  clock?: Clock;
}

export interface ReleaseOptions extends ReleaseCommonOptions {
  /** Run `npm run build -w @kabuto/<remote-dir>` first (default true). */
  build?: boolean;
  /** Where <remote-dir>/dist, <remote-dir>/package.json and shared-sdk/package.json live. */
  repoRoot?: string;
}

export interface PointerChange {
  remote: string;
  from: string | null;
  to: string;
  /** False when `to` already was current: nothing was written. */
  changed: boolean;
}

export interface ReleaseResult extends PointerChange {
  version: string;
  contract: number;
  /** True when identical content had been released before and that folder was reused. */
  reused: boolean;
}

export interface ReleaseSummary {
  version: string;
  createdAt: string;
  createdBy: string;
  contract: number;
  fileCount: number;
  totalBytes: number;
  current: boolean;
}

function settings(options: ReleaseCommonOptions) {
  return {
    dir: options.releasesDir ?? defaultReleasesDir(),
    user: options.user ?? operatorName(),
    clock: options.clock ?? systemClock,
  };
}

async function readJsonFile(file: string, what: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ReleaseError('NO_BUILD', `Cannot read ${what} (${file}): ${(error as Error).message}`);
  }
}

/** The SDK contract major mf-build bakes into __KABUTO_SDK_CONTRACT__. */
async function sdkContract(repoRoot: string): Promise<number> {
  const sdk = await readJsonFile(join(repoRoot, 'shared-sdk', 'package.json'), 'the shared-sdk package.json');
  const contract = (sdk.kabuto as { contract?: unknown } | undefined)?.contract;
  if (typeof contract !== 'number' || !Number.isInteger(contract)) {
    throw new ReleaseError('CONTRACT_MISMATCH', 'shared-sdk/package.json has no integer kabuto.contract.');
  }
  return contract;
}

/**
 * A --no-build release may pick up a dist/ built against another SDK: the manifest
 * records the shared-sdk range the build required (^<contract>.0.0), so compare.
 */
function checkBuiltContract(manifestJson: unknown, contract: number): void {
  const shared = (manifestJson as { shared?: unknown }).shared;
  if (!Array.isArray(shared)) return;
  const sdk = shared.find((item: { name?: unknown }) => item?.name === '@kabuto/shared-sdk') as { requiredVersion?: unknown } | undefined;
  const match = typeof sdk?.requiredVersion === 'string' ? /^\^(\d+)\./.exec(sdk.requiredVersion) : null;
  if (match && Number(match[1]) !== contract) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `dist/ was built against shared-sdk contract ${match[1]}, but the SDK is now contract ${contract}. Rebuild (drop --no-build).`,
    );
  }
}

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(relative(root, full).split(sep).join('/'));
      // A symlink could point outside dist/ and change after release: refuse it.
      else throw new ReleaseError('NO_BUILD', `${full} is not a regular file; releases hold plain files only.`);
    }
  }
  await walk(root);
  return found.sort();
}

interface BuiltContent {
  files: ReleaseFile[];
  contentSha256: string;
}

/** Hashes dist/: per-file sha256 and one content hash over the sorted paths and bytes. */
async function hashDist(distDir: string): Promise<BuiltContent> {
  const content = createHash('sha256');
  const files: ReleaseFile[] = [];
  for (const path of await listFiles(distDir)) {
    const bytes = await readFile(join(distDir, path));
    content.update(path).update('\0').update(String(bytes.length)).update('\0').update(bytes);
    files.push({ path, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
  }
  return { files, contentSha256: content.digest('hex') };
}

function runBuild(remote: RemoteRef, repoRoot: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolveBuild, reject) => {
    const child = spawn(npm, ['run', 'build', '-w', `@kabuto/${remote.dir}`], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', (error) => reject(new ReleaseError('BUILD_FAILED', `Could not start npm: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolveBuild()
        : reject(new ReleaseError('BUILD_FAILED', `Build of ${remote.dir} failed (exit code ${String(code)}); nothing was released.`)),
    );
  });
}

/** Copies dist/ into a temp folder inside the releases dir, then renames it into place. */
async function storeRelease(dir: string, distDir: string, manifest: ReleaseManifest): Promise<void> {
  const target = releaseFolder(dir, manifest.remote, manifest.version);
  const temp = join(dir, manifest.remote, `.incoming-${manifest.version}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp, { recursive: true });
  try {
    for (const file of manifest.files) {
      const destination = join(temp, ...file.path.split('/'));
      await mkdir(dirname(destination), { recursive: true });
      await copyFile(join(distDir, ...file.path.split('/')), destination);
      await precompressFile(destination);
    }
    await writeFile(join(temp, RELEASE_MANIFEST_FILE), serializeReleaseManifest(manifest), { flag: 'wx' });
    // rename() refuses to replace a non-empty folder, so an existing release is never overwritten.
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

async function movePointer(dir: string, remote: RemoteRef, to: string, action: HistoryEntry['action'], user: string, clock: Clock): Promise<PointerChange> {
  const registry = await readRegistry(dir);
  const from = registry.current[remote.dir] ?? null;
  if (from === to) return { remote: remote.dir, from, to, changed: false };
  await writeRegistry(dir, { schema: 1, current: { ...registry.current, [remote.dir]: to } });
  await appendHistory(dir, { at: clock.now().toISOString(), user, remote: remote.dir, action, from, to });
  return { remote: remote.dir, from, to, changed: true };
}

/** Builds (unless build: false), stores and makes current the remote's dist/. */
export async function releaseRemote(remoteInput: string, options: ReleaseOptions = {}): Promise<ReleaseResult> {
  const remote = resolveRemote(remoteInput);
  const { dir, user, clock } = settings(options);
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  if (options.build ?? true) await runBuild(remote, repoRoot);

  const distDir = join(repoRoot, remote.dir, 'dist');
  const mfManifest = join(distDir, 'mf-manifest.json');
  const manifestJson = await readJsonFile(mfManifest, `${remote.dir}'s build output (run without --no-build?)`);
  await lstat(join(distDir, 'remoteEntry.js')).catch(() => {
    throw new ReleaseError('NO_BUILD', `${distDir} has no remoteEntry.js; build ${remote.dir} first.`);
  });
  const contract = await sdkContract(repoRoot);
  checkBuiltContract(manifestJson, contract);
  const pkg = await readJsonFile(join(repoRoot, remote.dir, 'package.json'), `${remote.dir}/package.json`);
  if (typeof pkg.version !== 'string') throw new ReleaseError('NO_BUILD', `${remote.dir}/package.json has no version.`);

  const built = await hashDist(distDir);
  const version = `${pkg.version}-${built.contentSha256.slice(0, 8)}`;
  if (!isValidVersion(version)) throw new ReleaseError('NO_BUILD', `"${version}" is not a usable release version.`);

  await mkdir(dir, { recursive: true });
  return withReleasesLock(dir, async () => {
    const existing = await readReleaseManifest(dir, remote.dir, version);
    if (existing && existing.contentSha256 !== built.contentSha256) {
      throw new ReleaseError('VERSION_CONFLICT', `${remote.dir} ${version} already exists with different content; it is never overwritten.`);
    }
    if (!existing) {
      await storeRelease(dir, distDir, {
        remote: remote.dir,
        version,
        contract,
        createdAt: clock.now().toISOString(),
        createdBy: user,
        contentSha256: built.contentSha256,
        files: built.files,
      });
    }
    const change = await movePointer(dir, remote, version, 'release', user, clock);
    return { ...change, version, contract: existing?.contract ?? contract, reused: Boolean(existing) };
  });
}

/**
 * The release that was current before the present one: the newest history line that
 * made `current` current names it in `from`; without history, the next older release.
 */
async function previousRelease(dir: string, remote: RemoteRef, current: string): Promise<string | undefined> {
  const history = (await readHistoryFile(dir)).filter((entry) => entry.remote === remote.dir);
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const entry = history[i];
    if (entry?.to !== current) continue;
    if (entry.from && (await readReleaseManifest(dir, remote.dir, entry.from))) return entry.from;
    break;
  }
  const releases = await readReleaseManifests(dir, remote.dir);
  const index = releases.findIndex((release) => release.version === current);
  return index >= 0 ? releases[index + 1]?.version : undefined;
}

/** Points the remote back at `version`, or at the previous release; rebuilds nothing. */
export async function rollbackRemote(remoteInput: string, version?: string, options: ReleaseCommonOptions = {}): Promise<PointerChange> {
  const remote = resolveRemote(remoteInput);
  const { dir, user, clock } = settings(options);
  await mkdir(dir, { recursive: true });
  return withReleasesLock(dir, async () => {
    const current = (await readRegistry(dir)).current[remote.dir];
    let target = version;
    if (target === undefined) {
      if (!current) throw new ReleaseError('NOTHING_TO_ROLL_BACK', `${remote.dir} has never been released.`);
      target = await previousRelease(dir, remote, current);
      if (!target) throw new ReleaseError('NOTHING_TO_ROLL_BACK', `${remote.dir} has no release older than ${current}.`);
    } else if (!(await readReleaseManifest(dir, remote.dir, target))) {
      const known = (await readReleaseManifests(dir, remote.dir)).map((release) => release.version);
      throw new ReleaseError('UNKNOWN_VERSION', `${remote.dir} has no release "${target}". Known: ${known.length ? known.join(', ') : 'none'}.`);
    }
    return movePointer(dir, remote, target, 'rollback', user, clock);
  });
}

/** Every release of the remote, newest first, with the current one marked. */
export async function listReleases(remoteInput: string, options: ReleaseCommonOptions = {}): Promise<ReleaseSummary[]> {
  const remote = resolveRemote(remoteInput);
  const { dir } = settings(options);
  const current = (await readRegistry(dir)).current[remote.dir];
  return (await readReleaseManifests(dir, remote.dir)).map((release) => ({
    version: release.version,
    createdAt: release.createdAt,
    createdBy: release.createdBy,
    contract: release.contract,
    fileCount: release.files.length,
    totalBytes: release.files.reduce((sum, file) => sum + file.size, 0),
    current: release.version === current,
  }));
}

/** History lines, oldest first; only the given remote's when one is named. */
export async function readHistory(remoteInput?: string, options: ReleaseCommonOptions = {}): Promise<HistoryEntry[]> {
  const remote = remoteInput === undefined ? undefined : resolveRemote(remoteInput);
  const history = await readHistoryFile(settings(options).dir);
  return remote ? history.filter((entry) => entry.remote === remote.dir) : history;
}

/** The current version of every remote (registry.json), by remote folder. */
export async function currentVersions(options: ReleaseCommonOptions = {}): Promise<Record<string, string>> {
  return (await readRegistry(settings(options).dir)).current;
}

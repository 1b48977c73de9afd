import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock, type TestClock } from '../clock';
import { ReleaseError } from './errors';
import { HISTORY_FILE, readRegistry, readRemotesDocument, REGISTRY_FILE } from './registry';
import { listReleases, readHistory, releaseRemote, rollbackRemote } from './release';
import { createFakeRepo, remoteDist, type FakeRepo } from './testing/fake-remote';

let repo: FakeRepo;
let clock: TestClock;
let options: { releasesDir: string; repoRoot: string; build: false; user: string; clock: TestClock };

beforeEach(() => {
  repo = createFakeRepo();
  clock = fixedClock(new Date('2025-04-01T00:00:00Z'));
  options = { releasesDir: repo.releasesDir, repoRoot: repo.root, build: false, user: 'alice', clock };
});

afterEach(() => repo.cleanup());

async function releaseBuild(marker: string) {
  repo.build('mf-market', remoteDist(marker));
  clock.advance(60_000);
  return releaseRemote('mf-market', options);
}

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReleaseError);
  return error as ReleaseError;
}

describe('releaseRemote', () => {
  it('stores dist/ immutably under <remote>/<version>/ and points the registry at it', async () => {
    const result = await releaseBuild('one');

    expect(result.version).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(result).toMatchObject({ remote: 'mf-market', from: null, to: result.version, changed: true, reused: false, contract: 1 });
    const folder = join(repo.releasesDir, 'mf-market', result.version);
    expect(readFileSync(join(folder, 'remoteEntry.js'), 'utf8')).toBe('var mf_market; /* one */');
    expect(existsSync(join(folder, 'assets', 'logo.svg'))).toBe(true);

    const manifest = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8'));
    expect(manifest).toMatchObject({ remote: 'mf-market', version: result.version, contract: 1, createdBy: 'alice' });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['123.abcdef12.js', 'assets/logo.svg', 'mf-manifest.json', 'remoteEntry.js']);
    expect(manifest.files[3]).toMatchObject({ size: 'var mf_market; /* one */'.length });

    expect((await readRegistry(repo.releasesDir)).current).toEqual({ 'mf-market': result.version });
    expect(await readRemotesDocument(repo.releasesDir)).toEqual({
      schema: 1,
      remotes: {
        mf_market: { entry: `/releases/mf-market/${result.version}/mf-manifest.json`, version: result.version, contract: 1 },
      },
    });
  });

  it('reuses the version when the same content is released twice, without rewriting it', async () => {
    const first = await releaseBuild('same');
    const manifestFile = join(repo.releasesDir, 'mf-market', first.version, 'release.json');
    const before = readFileSync(manifestFile, 'utf8');
    const second = await releaseBuild('same');

    expect(second.version).toBe(first.version);
    expect(second).toMatchObject({ reused: true, changed: false });
    expect(readFileSync(manifestFile, 'utf8')).toBe(before);
    expect(readdirSync(join(repo.releasesDir, 'mf-market'))).toEqual([first.version]);
    expect(await readHistory('mf-market', options)).toHaveLength(1);
  });

  it('gives different content a different version and leaves no temp files behind', async () => {
    const first = await releaseBuild('one');
    const second = await releaseBuild('two');

    expect(second.version).not.toBe(first.version);
    expect(second).toMatchObject({ from: first.version, to: second.version, changed: true });
    expect(readdirSync(join(repo.releasesDir, 'mf-market')).sort()).toEqual([first.version, second.version].sort());
    expect(readdirSync(repo.releasesDir).sort()).toEqual([HISTORY_FILE, 'mf-market', REGISTRY_FILE].sort());
  });

  it('uses KABUTO_RELEASES_DIR when no folder is passed', async () => {
    const saved = process.env.KABUTO_RELEASES_DIR;
    process.env.KABUTO_RELEASES_DIR = repo.releasesDir;
    try {
      repo.build('mf-trade', remoteDist('env'));
      const result = await releaseRemote('mf_trade', { repoRoot: repo.root, build: false, user: 'bob' });
      expect((await readRegistry(repo.releasesDir)).current['mf-trade']).toBe(result.version);
    } finally {
      if (saved === undefined) delete process.env.KABUTO_RELEASES_DIR;
      else process.env.KABUTO_RELEASES_DIR = saved;
    }
  });

  it('refuses a missing build, an unknown remote and a dist built against another SDK contract', async () => {
    expect((await refusal(releaseRemote('mf-market', options))).code).toBe('NO_BUILD');
    expect((await refusal(releaseRemote('mf-shop', options))).code).toBe('UNKNOWN_REMOTE');
    repo.build('mf-market', remoteDist('old', 2));
    expect((await refusal(releaseRemote('mf-market', options))).code).toBe('CONTRACT_MISMATCH');
    expect(existsSync(join(repo.releasesDir, REGISTRY_FILE))).toBe(false);
  });
});

describe('rollbackRemote', () => {
  it('goes back to the previous release and records who did it, from and to', async () => {
    const first = await releaseBuild('one');
    const second = await releaseBuild('two');
    clock.advance(60_000);
    const result = await rollbackRemote('mf-market', undefined, { ...options, user: 'carol' });

    expect(result).toEqual({ remote: 'mf-market', from: second.version, to: first.version, changed: true });
    expect((await readRegistry(repo.releasesDir)).current['mf-market']).toBe(first.version);
    expect(await readHistory('mf-market', options)).toEqual([
      { at: '2025-04-01T00:01:00.000Z', user: 'alice', remote: 'mf-market', action: 'release', from: null, to: first.version },
      { at: '2025-04-01T00:02:00.000Z', user: 'alice', remote: 'mf-market', action: 'release', from: first.version, to: second.version },
      { at: '2025-04-01T00:03:00.000Z', user: 'carol', remote: 'mf-market', action: 'rollback', from: second.version, to: first.version },
    ]);
    const lines = readFileSync(join(repo.releasesDir, HISTORY_FILE), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('rolls back to a named version, and refuses versions that were never released', async () => {
    const first = await releaseBuild('one');
    await releaseBuild('two');
    const third = await releaseBuild('three');

    expect(await rollbackRemote('mf-market', first.version, options)).toMatchObject({ from: third.version, to: first.version });
    const unknown = await refusal(rollbackRemote('mf-market', '9.9.9-deadbeef', options));
    expect(unknown.code).toBe('UNKNOWN_VERSION');
    expect(unknown.message).toContain('9.9.9-deadbeef');
    expect((await refusal(rollbackRemote('mf-market', '../mf-trade', options))).code).toBe('UNKNOWN_VERSION');
    expect((await readRegistry(repo.releasesDir)).current['mf-market']).toBe(first.version);
  });

  it('falls back to the next older release by date when history does not say', async () => {
    const first = await releaseBuild('one');
    const second = await releaseBuild('two');
    // An operator lost history.jsonl: the previous release is the next older one.
    rmSync(join(repo.releasesDir, HISTORY_FILE));
    expect(await rollbackRemote('mf-market', undefined, options)).toMatchObject({ from: second.version, to: first.version });
  });

  it('refuses when there is nothing to roll back to', async () => {
    expect((await refusal(rollbackRemote('mf-ipo', undefined, options))).code).toBe('NOTHING_TO_ROLL_BACK');
    await releaseBuild('only');
    expect((await refusal(rollbackRemote('mf-market', undefined, options))).code).toBe('NOTHING_TO_ROLL_BACK');
  });
});

describe('listReleases', () => {
  it('lists newest first with the current release marked', async () => {
    const first = await releaseBuild('one');
    const second = await releaseBuild('two');
    await rollbackRemote('mf-market', first.version, options);

    const releases = await listReleases('mf_market', options);
    expect(releases.map((r) => [r.version, r.current])).toEqual([
      [second.version, false],
      [first.version, true],
    ]);
    expect(releases[0]).toMatchObject({ createdBy: 'alice', contract: 1, fileCount: 4 });
    expect(await listReleases('mf-trade', options)).toEqual([]);
  });
});

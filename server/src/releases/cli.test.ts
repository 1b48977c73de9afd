import { runCli } from './cli';
import { releaseRemote } from './release';
import { createFakeRepo, remoteDist, type FakeRepo } from './testing/fake-remote';

let repo: FakeRepo;

beforeEach(() => {
  repo = createFakeRepo();
});
afterEach(() => repo.cleanup());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
}

async function release(marker: string) {
  repo.build('mf-funds', remoteDist(marker));
  return releaseRemote('mf-funds', { releasesDir: repo.releasesDir, repoRoot: repo.root, build: false, user: 'ops' });
}

describe('release CLI', () => {
  it('rolls back and prints from → to', async () => {
    const first = await release('one');
    const second = await release('two');
    const { io, out, err } = capture();

    expect(await runCli(['rollback', 'mf_funds'], io, { releasesDir: repo.releasesDir, user: 'ops' })).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain(`rolled back ${second.version} → ${first.version}`);
  });

  it('lists releases with the current one starred, and history', async () => {
    const first = await release('one');
    const listing = capture();
    expect(await runCli(['list', 'mf-funds'], listing.io, { releasesDir: repo.releasesDir })).toBe(0);
    expect(listing.out[0]).toMatch(new RegExp(`^\\* ${first.version} `));

    const history = capture();
    expect(await runCli(['list', 'mf-funds', '--history'], history.io, { releasesDir: repo.releasesDir })).toBe(0);
    expect(history.out[0]).toContain(`ops  mf-funds  release  (none) → ${first.version}`);
  });

  it('exits non-zero with a clear message for unknown remotes, versions and options', async () => {
    await release('one');
    const unknownRemote = capture();
    expect(await runCli(['rollback', 'mf-shop'], unknownRemote.io, { releasesDir: repo.releasesDir })).toBe(1);
    expect(unknownRemote.err[0]).toContain('Unknown remote "mf-shop"');

    const unknownVersion = capture();
    expect(await runCli(['rollback', 'mf-funds', '0.0.1-nope'], unknownVersion.io, { releasesDir: repo.releasesDir })).toBe(1);
    expect(unknownVersion.err[0]).toContain('no release "0.0.1-nope"');

    const badOption = capture();
    expect(await runCli(['release', 'mf-funds', '--fast'], badOption.io, { releasesDir: repo.releasesDir })).toBe(2);
    expect(badOption.err[0]).toContain('Unknown option --fast');
    expect(await runCli([], capture().io)).toBe(2);
  });
});

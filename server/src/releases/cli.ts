// Operator commands (docs/operations.md), run from the repository root:
//   npm run release  -- <remote> [--no-build]
//   npm run rollback -- <remote> [<version>]
//   npm run releases -- [<remote>] [--history]
import { ReleaseError } from './errors';
import { currentVersions, listReleases, readHistory, releaseRemote, rollbackRemote, type ReleaseCommonOptions } from './release';
import { KNOWN_REMOTES, resolveRemote } from './remotes';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = [
  'Usage:',
  '  npm run release  -- <remote> [--no-build]   build, store and make current',
  '  npm run rollback -- <remote> [<version>]    point back at <version> or the previous release',
  '  npm run releases -- [<remote>] [--history]  list releases (current marked *) or history',
  `Remotes: ${KNOWN_REMOTES.map((remote) => remote.dir).join(', ')} (mf_market style also accepted)`,
].join('\n');

class UsageError extends Error {}

function split(args: readonly string[]): { flags: Set<string>; positional: string[] } {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  return { flags, positional: args.filter((arg) => !arg.startsWith('--')) };
}

function expectFlags(flags: Set<string>, allowed: readonly string[]): void {
  for (const flag of flags) if (!allowed.includes(flag)) throw new UsageError(`Unknown option ${flag}.`);
}

function fromTo(from: string | null): string {
  return from ?? '(none)';
}

async function release(args: readonly string[], io: CliOutput, options: ReleaseCommonOptions): Promise<void> {
  const { flags, positional } = split(args);
  expectFlags(flags, ['--no-build']);
  const [remote, ...rest] = positional;
  if (!remote || rest.length) throw new UsageError('release takes exactly one remote.');
  const result = await releaseRemote(remote, { ...options, build: !flags.has('--no-build') });
  const how = result.reused ? 'reused the existing identical release' : 'stored a new release';
  io.out(`${result.remote}: ${how} ${result.version} (SDK contract ${result.contract}).`);
  io.out(
    result.changed
      ? `${result.remote}: current ${fromTo(result.from)} → ${result.to}. Customers get it on their next page load.`
      : `${result.remote}: ${result.to} was already current; nothing changed.`,
  );
}

async function rollback(args: readonly string[], io: CliOutput, options: ReleaseCommonOptions): Promise<void> {
  const { flags, positional } = split(args);
  expectFlags(flags, []);
  const [remote, version, ...rest] = positional;
  if (!remote || rest.length) throw new UsageError('rollback takes one remote and optionally one version.');
  const result = await rollbackRemote(remote, version, options);
  io.out(
    result.changed
      ? `${result.remote}: rolled back ${fromTo(result.from)} → ${result.to}. Customers get it on their next page load.`
      : `${result.remote}: ${result.to} is already current; nothing changed.`,
  );
}

async function list(args: readonly string[], io: CliOutput, options: ReleaseCommonOptions): Promise<void> {
  const { flags, positional } = split(args);
  expectFlags(flags, ['--history']);
  const [remote, ...rest] = positional;
  if (rest.length) throw new UsageError('releases takes at most one remote.');
  if (flags.has('--history')) {
    const history = await readHistory(remote, options);
    if (!history.length) io.out('No releases or rollbacks recorded.');
    for (const entry of history) {
      io.out(`${entry.at}  ${entry.user}  ${entry.remote}  ${entry.action}  ${fromTo(entry.from)} → ${entry.to}`);
    }
    return;
  }
  if (!remote) {
    const current = await currentVersions(options);
    for (const known of KNOWN_REMOTES) io.out(`${known.dir.padEnd(11)} ${current[known.dir] ?? '(not released)'}`);
    return;
  }
  const dir = resolveRemote(remote).dir;
  const releases = await listReleases(dir, options);
  if (!releases.length) io.out(`${dir} has no releases.`);
  for (const item of releases) {
    const kb = (item.totalBytes / 1024).toFixed(1);
    io.out(
      `${item.current ? '*' : ' '} ${item.version}  ${item.createdAt}  by ${item.createdBy}  contract ${item.contract}  ${item.fileCount} files, ${kb} KiB`,
    );
  }
}

/** Runs one command; returns the process exit code (0 done, 1 refused or failed, 2 usage). */
export async function runCli(argv: readonly string[], io: CliOutput, options: ReleaseCommonOptions = {}): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === 'release') await release(args, io, options);
    else if (command === 'rollback') await rollback(args, io, options);
    else if (command === 'list') await list(args, io, options);
    else throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ReleaseError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

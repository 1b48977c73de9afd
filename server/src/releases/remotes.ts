// Which remotes can be released, and the two spellings operators use for them:
// the folder / package name ('mf-market') and the federation name ('mf_market').
import { REMOTE_NAMES, remotePackageDir, type RemoteName } from '@kabuto/shared-sdk/routes';
import { ReleaseError } from './errors';

export interface RemoteRef {
  /** Federation name, the key in /remotes.json. */
  name: RemoteName;
  /** Folder of the remote in the repository and under the releases dir. */
  dir: string;
}

export const KNOWN_REMOTES: readonly RemoteRef[] = REMOTE_NAMES.map((name) => ({ name, dir: remotePackageDir(name) }));

/** The remote released from folder `dir`, if `dir` is one. */
export function remoteByDir(dir: string): RemoteRef | undefined {
  return KNOWN_REMOTES.find((remote) => remote.dir === dir);
}

/** Accepts 'mf-market', 'mf_market' or '@kabuto/mf-market'; throws UNKNOWN_REMOTE otherwise. */
export function resolveRemote(input: string): RemoteRef {
  const wanted = input.trim().replace(/^@kabuto\//, '');
  const found = KNOWN_REMOTES.find((remote) => remote.dir === wanted || remote.name === wanted);
  if (!found) {
    const known = KNOWN_REMOTES.map((remote) => remote.dir).join(', ');
    throw new ReleaseError('UNKNOWN_REMOTE', `Unknown remote "${input}". Known remotes: ${known}.`);
  }
  return found;
}

// Every call into the Module Federation runtime goes through this file, so the rest
// of the shell (and its tests, with jest.mock) never touch the runtime directly.
// The webpack plugin has created the default instance; these act on it.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export interface RemoteEntryRef {
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

/**
 * Registers remotes on the default instance. `force` replaces an already registered
 * remote and drops the runtime's caches of it (manifest, entry script, modules): a
 * failed load stays cached otherwise, and a retry would only replay the failure.
 */
export function registerRemoteEntries(remotes: RemoteEntryRef[], options: { force?: boolean } = {}): void {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: remote.entry })),
    { force: options.force ?? false },
  );
}

/** Loads `<remote>/<expose>`, e.g. 'mf_market/routes'. Null when the runtime found nothing. */
export function loadRemoteModule<T>(id: string): Promise<T | null> {
  return loadRemote<T>(id);
}

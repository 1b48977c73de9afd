// What every remote's `./routes` module exports (ARCHITECTURE §3), and what the
// shell checks before it renders anything from a remote.
import type { ComponentType } from 'react';
import type { RemoteName } from '../routes/route-table';
import type { Translations } from '../i18n/languages';

/** Contract major of this SDK. Bump it (and the package major) on a breaking change. */
export const SDK_CONTRACT = 1;

export interface RemotePage {
  /** Absolute hash route, exactly as in the route table, e.g. '/pages/market/market'. */
  path: string;
  /** i18n key (in the remote's namespace) of the page's title shown in the header. */
  titleKey: string;
  Component: ComponentType;
}

export interface RemoteRoutesModule {
  /** SDK contract major the remote was built against (mf-build's __KABUTO_SDK_CONTRACT__). */
  contract: number;
  name: RemoteName;
  /** i18next namespace the remote owns, and its texts. */
  namespace: string;
  translations: Translations;
  routes: RemotePage[];
}

/** One remote's entry in /remotes.json. */
export interface RemoteRegistryEntry {
  /** URL of the release's mf-manifest.json, e.g. /releases/mf-market/0.1.0-1a2b3c4d/mf-manifest.json */
  entry: string;
  version: string;
  contract: number;
}

/** The document served at /remotes.json (no-cache). */
export interface RemoteRegistryDocument {
  schema: 1;
  remotes: Partial<Record<RemoteName, RemoteRegistryEntry>>;
}

export function isCompatibleContract(remoteContract: number, hostContract: number = SDK_CONTRACT): boolean {
  return remoteContract === hostContract;
}

// What every remote's `./routes` module exports (ARCHITECTURE §3), and what the
// shell checks before it renders anything from a remote.
import type { ComponentType } from 'react';
import type { RemoteName } from '../routes/route-table';
import type { NamespaceTexts } from '../i18n/instance';

/** Contract major of this SDK. Bump it (and the package major) on a breaking change. */
export const SDK_CONTRACT = 3;

/**
 * This SDK's own version (= package.json "version"; a test keeps them equal). Within a
 * contract, a minor bump adds exports; a remote built against a newer minor than the
 * copy the page runs (the shell's, a federation singleton) would reach for exports that
 * are not there, so the shell refuses it with a clear fallback instead.
 */
export const SDK_VERSION = '3.4.0';

export interface RemotePage {
  /** Absolute hash route, exactly as in the route table, e.g. ROUTES.market. */
  path: string;
  /** i18n key (in the remote's namespace) of the page's title shown in the header. */
  titleKey: string;
  Component: ComponentType;
}

export interface RemoteRoutesModule {
  /** SDK contract major the remote was built against (mf-build's __KABUTO_SDK_CONTRACT__). */
  contract: number;
  /** shared-sdk version the remote was built against (mf-build's __KABUTO_SDK_VERSION__). */
  sdkVersion: string;
  name: RemoteName;
  /** i18next namespace the remote owns, and its texts (a loader per language since SDK 2.10; before, every language's table). */
  namespace: string;
  translations: NamespaceTexts;
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

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)\.\d+/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * True when the SDK copy in the page (`provided`) has every export a remote built against
 * `builtAgainst` can use: same major, and a minor at least as new. Every contract-2
 * remote declares the version; one that does not is malformed.
 */
export function isProvidedSdkNewEnough(builtAgainst: unknown, provided: string = SDK_VERSION): boolean {
  const need = typeof builtAgainst === 'string' ? majorMinor(builtAgainst) : null;
  const have = majorMinor(provided);
  if (!need || !have) return false;
  return need[0] === have[0] && have[1] >= need[1];
}

// Loads each remote's `./routes` module at most once at a time (ARCHITECTURE §3):
// registry first, contract checks before and after loading, a time limit, and a
// retry that really starts over instead of replaying a cached failure.
import {
  PAGE_TIMEOUT_MS,
  getHost,
  isCompatibleContract,
  isProvidedSdkNewEnough,
  loadLanguage,
  registerNamespaceTexts,
  type Lang,
  type RemoteName,
  type RemoteRegistryDocument,
  type RemoteRoutesModule,
  type RemoteWidgetModule,
} from '@kabuto/shared-sdk';
import { RemoteIncompatibleError, RemoteTimeoutError, RemoteUnavailableError } from './errors';
import { loadRemoteModule, registerRemoteEntries } from './federation';
import { classifyRemotes, type RemoteStatus } from './registry';

export interface RemoteLoader {
  /** The remote's routes module; one shared promise while it loads, dropped again if it fails. */
  load(name: RemoteName): Promise<RemoteRoutesModule>;
  /** The module if it has already loaded, so a revisited page renders without a placeholder. */
  peek(name: RemoteName): RemoteRoutesModule | undefined;
  /** Reads the registry and registers its remotes now, ahead of the first remote page. */
  prepare(): void;
  /** A widget another remote's page shows (`<RemoteWidget>`): `<remote>/<expose>`, checked like a routes module. */
  loadWidget(name: RemoteName, expose: string): Promise<RemoteWidgetModule>;
}

export interface RemoteLoaderOptions {
  /** Reads /remotes.json (or its cached copy); null when there is none. */
  readRegistry: () => Promise<RemoteRegistryDocument | null>;
  /** The page's language: a remote's texts in it are fetched before the remote counts as loaded (default: the host's). */
  getLang?: () => Lang;
  /** Asks early for a remote's texts in that language, as it starts loading (texts-preload.ts). */
  preloadTexts?: (name: RemoteName, lang: Lang) => void;
  timeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(remote, timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Throws RemoteIncompatibleError unless the module is a routes module of our contract. */
function checkRoutesModule(remote: RemoteName, value: unknown): RemoteRoutesModule {
  if (typeof value !== 'object' || value === null) throw new Error(`${remote}/routes is empty`);
  const module = value as Partial<RemoteRoutesModule>;
  // The registry's contract is a claim; the module's own one is the fact.
  if (typeof module.contract !== 'number' || !isCompatibleContract(module.contract)) {
    throw new RemoteIncompatibleError(remote, module.contract);
  }
  if (typeof module.namespace !== 'string' || !Array.isArray(module.routes) || typeof module.translations !== 'object') {
    throw new RemoteIncompatibleError(remote, module.contract);
  }
  // Built against a newer SDK minor than the copy this page runs: it may use exports
  // that are not here, so refuse it before any of its pages renders.
  if (!isProvidedSdkNewEnough(module.sdkVersion)) {
    throw new RemoteIncompatibleError(remote, module.contract, module.sdkVersion);
  }
  return module as RemoteRoutesModule;
}

/**
 * Registers a remote's texts in the page's i18next (its loaders, or the tables of a release
 * built before SDK 2.10 as resource bundles) and waits for the page's language. A failed text
 * chunk is asked for once more: when its preload failed (the release's files down for a moment),
 * the browser answers the chunk's first request with that kept failure, so a retry of the remote
 * would fail again.
 */
async function registerRemoteTexts(module: { namespace: string; translations: RemoteRoutesModule['translations'] }, lang: Lang): Promise<void> {
  registerNamespaceTexts(module.namespace, module.translations);
  try {
    await loadLanguage(lang, [module.namespace]);
  } catch {
    await loadLanguage(lang, [module.namespace]);
  }
}

/** Throws RemoteIncompatibleError unless the module is a widget module of our contract. */
function checkWidgetModule(remote: RemoteName, value: unknown): RemoteWidgetModule {
  if (typeof value !== 'object' || value === null) throw new Error(`${remote} widget is empty`);
  const module = value as Partial<RemoteWidgetModule>;
  if (typeof module.contract !== 'number' || !isCompatibleContract(module.contract) || !isProvidedSdkNewEnough(module.sdkVersion)) {
    throw new RemoteIncompatibleError(remote, module.contract, module.sdkVersion);
  }
  if (typeof module.namespace !== 'string' || typeof module.translations !== 'object' || typeof module.Component !== 'function') {
    throw new RemoteIncompatibleError(remote, module.contract);
  }
  return module as RemoteWidgetModule;
}

export function createRemoteLoader({
  readRegistry,
  getLang = () => getHost().getLang(),
  preloadTexts = () => undefined,
  timeoutMs = PAGE_TIMEOUT_MS,
}: RemoteLoaderOptions): RemoteLoader {
  let directory: Promise<ReadonlyMap<RemoteName, RemoteStatus>> | null = null;
  const registered = new Set<RemoteName>();
  /** Remotes whose last load failed: the runtime may hold the failure, so re-register with force. */
  const stale = new Set<RemoteName>();
  const pending = new Map<RemoteName, Promise<RemoteRoutesModule>>();
  const loaded = new Map<RemoteName, RemoteRoutesModule>();

  function readDirectory() {
    directory ??= readRegistry()
      .catch(() => null)
      .then((doc) => {
        const statuses = classifyRemotes(doc);
        const fresh: { name: RemoteName; entry: string }[] = [];
        for (const [name, status] of statuses) {
          if (status.kind === 'available' && !registered.has(name)) fresh.push({ name, entry: status.entry.entry });
        }
        if (fresh.length > 0) {
          registerRemoteEntries(fresh);
          for (const remote of fresh) registered.add(remote.name);
        }
        return statuses;
      });
    return directory;
  }

  /** The remote's entry registered (again, with force, after a failure), ready for loadRemoteModule. */
  async function ensureRegistered(name: RemoteName): Promise<void> {
    const status = (await readDirectory()).get(name) ?? { kind: 'absent' };
    if (status.kind === 'incompatible') throw new RemoteIncompatibleError(name, status.contract);
    if (status.kind === 'absent') {
      // Read the registry again on the next try: it may have been down.
      directory = null;
      throw new RemoteUnavailableError(name);
    }
    if (stale.has(name)) {
      registerRemoteEntries([{ name, entry: status.entry.entry }], { force: true });
      stale.delete(name);
    }
  }

  async function loadOnce(name: RemoteName): Promise<RemoteRoutesModule> {
    await ensureRegistered(name);
    preloadTexts(name, getLang());
    const module = await withTimeout(
      loadRemoteModule<unknown>(`${name}/routes`).then(async (loadedModule) => {
        const checked = checkRoutesModule(name, loadedModule);
        await registerRemoteTexts(checked, getLang());
        return checked;
      }),
      name,
      timeoutMs,
    );
    loaded.set(name, module);
    return module;
  }

  return {
    load(name) {
      const existing = pending.get(name);
      if (existing) return existing;
      const attempt = loadOnce(name);
      pending.set(name, attempt);
      attempt.catch((error: unknown) => {
        // An incompatible remote stays refused; anything else may work next time.
        if (error instanceof RemoteIncompatibleError) return;
        pending.delete(name);
        if (registered.has(name)) stale.add(name);
      });
      return attempt;
    },
    peek(name) {
      return loaded.get(name);
    },
    prepare() {
      void readDirectory();
    },
    async loadWidget(name, expose) {
      try {
        await ensureRegistered(name);
        preloadTexts(name, getLang());
        return await withTimeout(
          loadRemoteModule<unknown>(`${name}/${expose}`).then(async (loadedModule) => {
            const checked = checkWidgetModule(name, loadedModule);
            await registerRemoteTexts(checked, getLang());
            return checked;
          }),
          name,
          timeoutMs,
        );
      } catch (error) {
        // As for routes: the runtime may hold the failure, so the next try registers afresh.
        if (!(error instanceof RemoteIncompatibleError) && registered.has(name)) stale.add(name);
        throw error;
      }
    },
  };
}

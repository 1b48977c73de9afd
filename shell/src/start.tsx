// The shell's start-up steps: one store, the language, host services for the SDK, the
// remote registry, then the first render. bootstrap.tsx runs them one task apart.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  ROUTE_OWNERS,
  SIGNED_IN_PAGES,
  applyLanguage,
  configureHost,
  i18n,
  loadLanguage,
  makeStore,
  selectIsLoggedIn,
  startUserEvents,
} from '@kabuto/shared-sdk';
import { createHashRouter } from 'react-router-dom';
import { prepareAntdMobile } from './app/antd-mobile';
import { App, type ShellRouter, type ShellStore } from './app/App';
import { buildRoutes } from './app/routes';
import { showToast } from './app/toast';
import { showSupportOffer } from './app/support-offer';
import { addShellTexts } from './i18n/i18n';
import { pageThenServerRegistry } from './remotes/registry';
import { createRemoteLoader, type RemoteLoader } from './remotes/remote-loader';
import { preloadRemoteTexts } from './remotes/texts-preload';

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

/**
 * The store starts from the stored session and language; `?lang=zh` (page or hash
 * query) forces Traditional Chinese without overwriting the stored choice (spec §9).
 */
export function setUpStore(): ShellStore {
  prepareAntdMobile();
  return makeStore();
}

/**
 * The shell's texts, and the document in the store's language. Resolves once that language's
 * texts are in (the shell's, the message catalogue's jp/en): the first render waits for them,
 * so no text shows in another language first. A failed chunk is asked for once more, as a
 * remote's (remote-loader.ts): a failed preload of it answers its first request.
 */
export function setUpLanguage(store: ShellStore): Promise<void> {
  addShellTexts();
  const lang = store.getState().session.lang;
  applyLanguage(lang);
  // Nothing is shown yet: i18next takes the store's language now (no namespace of it is
  // loaded before the call below, so it switches at once) and the texts follow.
  void i18n.changeLanguage(lang);
  return loadLanguage(lang).catch(() => loadLanguage(lang));
}

/** Registers the remotes (from the page's registry) and starts loading the opened route's remote. */
export function setUpRemotes(store: ShellStore): RemoteLoader {
  const remoteLoader = createRemoteLoader({
    readRegistry: pageThenServerRegistry(),
    getLang: () => store.getState().session.lang,
    preloadTexts: preloadRemoteTexts,
  });
  // Register the remotes now, while the first page renders, not at the first remote page.
  remoteLoader.prepare();
  // The opened route's remote starts loading now, in parallel with the first render, instead
  // of from RemoteArea's effect after it (its files are already preloaded by index.html). Not
  // for a visitor on a signed-in page: the frame sends them to logon instead.
  const path = window.location.hash.slice(1).split('?')[0] || '/';
  const owner = ROUTE_OWNERS[path];
  const visitorKeptOut = !selectIsLoggedIn(store.getState()) && SIGNED_IN_PAGES.includes(path);
  if (owner && owner !== 'shell' && !visitorKeptOut) void remoteLoader.load(owner).catch(() => undefined);
  return remoteLoader;
}

export function setUpRouter(store: ShellStore, remoteLoader: RemoteLoader): ShellRouter {
  const router = createHashRouter(buildRoutes());
  configureHost({
    navigate: (path) => void router.navigate(path),
    back: () => void router.navigate(-1),
    toast: showToast,
    offerSupport: (text) => showSupportOffer(text, store.getState().session.lang, (path) => void router.navigate(path)),
    getLang: () => store.getState().session.lang,
    // <RemoteWidget> of the SDK: one remote's widget on another's page (the order ticket on stock details).
    loadWidget: (remote, expose) => remoteLoader.loadWidget(remote, expose),
  });
  // The signed-in user's events on /ws refresh open screens (docs/api/market.md §6.2). Not
  // needed for the first paint: started when the main thread is idle (long tasks).
  whenIdle(() => startUserEvents(store));
  return router;
}

/**
 * The first render, as a transition: React renders it in slices of a few milliseconds
 * instead of one long task (TBT). The static frame of index.html stays in
 * #root until the commit replaces it, so nothing flashes in between.
 */
export function renderApp(store: ShellStore, router: ShellRouter, remoteLoader: RemoteLoader): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} router={router} remoteLoader={remoteLoader} />
      </StrictMode>,
    );
  });
}

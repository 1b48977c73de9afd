// Start-up after the federation boundary: one store, the language, host services
// for the SDK, the remote registry, then the first render.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { ROUTE_OWNERS, configureHost, makeStore, startUserEvents } from '@kabuto/shared-sdk';
import { prepareAntdMobile } from './app/antd-mobile';
import { App } from './app/App';
import { buildRoutes } from './app/routes';
import { showToast } from './app/toast';
import { initI18n } from './i18n/i18n';
import { applyLanguage } from './i18n/language';
import { pageThenServerRegistry } from './remotes/registry';
import { createRemoteLoader } from './remotes/remote-loader';

// The store starts from the stored session and language; `?lang=zh` (page or hash
// query) forces Traditional Chinese without overwriting the stored choice (spec §9).
prepareAntdMobile();
const store = makeStore();
const lang = store.getState().session.lang;
initI18n(lang);
applyLanguage(lang);

const router = createHashRouter(buildRoutes());

const remoteLoader = createRemoteLoader({ readRegistry: pageThenServerRegistry() });

configureHost({
  navigate: (path) => void router.navigate(path),
  back: () => void router.navigate(-1),
  toast: showToast,
  getLang: () => store.getState().session.lang,
  // <RemoteWidget> of the SDK: one remote's widget on another's page (the order ticket on stock details).
  loadWidget: (remote, expose) => remoteLoader.loadWidget(remote, expose),
});

// The signed-in user's events on /ws refresh open screens (docs/api/market.md §6.2). Not
// needed for the first paint: started when the main thread is idle (issue 14, long tasks).
whenIdle(() => startUserEvents(store));

// Register the remotes now (from the page's registry), while the first page renders, not at the first remote page.
remoteLoader.prepare();
// The opened route's remote starts loading now, in parallel with the first render, instead
// of from RemoteArea's effect after it (its files are already preloaded by index.html).
const owner = ROUTE_OWNERS[window.location.hash.slice(1).split('?')[0] || '/'];
if (owner && owner !== 'shell') void remoteLoader.load(owner).catch(() => undefined);

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} remoteLoader={remoteLoader} />
  </StrictMode>,
);

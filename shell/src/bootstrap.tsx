// Start-up after the federation boundary: one store, the language, host services
// for the SDK, the remote registry, then the first render.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { configureHost, makeStore, startUserEvents } from '@kabuto/shared-sdk';
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

// The signed-in user's events on /ws refresh open screens (docs/api/market.md §6.2).
startUserEvents(store);

// Register the remotes now (from the page's registry), while the first page renders, not at the first remote page.
remoteLoader.prepare();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} remoteLoader={remoteLoader} />
  </StrictMode>,
);

// Renders the whole shell (frame, routes, store) at a path, in memory, for tests.
import { render } from '@testing-library/react';
import { addTranslations, applyLanguage, configureHost, makeStore, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { buildRoutes } from '../app/routes';
import { SHELL_NS } from '../i18n/i18n';
import { SHELL_TEXTS } from '../i18n/shell-texts';
import { createRemoteLoader, type RemoteLoader } from '../remotes/remote-loader';

interface RenderAppOptions {
  lang?: Lang;
  /** Start signed in (a token and an account in the store). */
  loggedIn?: boolean;
  remoteLoader?: RemoteLoader;
  toast?: (text: string, durationMs: number) => void;
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const lang = options.lang ?? 'en';
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  if (options.loggedIn) store.dispatch(sessionSlice.actions.loggedIn({ token: 'tok', account: '9012345678' }));
  // Every language at once, so a test renders in its language without waiting for a chunk.
  addTranslations(SHELL_NS, SHELL_TEXTS);
  applyLanguage(lang);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const remoteLoader = options.remoteLoader ?? createRemoteLoader({ readRegistry: async () => null });
  configureHost({
    navigate: (to) => void router.navigate(to),
    toast: options.toast ?? (() => undefined),
    getLang: () => store.getState().session.lang,
  });
  const view = render(<App store={store} router={router} remoteLoader={remoteLoader} />);
  return { ...view, store, router, remoteLoader };
}

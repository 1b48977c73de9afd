// Providers around the frame: the page's one i18next instance (the SDK's, which every remote's
// useTranslation reads), the one store, the remote loader, the router.
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, i18n, type Router, type makeStore } from '@kabuto/shared-sdk';
import { Frame } from '../frame/Frame';
import type { RemoteLoader } from '../remotes/remote-loader';
import { RemoteLoaderContext } from '../remotes/remote-loader-context';
import { buildRoutes } from './routes';

export type ShellStore = ReturnType<typeof makeStore>;

interface AppProps {
  store: ShellStore;
  /** The address's hash in the app, memory in tests. */
  router: Router;
  remoteLoader: RemoteLoader;
}

export function App({ store, router, remoteLoader }: AppProps) {
  const [pages] = useState(buildRoutes);
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <RemoteLoaderContext.Provider value={remoteLoader}>
          <RouterProvider router={router}>
            <Frame pages={pages} />
          </RouterProvider>
        </RemoteLoaderContext.Provider>
      </Provider>
    </I18nextProvider>
  );
}

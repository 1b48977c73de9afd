// Providers around the router: the page's one i18next instance (the SDK's, which every
// remote's useTranslation reads), the one store, the remote loader, the router (whose routes
// render the frame and its page).
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import { i18n, type makeStore } from '@kabuto/shared-sdk';
import type { RemoteLoader } from '../remotes/remote-loader';
import { RemoteLoaderContext } from '../remotes/remote-loader-context';

export type ShellStore = ReturnType<typeof makeStore>;
/** A data router over buildRoutes(): the address's hash in the app, memory in tests. */
export type ShellRouter = ReturnType<typeof createHashRouter>;

interface AppProps {
  store: ShellStore;
  router: ShellRouter;
  remoteLoader: RemoteLoader;
}

export function App({ store, router, remoteLoader }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <RemoteLoaderContext.Provider value={remoteLoader}>
          <RouterProvider router={router} />
        </RemoteLoaderContext.Provider>
      </Provider>
    </I18nextProvider>
  );
}

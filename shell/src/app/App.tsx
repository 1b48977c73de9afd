// Providers around the router: the one store, the remote loader, the router (whose routes
// render the frame and its page).
import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import type { makeStore } from '@kabuto/shared-sdk';
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
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <RouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}

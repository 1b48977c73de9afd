// Providers around the frame: the one store, the remote loader, the router.
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type Router, type makeStore } from '@kabuto/shared-sdk';
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
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <RouterProvider router={router}>
          <Frame pages={pages} />
        </RouterProvider>
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}

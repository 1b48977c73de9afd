// Providers around the router: the one store, the remote loader, the router (whose routes
// render the frame and its page).
import { useLayoutEffect, useState } from 'react';
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

/**
 * RouterProvider reads the router's state when it renders and subscribes only once committed.
 * The first render is a long transition (start.tsx): a navigation made meanwhile (Back, a new
 * hash typed in, a page's redirect) would not be shown. Revalidating hands the subscribers the
 * router's current state, without a history entry.
 */
function CatchUpRouterProvider({ router }: { router: ShellRouter }) {
  const [renderedLocation] = useState(() => router.state.location);
  // Runs after RouterProvider's own layout effect (children first), so it is subscribed by now.
  useLayoutEffect(() => {
    if (router.state.location !== renderedLocation) void router.revalidate();
  }, [router, renderedLocation]);
  return <RouterProvider router={router} />;
}

export function App({ store, router, remoteLoader }: AppProps) {
  return (
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <CatchUpRouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}

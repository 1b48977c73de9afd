// The page's one RemoteLoader, provided by the app (tests provide a fresh one each).
import { createContext, useContext } from 'react';
import type { RemoteLoader } from './remote-loader';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader needs a RemoteLoaderContext provider');
  return loader;
}

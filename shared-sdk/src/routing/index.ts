// The page's one router (router.tsx): the shell creates it and renders the matched page;
// remotes move it with these hooks. Add a name here (a minor SDK bump) before a remote
// may use it.
import { useCallback } from 'react';
import { useRouter, type To } from './router';
import type { NavigateOptions } from './history';

export { OPENING_KEY, createHashHistory, createMemoryHistory, type Location, type NavigateOptions, type RouterHistory } from './history';
export { HashRouter, Link, MemoryRouter, Redirect, RouterProvider, createRouter, useLocation, useSearchParams } from './router';
export type { LinkProps, Router, SetSearchParams, To } from './router';

export type Navigate = (to: To | number, options?: NavigateOptions) => void;

// The router's navigate() answers a promise that settles once the new page is rendered. A
// click handler has nothing to wait for, so this one answers nothing and can be passed anywhere.
export function useNavigate(): Navigate {
  const router = useRouter();
  return useCallback<Navigate>(
    (to, options) => {
      void router.navigate(to, options);
    },
    [router],
  );
}

// For the caller that must wait until the new page is shown (signing out leaves the page
// before ending the session).
export function useNavigateAndWait(): (to: To, options?: NavigateOptions) => Promise<void> {
  const router = useRouter();
  return useCallback((to: To, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

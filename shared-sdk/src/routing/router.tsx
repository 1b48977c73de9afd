// The page's one router. It lives in the SDK, a federation singleton, so the shell that
// creates it and every remote that navigates share its React context (a second copy would
// find no router). The route table's paths are fixed and matched exactly (the shell's
// routes.tsx), so this is a location, a way to move it and the hooks; React Router did the
// same job with 30 KiB gzip of data-router machinery on every first load (issue 14).
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createHashHistory, createMemoryHistory, newKey, parsePath, pathOf, type Location, type NavigateOptions, type RouterHistory } from './history';

/** An absolute path ('/pages/home/home?x=1'), a query for the current page ('?tab=b'), or a step back (-1). */
export type To = string;

export interface Router {
  readonly location: Location;
  /**
   * A path resolves once the new location is rendered (so not inside a test's act(), which
   * renders only when its callback is done); a step back or forward resolves at once.
   */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (location: Location) => void): () => void;
}

// Navigations waiting for their location to be rendered, by router (RouterProvider resolves them).
const waitingForRender = new WeakMap<Router, Set<() => void>>();

/** A query-only `to` stays on the current page. */
function resolveTo(to: To, from: Location): { pathname: string; search: string } {
  return to.startsWith('?') ? { pathname: from.pathname, search: parsePath(to).search } : parsePath(to);
}

export function createRouter(history: RouterHistory): Router {
  const listeners = new Set<(location: Location) => void>();
  const notify = (location: Location) => {
    for (const listener of listeners) listener(location);
  };
  history.listen(notify);
  const rendered = new Set<() => void>();
  const router: Router = {
    get location() {
      return history.location;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        // The browser may have nothing to go back to, so there may be no render to wait for.
        history.go(to);
        return Promise.resolve();
      }
      const done = new Promise<void>((resolve) => rendered.add(resolve));
      const next: Location = { ...resolveTo(to, history.location), state: options.state ?? null, key: newKey() };
      if (options.replace) history.replace(next);
      else history.push(next);
      notify(next);
      return done;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  waitingForRender.set(router, rendered);
  return router;
}

interface RouterContextValue {
  router: Router;
  location: Location;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouterContext(hook: string): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error(`${hook}() is used outside the app's router (RouterProvider, or MemoryRouter in a test)`);
  return value;
}

/**
 * Renders `children` at the router's location. A navigation re-renders as a transition, as
 * React Router did: the page being left stays until the next one can show.
 */
export function RouterProvider({ router, children }: { router: Router; children: ReactNode }) {
  const [location, setLocation] = useState(router.location);
  // A layout effect: subscribed before any child's effect can navigate (Redirect).
  useLayoutEffect(() => {
    const show = (next: Location) => startTransition(() => setLocation(next));
    const unsubscribe = router.subscribe(show);
    // The first render is long (a transition, while the app starts): the address may have
    // changed meanwhile (Back, or a new hash typed in), with nobody subscribed yet.
    if (router.location !== location) show(router.location);
    return unsubscribe;
  }, [router, location]);
  useEffect(() => {
    const waiting = waitingForRender.get(router);
    for (const done of waiting ?? []) done();
    waiting?.clear();
  }, [router, location]);
  return <RouterContext.Provider value={{ router, location }}>{children}</RouterContext.Provider>;
}

/** Pages in tests (and a remote's page alone), at `initialEntries`' last entry. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: readonly string[]; children: ReactNode }) {
  const [router] = useState(() => createRouter(createMemoryHistory(initialEntries)));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

/** The app's address in the hash (`#/pages/...`), for a remote's standalone dev host. */
export function HashRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createRouter(createHashHistory()));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

export function useLocation(): Location {
  return useRouterContext('useLocation').location;
}

/** The router itself, for navigation inside a component (useNavigate). */
export function useRouter(): Router {
  return useRouterContext('useRouter').router;
}

type SearchParamsInit = string | URLSearchParams | Record<string, string>;
export type SetSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

/** The current query, and a way to change it (a navigation to the same page). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, location } = useRouterContext('useSearchParams');
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(router.location.search)) : next;
      void router.navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [router],
  );
  return [params, set];
}

/** Moves to `to` once mounted (an unknown address goes to the start page). */
export function Redirect({ to, replace }: { to: To; replace?: boolean }) {
  const { router } = useRouterContext('Redirect');
  useEffect(() => {
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Default: replace when `to` is the page already shown (a second tap on a tab adds no history entry). */
  replace?: boolean;
  state?: unknown;
}

/** An anchor to a page of the app: a plain click navigates in place, a modified click does what the browser does. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router, location } = useRouterContext('Link');
  const path = pathOf(resolveTo(to, location));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== '_self')) return;
    event.preventDefault();
    void router.navigate(path, { replace: replace ?? path === pathOf(router.location), state });
  };
  return <a {...rest} target={target} href={`#${path}`} onClick={click} />;
}

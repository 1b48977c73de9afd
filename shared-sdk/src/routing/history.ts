// Where the app is (a path and query in the address's hash) and how it moves: the browser's
// history for the app, an array for tests. The route table's paths are fixed (a page's
// parameters travel in the query), so a location is a path, a query and an optional state.

export interface Location {
  /** '/pages/home/home'; always starts with '/'. */
  pathname: string;
  /** '' or '?code=7203'. */
  search: string;
  /** What the navigation carried (the register page hands the login page its account). */
  state: unknown;
  /** Changes with every navigation; 'default' for the entry the app was opened on. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterHistory {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Back (-1) or forward; the new location arrives through `listen`. */
  go(delta: number): void;
  /** Called when the location changes by go() or the browser's Back and Forward buttons. */
  listen(listener: (location: Location) => void): () => void;
}

/** The entry the app was opened on, as React Router called it: a page opened directly has no page to go back to. */
export const OPENING_KEY = 'default';

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** '/a?b=1' → path and query; a path without its leading '/' gets one. */
export function parsePath(path: string): { pathname: string; search: string } {
  const queryAt = path.indexOf('?');
  const pathname = queryAt < 0 ? path : path.slice(0, queryAt);
  const search = queryAt < 0 ? '' : path.slice(queryAt);
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search: search === '?' ? '' : search };
}

export function pathOf(location: Pick<Location, 'pathname' | 'search'>): string {
  return location.pathname + location.search;
}

interface StoredState {
  usr?: unknown;
  key?: string;
}

function storedState(value: unknown): StoredState {
  return typeof value === 'object' && value !== null ? (value as StoredState) : {};
}

/**
 * The app's address: `#/pages/market/market?tab=gainers`. The state and key are kept in the
 * browser's history entry (same shape as React Router's), so Back restores them and a reload
 * keeps knowing that there is a page to go back to.
 */
export function createHashHistory(win: Window = window): RouterHistory {
  const read = (): Location => {
    const stored = storedState(win.history.state);
    return { ...parsePath(win.location.hash.slice(1) || '/'), state: stored.usr ?? null, key: stored.key ?? OPENING_KEY };
  };
  let current = read();
  const listeners = new Set<(location: Location) => void>();
  const write = (location: Location, method: 'pushState' | 'replaceState') => {
    win.history[method]({ usr: location.state, key: location.key }, '', `#${pathOf(location)}`);
    current = location;
  };
  win.addEventListener('popstate', () => {
    current = read();
    for (const listener of listeners) listener(current);
  });
  return {
    get location() {
      return current;
    },
    push: (location) => write(location, 'pushState'),
    replace: (location) => write(location, 'replaceState'),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Entries in memory, for tests and for rendering a page outside the app. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): RouterHistory {
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? OPENING_KEY : newKey(),
  }));
  let index = entries.length - 1;
  const at = (i: number): Location => entries[i] ?? entries[0]!;
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return at(index);
    },
    push(location) {
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener(at(index));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

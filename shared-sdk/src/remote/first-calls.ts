// A page's first API calls, started by index.html's boot script while the app's JavaScript is
// still downloading, instead of only once the shell, the remote's entry and the page's chunk
// have all loaded and rendered, one after the other.
// The remote that owns a route declares them (src/first-calls.json, published with each
// release); the server puts the current release's list into index.html; the boot script sends
// them; the page's own request, when it comes, takes the answer instead of asking again
// (protocol/transport.ts). Node-safe: the server checks declarations against these types.

import { BROWSER_LANG_PREFIXES, DEFAULT_LANG, QUERY_LANG_OVERRIDE, SWITCHER_LANGS } from '../i18n/languages';

/**
 * What `{ session: 'lang' }` resolves to, as the app resolves the language (session/storage.ts
 * readStoredLang): `lang=zh` in the page or hash query forces tw; otherwise the stored language
 * if it is one of these, else the first of the browser's languages matching a prefix, else the
 * default. The boot script is built from these values.
 */
export const FIRST_CALL_LANGS: {
  readonly known: readonly string[];
  readonly browser: readonly (readonly [string, string])[];
  readonly fallback: string;
  readonly forcedBy: string;
  readonly forced: string;
} = {
  known: SWITCHER_LANGS,
  browser: BROWSER_LANG_PREFIXES,
  fallback: DEFAULT_LANG,
  forcedBy: QUERY_LANG_OVERRIDE.value,
  forced: QUERY_LANG_OVERRIDE.lang,
};

/** Where the boot script leaves its answers: `window[FIRST_CALLS_GLOBAL]`, keyed by firstCallKey. */
export const FIRST_CALLS_GLOBAL = '__kabutoFirstCalls';

/**
 * An early answer older than this is not used: the page asks again. Live data (quotes,
 * indices) is streamed over /ws from the moment the page subscribes, so a few seconds old
 * is what the page would have shown anyway; a slow start gets fresh data instead.
 */
export const FIRST_CALL_MAX_AGE_MS = 10_000;

/** At most this many calls per route, and params per call (the server refuses longer lists). */
export const FIRST_CALLS_MAX = 6;
export const FIRST_CALL_PARAMS_MAX = 8;

/**
 * A parameter's value: literal text, a parameter of the route's hash query (the call is not
 * made when it is missing), or the customer's language as the app will resolve it.
 */
export type FirstCallParam = string | { query: string } | { session: 'lang' };

export interface FirstCall {
  group: string;
  action: string;
  params?: Readonly<Record<string, FirstCallParam>>;
  /** Made only when a session token is stored (the page skips it for a visitor). */
  signedIn?: boolean;
  /**
   * Made only when each named hash-query parameter has one of the listed values ('' = absent):
   * a page whose first request depends on its query (a board, a tab) declares the case it covers.
   */
  onlyIf?: Readonly<Record<string, readonly string[]>>;
}

/** The header's business clock (shell frame/business-clock.ts asks for it on every page). */
export const BUSINESS_CLOCK_CALL = { group: 'common', action: 'clock' } as const satisfies FirstCall;

/**
 * The shell frame's own first calls, made on every page whatever its owner: the header's
 * business clock. Asked for only once the shell had rendered, it was the last request before the
 * page's content, one more round trip at the end of the start.
 */
export const FRAME_FIRST_CALLS: readonly FirstCall[] = [BUSINESS_CLOCK_CALL];

/** The file a remote's build publishes with each release (mf-build, kabuto-pages.json `calls`), by route name. */
export type FirstCallsByRoute = Readonly<Record<string, readonly FirstCall[]>>;

/** What the boot script stores per call. `answer` is null when the request failed. */
export interface EarlyAnswer {
  /** The stored token the call was sent with ('' for none). */
  token: string;
  /** Date.now() when it was sent. */
  at: number;
  answer: Promise<{ httpStatus: number; text: string } | null>;
}

/**
 * The key of one call: its API path and its parameters sorted by name, URI-encoded. The boot
 * script (server/src/static/shell.ts) builds the same text; a server test checks both agree.
 */
export function firstCallKey(path: string, params: ReadonlyArray<readonly [string, string]>): string {
  const sorted = [...params].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${sorted.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}

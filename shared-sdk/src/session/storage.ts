// The stored session and language in localStorage (spec §3, §4, §9). Storage may be
// missing (Node) or throw (private browsing, quota): every access degrades to "nothing stored".
import { STORAGE_KEYS } from '../constants';
import { DEFAULT_LANG, QUERY_LANG_OVERRIDE, isLang, langFromBrowser, type Lang } from '../i18n/languages';
import { isPriceColours, type PriceColours } from './price-colours';

/** The cached user info. Only `level` is read (VIP check); the other known fields are typed for convenience. */
export interface UserInfo {
  level?: number;
  id?: number | string;
  account?: string;
  realName?: string;
  nickname?: string;
  vipLevel?: number;
  [field: string]: unknown;
}

export interface StoredSession {
  token: string | null;
  account: string | null;
  userInfo: UserInfo | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session then lives only in memory (Redux state).
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

function parseUserInfo(text: string | null): UserInfo | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as UserInfo) : null;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession {
  return {
    token: read(STORAGE_KEYS.token) || null,
    account: read(STORAGE_KEYS.account) || null,
    userInfo: parseUserInfo(read(STORAGE_KEYS.userInfo)),
  };
}

export function storeLogin(token: string, account: string): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.account, account);
}

export function storeUserInfo(info: UserInfo): void {
  write(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** Removes token and account (spec §4: what an unauthorised answer clears). */
export function clearLogin(): void {
  remove(STORAGE_KEYS.token);
  remove(STORAGE_KEYS.account);
}

/** Removes the cached user info (spec §4: what logout clears, with the login). */
export function clearUserInfo(): void {
  remove(STORAGE_KEYS.userInfo);
}

/** Logged in while both token and account are stored. */
export function isLoggedIn(): boolean {
  const { token, account } = readStoredSession();
  return token !== null && account !== null;
}

/** VIP check: the only use of the cached user info's `level` (spec §3, §6). */
export function isVip(info: UserInfo | null | undefined): boolean {
  const level = Number(info?.level);
  return Number.isFinite(level) && level > 0;
}

/** The query strings of the page: location.search and the query part of a hash route. */
function pageQueries(): string[] {
  if (typeof location === 'undefined') return [];
  const hash = location.hash;
  const q = hash.indexOf('?');
  return [location.search, q >= 0 ? hash.slice(q) : ''];
}

/** The browser's language preferences, most wanted first (none outside a browser). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * The language: `lang=zh` in the query forces tw; otherwise the stored language (the
 * customer's choice); otherwise, on a first visit, the first offered language the browser
 * asks for; otherwise DEFAULT_LANG. `search` and `preferences` replace the page's own query
 * strings and the browser's languages (for tests and server rendering).
 */
export function readStoredLang(search?: string, preferences?: readonly string[]): Lang {
  const queries = search === undefined ? pageQueries() : [search];
  if (queries.some((query) => new URLSearchParams(query).get('lang') === QUERY_LANG_OVERRIDE.value)) return QUERY_LANG_OVERRIDE.lang;
  const stored = read(STORAGE_KEYS.lang);
  if (isLang(stored)) return stored;
  return langFromBrowser(preferences ?? browserLanguages()) ?? DEFAULT_LANG;
}

export function storeLang(lang: Lang): void {
  write(STORAGE_KEYS.lang, lang);
}

/** The customer's chosen up/down colours, or null while they have not chosen (the language decides). */
export function readStoredPriceColours(): PriceColours | null {
  const stored = read(STORAGE_KEYS.priceColours);
  return isPriceColours(stored) ? stored : null;
}

export function storePriceColours(colours: PriceColours): void {
  write(STORAGE_KEYS.priceColours, colours);
}

// Languages of the product (spec §1, §9). tw, jp and en are complete; hi and id are
// listed in the switcher and fall back to English where a text is missing.
export type Lang = 'tw' | 'jp' | 'en' | 'hi' | 'id';

export const COMPLETE_LANGS: readonly Lang[] = ['tw', 'jp', 'en'];
export const SWITCHER_LANGS: readonly Lang[] = ['en', 'tw', 'hi', 'id', 'jp'];
export const DEFAULT_LANG: Lang = 'tw';
export const FALLBACK_LANG: Lang = 'en';
/**
 * A first visit opens in the first of the browser's languages (navigator.languages, in the
 * visitor's order of preference) that the product offers, matched on the tag's primary
 * subtag; Chinese of any script maps to Traditional Chinese, the only Chinese offered. `in`
 * is the deprecated code browsers still send for Indonesian.
 */
export const BROWSER_LANG_PREFIXES: readonly (readonly [string, Lang])[] = [
  ['ja', 'jp'],
  ['zh', 'tw'],
  ['en', 'en'],
  ['hi', 'hi'],
  ['id', 'id'],
  ['in', 'id'],
];

/** The first offered language among the browser's preferences, or null when none is offered. */
export function langFromBrowser(preferences: readonly string[]): Lang | null {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = BROWSER_LANG_PREFIXES.find(([prefix]) => prefix === primary);
    if (match) return match[1];
  }
  return null;
}

/** `lang=zh` in the page's or the hash's query forces Traditional Chinese (spec §9). */
export const QUERY_LANG_OVERRIDE: { readonly value: string; readonly lang: Lang } = { value: 'zh', lang: 'tw' };

/** Each language's own name, as the switcher shows it. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = {
  en: 'English',
  tw: '繁體中文',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  jp: '日本語',
};

/** HTML lang attribute for each language. */
export const HTML_LANG: Readonly<Record<Lang, string>> = {
  en: 'en',
  tw: 'zh-Hant-TW',
  hi: 'hi',
  id: 'id',
  jp: 'ja',
};

export function isLang(value: unknown): value is Lang {
  return value === 'tw' || value === 'jp' || value === 'en' || value === 'hi' || value === 'id';
}

/** A translation table for one namespace: complete in tw/jp/en, partial elsewhere. */
export type Translations = { tw: Record<string, string>; jp: Record<string, string>; en: Record<string, string> } & Partial<
  Record<'hi' | 'id', Record<string, string>>
>;

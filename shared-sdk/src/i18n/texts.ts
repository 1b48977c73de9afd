// The page's texts: every package's translations by namespace, looked up in the store's
// language with English as the fallback. It replaces i18next and react-i18next (issue 14:
// about 20 KiB gzip of every first load, for flat keys and {{name}} values only).
//
// One registry per page, kept on globalThis: the shell, every remote and any second copy of
// the SDK that a remote built against a newer minor brings along all read and write the same
// texts, as they shared one i18next instance before.
import { COMPLETE_LANGS, FALLBACK_LANG, type Lang, type Translations } from './languages';

export type TextValues = Record<string, string | number>;

/** One language's texts of a namespace: key → text. */
export type TextTable = Readonly<Record<string, string>>;

/**
 * A namespace's texts per language, each loaded only when the page shows that language: a
 * dynamic import of that language's file, so each language is a chunk of its own. tw, jp and
 * en are complete; hi and id may be missing (English is shown).
 */
export type TextLoaders = Partial<Record<Lang, () => Promise<TextTable>>>;

interface Registry {
  readonly namespaces: Map<string, Partial<Record<Lang, TextTable>>>;
  readonly listeners: Set<() => void>;
  version: number;
  // Since SDK 2.10 (a registry made by an older copy gets them on first use).
  loaders?: Map<string, TextLoaders>;
  loading?: Map<string, Promise<void>>;
}

const KEY = Symbol.for('kabuto.texts.v1');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  return (holder[KEY] ??= { namespaces: new Map(), listeners: new Set(), version: 0 });
}

function changed(r: Registry): void {
  r.version += 1;
  for (const listener of [...r.listeners]) listener();
}

/** Adds (or replaces) a namespace's texts in every language; components showing texts render again. */
export function addTexts(namespace: string, translations: Translations | Partial<Record<Lang, TextTable>>): void {
  const r = registry();
  if (r.namespaces.get(namespace) === translations) return;
  r.namespaces.set(namespace, translations);
  changed(r);
}

/** Adds one language's table to a namespace's texts, keeping its other languages. */
export function addTextTable(namespace: string, lang: Lang, table: TextTable): void {
  const r = registry();
  r.namespaces.set(namespace, { ...r.namespaces.get(namespace), [lang]: table });
  changed(r);
}

/**
 * Registers a namespace whose languages load on demand (TextLoaders). Nothing is fetched here:
 * `loadTexts(lang)` fetches what the page's language needs, for this namespace and every other.
 */
export function addTextLoaders(namespace: string, loaders: TextLoaders): void {
  const r = registry();
  (r.loaders ??= new Map()).set(namespace, loaders);
}

/**
 * A namespace's texts as a package gives them: every language in one table (remote releases
 * built before SDK 2.10), or a loader per language (TextLoaders).
 */
export type NamespaceTexts = Translations | TextLoaders;

function isTextLoaders(texts: NamespaceTexts): texts is TextLoaders {
  const values = Object.values(texts) as unknown[];
  return values.length > 0 && values.every((value) => typeof value === 'function');
}

/**
 * Registers a package's texts (the shell does it for each remote it loads) and resolves once
 * those of `lang` are in: at once for tables, after their chunk for loaders.
 */
export function registerTexts(namespace: string, texts: NamespaceTexts, lang: Lang): Promise<void> {
  if (!isTextLoaders(texts)) {
    addTexts(namespace, texts);
    return Promise.resolve();
  }
  addTextLoaders(namespace, texts);
  return loadTexts(lang, [namespace]);
}

/** The languages `lang` is shown in: itself, then English for what it lacks (hi, id). */
function langsShowing(lang: Lang): Lang[] {
  return COMPLETE_LANGS.includes(lang) ? [lang] : [lang, FALLBACK_LANG];
}

function loadTable(r: Registry, namespace: string, lang: Lang, load: () => Promise<TextTable>): Promise<void> {
  const key = `${namespace}/${lang}`;
  const loading = (r.loading ??= new Map());
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then(
      (table) => addTextTable(namespace, lang, table),
      (error: unknown) => {
        // Not kept: the next language change or page load asks again.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Fetches every table the page needs to show `lang` (of every namespace registered with
 * loaders, or only those named): call it before the language is shown, so no text appears
 * in another language first. Tables already in are not fetched again; a failed fetch rejects
 * and is tried again on the next call.
 */
export function loadTexts(lang: Lang, namespaces?: readonly string[]): Promise<void> {
  const r = registry();
  const jobs: Promise<void>[] = [];
  for (const [namespace, loaders] of r.loaders ?? []) {
    if (namespaces && !namespaces.includes(namespace)) continue;
    for (const shown of langsShowing(lang)) {
      const load = loaders[shown];
      if (load && !r.namespaces.get(namespace)?.[shown]) jobs.push(loadTable(r, namespace, shown, load));
    }
  }
  return Promise.all(jobs).then(() => undefined);
}

export function hasTexts(namespace: string): boolean {
  return registry().namespaces.has(namespace);
}

/** The texts registered under `namespace`, by language (tests and tools). */
export function textsOf(namespace: string): Partial<Record<Lang, TextTable>> | undefined {
  return registry().namespaces.get(namespace);
}

/** Counter that moves on every addTexts: the snapshot useTexts re-renders on. */
export function textsVersion(): number {
  return registry().version;
}

export function subscribeTexts(listener: () => void): () => void {
  const { listeners } = registry();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The text of `key` in `namespace`: in `lang`, else in English, else the key itself (so a
 * missing text shows up as its key, as i18next did). `{{name}}` takes `values.name`; without
 * a value it reads as nothing, as in i18next.
 */
export function textOf(namespace: string, lang: Lang, key: string, values?: TextValues): string {
  const translations = registry().namespaces.get(namespace);
  const text = translations?.[lang]?.[key] ?? translations?.[FALLBACK_LANG]?.[key] ?? key;
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => String(values?.[name] ?? ''));
}

// The page's texts: every package's translations by namespace, looked up in the store's
// language with English as the fallback. It replaces i18next and react-i18next (issue 14:
// about 20 KiB gzip of every first load, for flat keys and {{name}} values only).
//
// One registry per page, kept on globalThis: the shell, every remote and any second copy of
// the SDK that a remote built against a newer minor brings along all read and write the same
// texts, as they shared one i18next instance before.
import { FALLBACK_LANG, type Lang, type Translations } from './languages';

export type TextValues = Record<string, string | number>;

interface Registry {
  readonly namespaces: Map<string, Translations>;
  readonly listeners: Set<() => void>;
  version: number;
}

const KEY = Symbol.for('kabuto.texts.v1');

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  return (holder[KEY] ??= { namespaces: new Map(), listeners: new Set(), version: 0 });
}

/** Adds (or replaces) a namespace's texts in every language; components showing texts render again. */
export function addTexts(namespace: string, translations: Translations): void {
  const r = registry();
  if (r.namespaces.get(namespace) === translations) return;
  r.namespaces.set(namespace, translations);
  r.version += 1;
  for (const listener of [...r.listeners]) listener();
}

export function hasTexts(namespace: string): boolean {
  return registry().namespaces.has(namespace);
}

/** The translations registered under `namespace` (tests and tools). */
export function textsOf(namespace: string): Translations | undefined {
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

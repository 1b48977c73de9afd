// The page's one i18next instance (ARCHITECTURE §1, §3), owned by the SDK: the SDK is a
// federation singleton provided by the shell, and so are i18next and react-i18next, so the
// shell, every remote and the SDK's own components read the same texts. The server's tools
// use it too, for the message catalogue (no React here: the Node-safe entries import it).
//
// One language at a time: each package registers a dynamic-import loader per language and
// namespace (registerTextLoaders); i18next fetches through its backend interface only the
// tables of the language shown (loadLanguage), with English where hi or id has no text.
import { createInstance, type i18n as I18n, type TOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { COMPLETE_LANGS, DEFAULT_LANG, FALLBACK_LANG, type Lang, type Translations } from './languages';

/** Interpolation values ({{name}}) and i18next options such as `count` (plural keys). */
export type TextValues = TOptions;

/** One language's texts of a namespace: key → text. */
export type TextTable = Readonly<Record<string, string>>;

/**
 * A namespace's texts per language, each a dynamic import of that language's file, so each
 * language is a chunk of its own. tw, jp and en are complete; hi and id may be missing.
 */
export type TextLoaders = Partial<Record<Lang, () => Promise<TextTable>>>;

/**
 * A namespace's texts as a package gives them: a loader per language, or every language in
 * one table (remote releases built before SDK 2.10, and tests).
 */
export type NamespaceTexts = Translations | TextLoaders;

const loaders = new Map<string, TextLoaders>();

/** The backend's resolver: the registered loader of that language, or nothing to add (hi, id partial). */
function readTable(lang: string, namespace: string): Promise<TextTable> {
  const namespaceLoaders = loaders.get(namespace);
  // An unknown namespace fails (and is asked for again once registered); a known one without
  // this language loads as empty, so English shows (fallbackLng) and nothing is asked again.
  if (!namespaceLoaders) return Promise.reject(new Error(`no texts registered for namespace '${namespace}'`));
  const load = namespaceLoaders[lang as Lang];
  return load ? load() : Promise.resolve({});
}

export const i18n: I18n = createInstance();

void i18n.use({ ...resourcesToBackend(readTable), callbackApi: true }).init({
  // The store says which language the page shows (the session slice, from storage or the
  // `lang` query); the shell and every language change set this one to match.
  lng: DEFAULT_LANG,
  // Only hi and id fall back (to English): tw, jp and en are complete, and a fallback of theirs
  // would have i18next fetch English beside them at every language change.
  fallbackLng: { hi: [FALLBACK_LANG], id: [FALLBACK_LANG], default: [] },
  supportedLngs: ['tw', 'jp', 'en', 'hi', 'id'],
  load: 'currentOnly',
  // No namespace is loaded up front: packages register theirs, loadLanguage fetches them.
  ns: [],
  defaultNS: false,
  // Tables are flat ('common.loading') and message names may hold any character.
  keySeparator: false,
  nsSeparator: false,
  // Some tables (the message catalogue's tw) are in the bundle; the rest come from the backend.
  partialBundledLanguages: true,
  // Synchronous: the catalogue adds its tw table as its module is evaluated.
  initAsync: false,
  // React escapes what it renders; texts outside React (toasts, titles) are plain strings.
  interpolation: { escapeValue: false },
  // A page whose texts are not in yet renders their keys instead of suspending: the shell
  // and the remote loader fetch a language's texts before anything shows it.
  react: { useSuspense: false },
});

/** The languages `lang` is shown in: itself, then English for what it lacks (hi, id). */
function langsShowing(lang: Lang): Lang[] {
  return COMPLETE_LANGS.includes(lang) ? [lang] : [lang, FALLBACK_LANG];
}

/** Registers a namespace whose languages load on demand; nothing is fetched here. */
export function registerTextLoaders(namespace: string, namespaceLoaders: TextLoaders): void {
  loaders.set(namespace, namespaceLoaders);
}

/** Adds every language's table of a namespace at once (remote releases built before SDK 2.10, tests). */
export function addTranslations(namespace: string, translations: Partial<Record<Lang, TextTable>>): void {
  if (!loaders.has(namespace)) loaders.set(namespace, {});
  for (const [lang, table] of Object.entries(translations)) {
    if (table) i18n.addResourceBundle(lang, namespace, table, true, true);
  }
}

function isTextLoaders(texts: NamespaceTexts): texts is TextLoaders {
  const values = Object.values(texts) as unknown[];
  return values.length > 0 && values.every((value) => typeof value === 'function');
}

/** Registers a package's texts as its contract gives them: loaders, or tables added at once. */
export function registerNamespaceTexts(namespace: string, texts: NamespaceTexts): void {
  if (isTextLoaders(texts)) registerTextLoaders(namespace, texts);
  else addTranslations(namespace, texts);
}

function fetchTable(lang: Lang, namespace: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // reloadResources, not loadNamespaces: i18next keeps a failed table as done, and the next
    // language change or remote retry must ask for it again. Only missing tables come here.
    // The connector answers with every error of the batch; the loader's own is the one to tell.
    void i18n.reloadResources([lang], [namespace], (errors?: unknown) => {
      if (!errors) resolve();
      else reject(Array.isArray(errors) ? (errors[0] as unknown) : errors);
    });
  });
}

/**
 * Fetches every table the page needs to show `lang` (of every registered namespace, or of
 * those named), English included for hi and id: call it before the language is shown, so no
 * text appears in another language first. Tables already in are not fetched again; a failed
 * fetch rejects and is tried again on the next call.
 */
export function loadLanguage(lang: Lang, namespaces: readonly string[] = [...loaders.keys()]): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const namespace of namespaces) {
    for (const shown of langsShowing(lang)) {
      if (!i18n.hasResourceBundle(shown, namespace)) jobs.push(fetchTable(shown, namespace));
    }
  }
  return Promise.all(jobs).then(() => undefined);
}

// The one i18next instance of the page (the default export, shared as a singleton
// with every remote). Remotes' namespaces are added when they load (addRemoteTexts).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, type Lang, type Translations } from '@kabuto/shared-sdk';
import { SHELL_NS, SHELL_TEXTS } from './shell-texts';

/** i18next's `resources` shape for one namespace. */
function namespaceResources(namespace: string, translations: Translations) {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [lang, texts] of Object.entries(translations)) {
    if (texts) resources[lang] = { [namespace]: texts };
  }
  return resources;
}

/** Initialises i18next once; later calls only switch the language. */
export function initI18n(lang: Lang): typeof i18next {
  if (i18next.isInitialized) {
    if (i18next.language !== lang) void i18next.changeLanguage(lang);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    resources: namespaceResources(SHELL_NS, SHELL_TEXTS),
    ns: [SHELL_NS],
    defaultNS: SHELL_NS,
    // Keys are flat ('tab.home'); a dot is part of the key, not a path.
    keySeparator: false,
    interpolation: { escapeValue: false }, // React escapes already
    // Resources are inline, so initialise synchronously: the first render is translated.
    initAsync: false,
    returnNull: false,
  });
  return i18next;
}

/** Texts of languages not on screen yet, per language: added when the page switches to one. */
const waiting = new Map<string, Map<string, Record<string, string>>>();

function addWaitingTexts(lang: string): void {
  const bundles = waiting.get(lang);
  if (!bundles) return;
  waiting.delete(lang);
  for (const [namespace, texts] of bundles) i18next.addResourceBundle(lang, namespace, texts, true, true);
}

// Before react-i18next's own listener re-renders the page in the new language.
i18next.on('languageChanged', addWaitingTexts);

/**
 * Adds (or refreshes) a remote's namespace: now in the page's language and the fallback
 * one, in the others when the page switches to them. A remote ships all five languages;
 * adding the three not shown was work on the start-up path for nothing (issue 14).
 */
export function addRemoteTexts(namespace: string, translations: Translations): void {
  for (const [lang, texts] of Object.entries(translations)) {
    if (!texts) continue;
    if (!i18next.isInitialized || lang === i18next.language || lang === FALLBACK_LANG) {
      i18next.addResourceBundle(lang, namespace, texts, true, true);
      waiting.get(lang)?.delete(namespace);
    } else {
      let bundles = waiting.get(lang);
      if (!bundles) waiting.set(lang, (bundles = new Map()));
      bundles.set(namespace, texts);
    }
  }
}

export { i18next };

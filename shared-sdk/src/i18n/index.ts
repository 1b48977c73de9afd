export {
  BROWSER_LANG_PREFIXES,
  COMPLETE_LANGS,
  DEFAULT_LANG,
  FALLBACK_LANG,
  HTML_LANG,
  LANG_NAMES,
  SWITCHER_LANGS,
  isLang,
  langFromBrowser,
  type Lang,
  type Translations,
} from './languages';
export {
  addTranslations,
  i18n,
  loadLanguage,
  registerNamespaceTexts,
  registerTextLoaders,
  type NamespaceTexts,
  type TextLoaders,
  type TextTable,
  type TextValues,
} from './instance';

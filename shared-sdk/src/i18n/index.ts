export { COMPLETE_LANGS, DEFAULT_LANG, FALLBACK_LANG, HTML_LANG, LANG_NAMES, SWITCHER_LANGS, isLang, type Lang, type Translations } from './languages';
export {
  addTextLoaders,
  addTextTable,
  addTexts,
  hasTexts,
  loadTexts,
  registerTexts,
  subscribeTexts,
  textOf,
  textsOf,
  textsVersion,
  type NamespaceTexts,
  type TextLoaders,
  type TextTable,
  type TextValues,
} from './texts';

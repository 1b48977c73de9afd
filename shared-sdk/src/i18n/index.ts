export { COMPLETE_LANGS, DEFAULT_LANG, FALLBACK_LANG, HTML_LANG, LANG_NAMES, SWITCHER_LANGS, isLang, type Lang, type Translations } from './languages';
export { addTexts, hasTexts, subscribeTexts, textOf, textsOf, textsVersion, type TextValues } from './texts';

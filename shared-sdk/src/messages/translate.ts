// Turns a server `msg` (a catalogue key, a special message, or free text) into the
// user's language (spec §8).
import { i18n, loadLanguage, registerTextLoaders } from '../i18n/instance';
import type { Lang } from '../i18n/languages';
import { MSG, messageNameOf, type MessageName } from './catalogue';
import type { MessageTranslation } from './catalogue/types';
import { parseSpecialMessage, renderSpecialMessage } from './special';

/**
 * The catalogue's i18next namespace, keyed by message name. tw is the catalogue itself (its
 * keys), in the bundle; jp and en are chunks of their own, fetched when the page shows that
 * language (the catalogue in three languages was 7 KiB gzip of every first load).
 */
export const MESSAGES_NAMESPACE = 'messages';

i18n.addResourceBundle('tw', MESSAGES_NAMESPACE, MSG);
// '.js' spelled out: the SDK's CommonJS build (module node16) keeps import() as ESM.
registerTextLoaders(MESSAGES_NAMESPACE, {
  tw: () => Promise.resolve(MSG),
  jp: () => import(/* webpackChunkName: "messages-jp" */ './catalogue/jp/index.js').then((texts) => texts.MESSAGES_JP),
  en: () => import(/* webpackChunkName: "messages-en" */ './catalogue/en/index.js').then((texts) => texts.MESSAGES_EN),
});

/**
 * Fetches the catalogue's texts in `lang` (the shell's start and language change do it with
 * every other namespace's through `loadLanguage`; the server's tools call this before translating).
 */
export function loadMessageTexts(lang: Lang): Promise<void> {
  return loadLanguage(catalogueLang(lang), [MESSAGES_NAMESPACE]);
}

/** hi and id have no catalogue texts of their own: they read English. */
export function catalogueLang(lang: Lang): keyof MessageTranslation {
  return lang === 'tw' || lang === 'jp' ? lang : 'en';
}

const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

export function containsChinese(text: string): boolean {
  return CHINESE.test(text);
}

/**
 * A message's text in tw/jp/en, looked up by i18next in that language alone (not the page's:
 * the server translates for each customer); the tw text (its key) while it has not arrived.
 */
function textIn(name: MessageName, target: keyof MessageTranslation): string {
  return i18n.t(name, { ns: MESSAGES_NAMESPACE, lngs: [target], defaultValue: MSG[name] });
}

/**
 * 1. a catalogue key (or alias) → its text in `lang`;
 * 2. a special message (日不可賣出, 請於入金時間：, 請於出金時間：, 出金最大值, 出金最小值) →
 *    re-rendered in `lang` with its day / window / amount and unit;
 * 3. untranslated text with Chinese characters under English (and hi/id) → 'Error';
 * 4. anything else passes through unchanged.
 */
export function translateMessage(msg: string, lang: Lang): string {
  const target = catalogueLang(lang);
  const name = messageNameOf(msg);
  if (name) return textIn(name, target);
  const special = parseSpecialMessage(msg);
  if (special) return renderSpecialMessage(special, target);
  if (target === 'en' && containsChinese(msg)) return 'Error';
  return msg;
}

/** The text of a catalogue message by its semantic name, e.g. `messageText('imageUploading', 'jp')`. */
export function messageText(name: MessageName, lang: Lang): string {
  return textIn(name, catalogueLang(lang));
}

// Turns a server `msg` (a catalogue key, a special message, or free text) into the
// user's language (spec §8).
import type { Lang } from '../i18n/languages';
import { lookupMessage, type MessageName, MSG } from './catalogue';
import type { MessageTranslation } from './catalogue/types';
import { parseSpecialMessage, renderSpecialMessage } from './special';

/** hi and id have no catalogue texts of their own: they read English. */
export function catalogueLang(lang: Lang): keyof MessageTranslation {
  return lang === 'tw' || lang === 'jp' ? lang : 'en';
}

const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

export function containsChinese(text: string): boolean {
  return CHINESE.test(text);
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
  const entry = lookupMessage(msg);
  if (entry) return entry[target];
  const special = parseSpecialMessage(msg);
  if (special) return renderSpecialMessage(special, target);
  if (target === 'en' && containsChinese(msg)) return 'Error';
  return msg;
}

/** The text of a catalogue message by its semantic name, e.g. `messageText('imageUploading', 'jp')`. */
export function messageText(name: MessageName, lang: Lang): string {
  return translateMessage(MSG[name], lang);
}

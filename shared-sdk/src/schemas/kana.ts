// Kana names: the reading (furigana) of a verified real name and a bank card's holder
// name. Japanese banks print the holder in katakana, so the ownership check compares
// both in one normalised form (docs/api/funds.md §4, docs/api/identity.md §6).
import { z } from 'zod';
import { MSG } from '../messages/catalogue';

const SMALL_TO_LARGE: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/** NFKC (half-width → full-width) and hiragana → katakana: how a reading is stored and shown. */
function toFullWidthKatakana(name: string): string {
  return name.normalize('NFKC').replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/**
 * The comparable form of a kana name: NFKC (half-width → full-width), hiragana →
 * katakana, small kana → large (as bank passbooks print them), spaces and '・' removed.
 */
export function normaliseKanaName(name: string): string {
  return toFullWidthKatakana(name)
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_TO_LARGE[c] ?? c)
    .replace(/[\s\u3000・･]/g, '');
}

/** Full-width katakana (with ー and ヴ) after normalisation. */
export function isKatakanaName(normalised: string): boolean {
  return /^[\u30a0-\u30ff]+$/.test(normalised) && !/^[ー]+$/.test(normalised);
}

/**
 * The reading as the customer wrote it, in full-width katakana with one full-width space
 * between family and given name: 'ﾔﾏﾀﾞ ﾀﾛｳ' and 'やまだ　たろう' → 'ヤマダ　タロウ'.
 * Small kana stay as written (キョウコ); only the comparison folds them.
 */
export function kanaReading(name: string): string {
  return toFullWidthKatakana(name)
    .trim()
    .replace(/[\s\u3000]+/g, '\u3000');
}

/** The reading of the real name (identity verification): katakana, hiragana accepted. */
export const nameKanaSchema = z
  .string({ error: MSG.nameKanaRequired })
  .transform(kanaReading)
  .refine((v) => v.length > 0, { error: MSG.nameKanaRequired })
  .refine((v) => isKatakanaName(normaliseKanaName(v)), { error: MSG.nameKanaKatakana })
  .refine((v) => v.length <= 60, { error: MSG.nameKanaKatakana });

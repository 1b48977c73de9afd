// The server messages that carry a value (spec §8 "Special messages are reformatted"):
// the client parses the value out of the Chinese text and renders the message again in
// the user's language. The builders give the server the exact form the parser reads.
import type { MessageTranslation } from './catalogue/types';

export type SpecialMessage =
  | { kind: 'notSellable'; day: string }
  | { kind: 'depositWindow'; window: string }
  | { kind: 'withdrawWindow'; window: string }
  | { kind: 'withdrawMax'; amount: string; unit: string }
  | { kind: 'withdrawMin'; amount: string; unit: string };

type MessageLang = keyof MessageTranslation;

/** `<day>日不可賣出`, e.g. 'T+1日不可賣出' or '2025-01-10日不可賣出'. */
export function notSellableMessage(day: string): string {
  return `${day}日不可賣出`;
}
/** `請於入金時間：<window>`, e.g. '請於入金時間：09:00-17:00'. */
export function depositWindowMessage(window: string): string {
  return `請於入金時間：${window}`;
}
/** `請於出金時間：<window>`. */
export function withdrawWindowMessage(window: string): string {
  return `請於出金時間：${window}`;
}
/** `出金最大值<amount><unit>`, e.g. '出金最大值1,000,000日元'. */
export function withdrawMaxMessage(amount: string, unit: string): string {
  return `出金最大值${amount}${unit}`;
}
/** `出金最小值<amount><unit>`, e.g. '出金最小值100日元'. */
export function withdrawMinMessage(amount: string, unit: string): string {
  return `出金最小值${amount}${unit}`;
}

const NOT_SELLABLE = /^(.+)日不可賣出[。.!！]?$/;
// The window may be followed by a short tail such as 內操作 / 進行入金 and a full stop.
const DEPOSIT_WINDOW = /^請於入金時間[：:]\s*(.+?)\s*(?:內)?(?:進行)?(?:操作|入金)?[。.]?$/;
const WITHDRAW_WINDOW = /^請於出金時間[：:]\s*(.+?)\s*(?:內)?(?:進行)?(?:操作|出金)?[。.]?$/;
const WITHDRAW_LIMIT = /^出金最(大|小)值[：:]?\s*(-?\d[\d,]*(?:\.\d+)?)\s*(.*?)[。.]?$/;

export function parseSpecialMessage(msg: string): SpecialMessage | null {
  const text = msg.trim();
  let m = NOT_SELLABLE.exec(text);
  if (m?.[1]) return { kind: 'notSellable', day: m[1] };
  m = DEPOSIT_WINDOW.exec(text);
  if (m?.[1]) return { kind: 'depositWindow', window: m[1] };
  m = WITHDRAW_WINDOW.exec(text);
  if (m?.[1]) return { kind: 'withdrawWindow', window: m[1] };
  m = WITHDRAW_LIMIT.exec(text);
  if (m?.[1] && m[2] !== undefined) {
    return { kind: m[1] === '大' ? 'withdrawMax' : 'withdrawMin', amount: m[2], unit: m[3] ?? '' };
  }
  return null;
}

/** Currency units the server may write in Chinese, in the other languages. Codes (JPY, USD) pass as they are. */
const UNIT_NAMES: Readonly<Record<string, { jp: string; en: string }>> = {
  日元: { jp: '円', en: 'JPY' },
  日圓: { jp: '円', en: 'JPY' },
  円: { jp: '円', en: 'JPY' },
  美元: { jp: '米ドル', en: 'USD' },
  美金: { jp: '米ドル', en: 'USD' },
};

function unitIn(unit: string, lang: MessageLang): string {
  if (lang === 'tw') return unit;
  const names = Object.prototype.hasOwnProperty.call(UNIT_NAMES, unit) ? UNIT_NAMES[unit] : undefined;
  return names ? names[lang] : unit;
}

/** Joins amount and unit the way each language writes them: '100日元', '100円', '100 JPY'. */
function amountWithUnit(amount: string, unit: string, lang: MessageLang): string {
  const u = unitIn(unit, lang);
  return lang === 'en' && u ? `${amount} ${u}` : `${amount}${u}`;
}

export function renderSpecialMessage(special: SpecialMessage, lang: MessageLang): string {
  switch (special.kind) {
    case 'notSellable':
      if (lang === 'tw') return notSellableMessage(special.day);
      return lang === 'jp' ? `${special.day}は売却できません` : `Cannot sell on ${special.day}`;
    case 'depositWindow':
      if (lang === 'tw') return depositWindowMessage(special.window);
      return lang === 'jp' ? `入金受付時間（${special.window}）内にお手続きください` : `Please deposit during deposit hours: ${special.window}`;
    case 'withdrawWindow':
      if (lang === 'tw') return withdrawWindowMessage(special.window);
      return lang === 'jp' ? `出金受付時間（${special.window}）内にお手続きください` : `Please withdraw during withdrawal hours: ${special.window}`;
    case 'withdrawMax': {
      const value = amountWithUnit(special.amount, special.unit, lang);
      if (lang === 'tw') return `出金最大值${value}`;
      return lang === 'jp' ? `出金上限額は${value}です` : `Maximum withdrawal: ${value}`;
    }
    case 'withdrawMin': {
      const value = amountWithUnit(special.amount, special.unit, lang);
      if (lang === 'tw') return `出金最小值${value}`;
      return lang === 'jp' ? `出金最低額は${value}です` : `Minimum withdrawal: ${value}`;
    }
  }
}

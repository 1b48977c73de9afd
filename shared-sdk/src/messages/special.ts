// The server messages that carry a value (spec §8 "Special messages are reformatted"):
// the client parses the value out of the Chinese text and renders the message again in
// the user's language. The builders give the server the exact form the parser reads.
import type { MessageTranslation } from './catalogue/types';

export type SpecialMessage =
  | { kind: 'notSellable'; day: string }
  | { kind: 'depositWindow'; window: string }
  | { kind: 'withdrawWindow'; window: string }
  | { kind: 'withdrawMax'; amount: string; unit: string }
  | { kind: 'withdrawMin'; amount: string; unit: string }
  | { kind: 'depositMax'; amount: string; unit: string }
  | { kind: 'depositMin'; amount: string; unit: string }
  | { kind: 'withdrawBlockedPositions'; amount: string; unit: string }
  | { kind: 'creditScoreWithdraw'; score: string; threshold: string }
  | { kind: 'withdrawHeld'; holds: WithdrawHold[]; available?: { amount: string; unit: string } };

/**
 * One hold behind a withdrawal refusal: the funds hold source (rule), its amount, and for a
 * hold that ends on a known date (unsettled sale proceeds) that date, YYYY-MM-DD.
 */
export interface WithdrawHold {
  rule: string;
  amount: string;
  unit: string;
  settlesOn?: string;
}

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

/** `入金最大值<amount><unit>`: a deposit refusal names the bound as a withdrawal's does. */
export function depositMaxMessage(amount: string, unit: string): string {
  return `入金最大值${amount}${unit}`;
}
/** `入金最小值<amount><unit>`, e.g. '入金最小值1,000日圓'. */
export function depositMinMessage(amount: string, unit: string): string {
  return `入金最小值${amount}${unit}`;
}

/** `持倉期間不可出金：持倉市值<amount><unit>`: the positions-held blocker names the value held. */
export function withdrawBlockedPositionsMessage(amount: string, unit: string): string {
  return `持倉期間不可出金：持倉市值${amount}${unit}`;
}
/**
 * `信用分不足，無法出金：信用分<score>，最低<threshold>`: the catalogue's creditScoreTooLowToWithdraw
 * with the customer's score and the published threshold (docs/credit.md, credit score).
 */
export function creditScoreWithdrawMessage(score: number, threshold: number): string {
  return `信用分不足，無法出金：信用分${score}，最低${threshold}`;
}

/**
 * `可出金金額不足：可出金<amount><unit>；<rule>凍結<amount><unit>[至<date>]、…`: what can leave now,
 * then each hold (funds hold source) that stands in the way and, when it ends on a known date,
 * that date, e.g. 'unsettled-proceeds凍結203,000日元至2026-12-04'.
 */
export function withdrawHeldMessage(holds: readonly WithdrawHold[], available?: { amount: string; unit: string }): string {
  const most = available ? `可出金${available.amount}${available.unit}；` : '';
  return `可出金金額不足：${most}${holds.map((h) => `${h.rule}凍結${h.amount}${h.unit}${h.settlesOn ? `至${h.settlesOn}` : ''}`).join('、')}`;
}

const NOT_SELLABLE = /^(.+)日不可賣出[。.!！]?$/;
// The window may be followed by a short tail such as 內操作 / 進行入金 and a full stop.
const DEPOSIT_WINDOW = /^請於入金時間[：:]\s*(.+?)\s*(?:內)?(?:進行)?(?:操作|入金)?[。.]?$/;
const WITHDRAW_WINDOW = /^請於出金時間[：:]\s*(.+?)\s*(?:內)?(?:進行)?(?:操作|出金)?[。.]?$/;
const BLOCKED_POSITIONS = /^持倉期間不可出金：持倉市值(\d[\d,]*(?:\.\d+)?)(.*)$/;
const CREDIT_SCORE_WITHDRAW = /^信用分不足，無法出金：信用分(-?\d+)，最低(\d+)$/;
const HELD = /^可出金金額不足：(?:可出金(\d[\d,]*(?:\.\d+)?)([^；]*)；)?(.+)$/;
const HELD_LINE = /^([a-z][a-z-]*)凍結(\d[\d,]*(?:\.\d+)?)(.*?)(?:至(\d{4}-\d{2}-\d{2}))?$/;
const AMOUNT_LIMIT = /^(入|出)金最(大|小)值[：:]?\s*(-?\d[\d,]*(?:\.\d+)?)\s*(.*?)[。.]?$/;

export function parseSpecialMessage(msg: string): SpecialMessage | null {
  const text = msg.trim();
  let m = NOT_SELLABLE.exec(text);
  if (m?.[1]) return { kind: 'notSellable', day: m[1] };
  m = DEPOSIT_WINDOW.exec(text);
  if (m?.[1]) return { kind: 'depositWindow', window: m[1] };
  m = WITHDRAW_WINDOW.exec(text);
  if (m?.[1]) return { kind: 'withdrawWindow', window: m[1] };
  m = BLOCKED_POSITIONS.exec(text);
  if (m?.[1]) return { kind: 'withdrawBlockedPositions', amount: m[1], unit: m[2] ?? '' };
  m = CREDIT_SCORE_WITHDRAW.exec(text);
  if (m?.[1] && m[2]) return { kind: 'creditScoreWithdraw', score: m[1], threshold: m[2] };
  m = HELD.exec(text);
  if (m?.[3]) {
    const holds: WithdrawHold[] = [];
    for (const part of m[3].split('、')) {
      const line = HELD_LINE.exec(part);
      if (!line?.[1] || !line[2]) return null;
      holds.push({ rule: line[1], amount: line[2], unit: line[3] ?? '', ...(line[4] ? { settlesOn: line[4] } : {}) });
    }
    return { kind: 'withdrawHeld', holds, ...(m[1] ? { available: { amount: m[1], unit: m[2] ?? '' } } : {}) };
  }
  m = AMOUNT_LIMIT.exec(text);
  if (m?.[1] && m[2] && m[3] !== undefined) {
    const unit = m[4] ?? '';
    if (m[1] === '入') return { kind: m[2] === '大' ? 'depositMax' : 'depositMin', amount: m[3], unit };
    return { kind: m[2] === '大' ? 'withdrawMax' : 'withdrawMin', amount: m[3], unit };
  }
  return null;
}

/**
 * Currency units the server may write in Chinese, in each language's one spelling (tw writes
 * 日圓 everywhere, though the server may send 日元). Other codes pass as they are.
 */
const UNIT_NAMES: Readonly<Record<string, MessageTranslation>> = {
  日元: { tw: '日圓', jp: '円', en: 'JPY' },
  日圓: { tw: '日圓', jp: '円', en: 'JPY' },
  円: { tw: '日圓', jp: '円', en: 'JPY' },
  美元: { tw: '美元', jp: '米ドル', en: 'USD' },
  美金: { tw: '美元', jp: '米ドル', en: 'USD' },
  JPY: { tw: '日圓', jp: '円', en: 'JPY' },
  USD: { tw: '美元', jp: '米ドル', en: 'USD' },
};

/** The hold sources trading registers with funds (docs/api/trading.md §5); others show their id. */
const HOLD_RULES: Readonly<Record<string, MessageTranslation>> = {
  'open-orders': { tw: '未成交委託', jp: '注文中の拘束金', en: 'open orders' },
  margin: { tw: '信用交易保證金', jp: '信用建玉の委託保証金', en: 'margin in use' },
  'unsettled-proceeds': { tw: '未交割賣出款（T+2）', jp: '未受渡の売却代金（T+2）', en: 'unsettled sale proceeds (T+2)' },
  // Not a hold but the wallet's escrow line (Wallet.escrow): the customer's money set aside for an IPO application.
  'ipo-escrow': { tw: '新股申購凍結', jp: '新規公開株 申込拘束金', en: 'IPO escrow' },
  // Also an escrow line: an investment-trust subscription waiting for its NAV (strategies/trust/plugin.ts).
  'trust-subscription': {
    tw: '投資信託申購款（待基準價格）',
    jp: '投資信託の購入申込金（基準価額待ち）',
    en: 'investment trust subscription (awaiting its NAV)',
  },
  // And a redemption priced at its NAV whose proceeds the trust still owes (paid once its sales cover them).
  'trust-redemption': {
    tw: '投資信託贖回款（已定價，待付）',
    jp: '投資信託の解約代金（基準価額確定・支払待ち）',
    en: 'investment trust redemption (priced, proceeds to be paid)',
  },
};

function holdRuleIn(rule: string, lang: MessageLang): string {
  return Object.prototype.hasOwnProperty.call(HOLD_RULES, rule) ? (HOLD_RULES[rule] as MessageTranslation)[lang] : rule;
}

/**
 * A hold source's name for customers (wallet, postings, withdrawal), never its code: hi and id
 * read the English name, as they do for the catalogue.
 */
export function holdSourceName(source: string, lang: 'tw' | 'jp' | 'en' | 'hi' | 'id'): string {
  return holdRuleIn(source, lang === 'tw' || lang === 'jp' ? lang : 'en');
}

function unitIn(unit: string, lang: MessageLang): string {
  const names = Object.prototype.hasOwnProperty.call(UNIT_NAMES, unit) ? UNIT_NAMES[unit] : undefined;
  return names ? names[lang] : unit;
}

// The server writes a weekdays-only window as 'Mon-Fri 09:00-15:30' (server/src/modules/funds/config.ts).
const WEEKDAYS: MessageTranslation = { tw: '週一至週五', jp: '平日', en: 'Mon–Fri' };
const WEEKDAYS_PREFIX = /^Mon\s*[-–]\s*Fri\s+/i;

/** A deposit or withdrawal window in the user's language: no English weekday names inside tw or jp. */
function windowIn(window: string, lang: MessageLang): string {
  return WEEKDAYS_PREFIX.test(window) ? `${WEEKDAYS[lang]} ${window.replace(WEEKDAYS_PREFIX, '')}` : window;
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
    case 'depositWindow': {
      const window = windowIn(special.window, lang);
      if (lang === 'tw') return depositWindowMessage(window);
      return lang === 'jp' ? `入金受付時間（${window}）内にお手続きください` : `Please deposit during deposit hours: ${window}`;
    }
    case 'withdrawWindow': {
      const window = windowIn(special.window, lang);
      if (lang === 'tw') return withdrawWindowMessage(window);
      return lang === 'jp' ? `出金受付時間（${window}）内にお手続きください` : `Please withdraw during withdrawal hours: ${window}`;
    }
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
    case 'depositMax': {
      const value = amountWithUnit(special.amount, special.unit, lang);
      if (lang === 'tw') return `入金最大值${value}`;
      return lang === 'jp' ? `入金上限額は${value}です` : `Maximum deposit: ${value}`;
    }
    case 'withdrawBlockedPositions': {
      const value = amountWithUnit(special.amount, special.unit, lang);
      if (lang === 'tw') return `持倉期間不可出金：持倉市值${value}`;
      return lang === 'jp'
        ? `建玉・保有株式がある間は出金できません（保有評価額 ${value}）`
        : `Withdrawals are blocked while positions are held (value held: ${value})`;
    }
    case 'creditScoreWithdraw':
      if (lang === 'tw') return creditScoreWithdrawMessage(Number(special.score), Number(special.threshold));
      return lang === 'jp'
        ? `信用スコアが不足しているため出金できません（スコア ${special.score}、基準 ${special.threshold} 以上）`
        : `Credit score too low to withdraw (score ${special.score}, at least ${special.threshold} needed)`;
    case 'withdrawHeld': {
      const lines = special.holds.map((h) => {
        const value = amountWithUnit(h.amount, h.unit, lang);
        const until = h.settlesOn ? { tw: `（${h.settlesOn}交割）`, jp: `（${h.settlesOn} 受渡）`, en: `, settles on ${h.settlesOn}` }[lang] : '';
        return lang === 'tw' ? `${holdRuleIn(h.rule, lang)}凍結${value}${until}` : `${holdRuleIn(h.rule, lang)} ${value}${until}`;
      });
      const most = special.available ? amountWithUnit(special.available.amount, special.available.unit, lang) : null;
      if (lang === 'tw') return `可出金金額不足：${most ? `目前最多可出金${most}；` : ''}${lines.join('、')}`;
      if (lang === 'jp') return `出金可能額が不足しています${most ? `：現在の出金可能額は最大 ${most}` : ''}（拘束中：${lines.join('、')}）`;
      return `Insufficient withdrawable amount${most ? `: at most ${most} can be withdrawn now` : ''} (held: ${lines.join('; ')})`;
    }
    case 'depositMin': {
      const value = amountWithUnit(special.amount, special.unit, lang);
      if (lang === 'tw') return `入金最小值${value}`;
      return lang === 'jp' ? `入金最低額は${value}です` : `Minimum deposit: ${value}`;
    }
  }
}

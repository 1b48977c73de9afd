// Texts of the money notices (site message + outbox) in tw/jp/en: every money movement and
// bank-account change tells the customer the amount and the time (JSDA 2025 expects notices
// for withdrawals and bank-account changes). Like the security notices they carry no links.
import type { LocalisedText } from '../db/columns';
import { formatJst } from './templates';
import { withHint, type Notice } from './templates';

/** An amount as the notices show it: grouped digits and the currency's unit per language. */
export interface NoticeAmount {
  currency: string;
  /** Grouped major units, e.g. '1,000,000' or '12.50'. */
  grouped: string;
}

/** When the event happened on the business clock; `simulated` marks demo time. */
export interface NoticeTime {
  at: Date;
  simulated: boolean;
}

const JPY_UNIT: LocalisedText = { tw: '日圓', jp: '円', en: 'JPY' };

function amountText(a: NoticeAmount): LocalisedText {
  if (a.currency === 'JPY') return { tw: `${a.grouped} ${JPY_UNIT.tw}`, jp: `${a.grouped}${JPY_UNIT.jp}`, en: `${JPY_UNIT.en} ${a.grouped}` };
  return { tw: `${a.grouped} ${a.currency}`, jp: `${a.grouped} ${a.currency}`, en: `${a.currency} ${a.grouped}` };
}

/** '2025-01-06 10:00 JST', followed by "simulated" in demo mode. */
export function noticeTimeText(time: NoticeTime): LocalisedText {
  const at = formatJst(time.at);
  if (!time.simulated) return { tw: at, jp: at, en: at };
  return { tw: `${at}（模擬時間）`, jp: `${at}（シミュレーション時刻）`, en: `${at} (simulated time)` };
}

function reasonText(reason: string | null): LocalisedText {
  if (!reason) return { tw: '', jp: '', en: '' };
  return { tw: `原因：${reason}。`, jp: `理由：${reason}。`, en: ` Reason: ${reason}.` };
}

export function depositApprovedNotice(amount: NoticeAmount, time: NoticeTime): Notice {
  const a = amountText(amount);
  const t = noticeTimeText(time);
  return {
    kind: 'deposit_approved',
    title: { tw: '入金已入帳', jp: '入金が反映されました', en: 'Deposit credited' },
    body: {
      tw: `您的入金 ${a.tw} 已於 ${t.tw} 審核通過並入帳。`,
      jp: `ご入金 ${a.jp} は ${t.jp} に承認され、口座に反映されました。`,
      en: `Your deposit of ${a.en} was approved and credited at ${t.en}.`,
    },
  };
}

export function depositRejectedNotice(amount: NoticeAmount, time: NoticeTime, reason: string | null): Notice {
  const a = amountText(amount);
  const t = noticeTimeText(time);
  const r = reasonText(reason);
  return {
    kind: 'deposit_rejected',
    title: { tw: '入金未通過', jp: '入金が承認されませんでした', en: 'Deposit not approved' },
    body: {
      tw: `您的入金 ${a.tw} 已於 ${t.tw} 審核未通過。${r.tw}如有疑問請聯繫客服。`,
      jp: `ご入金 ${a.jp} は ${t.jp} に承認されませんでした。${r.jp}ご不明な点はサポートにお問い合わせください。`,
      en: `Your deposit of ${a.en} was not approved at ${t.en}.${r.en} Contact support with any questions.`,
    },
  };
}

export function withdrawalAcceptedNotice(amount: NoticeAmount, time: NoticeTime, cardTail: string): Notice {
  const a = amountText(amount);
  const t = noticeTimeText(time);
  return {
    kind: 'withdrawal_accepted',
    title: { tw: '出金申請已受理', jp: '出金申請を受け付けました', en: 'Withdrawal request received' },
    body: withHint({
      tw: `您於 ${t.tw} 申請出金 ${a.tw} 至尾號 ${cardTail} 的銀行帳戶，已受理並凍結該金額。`,
      jp: `${t.jp} に、末尾 ${cardTail} の口座への出金 ${a.jp} を受け付け、同額を拘束しました。`,
      en: `At ${t.en} we received your request to withdraw ${a.en} to the bank account ending ${cardTail}; the amount is held.`,
    }),
  };
}

export function withdrawalPaidNotice(amount: NoticeAmount, time: NoticeTime, cardTail: string): Notice {
  const a = amountText(amount);
  const t = noticeTimeText(time);
  return {
    kind: 'withdrawal_paid',
    title: { tw: '出金已匯出', jp: '出金を送金しました', en: 'Withdrawal paid' },
    body: withHint({
      tw: `出金 ${a.tw} 已於 ${t.tw} 匯至尾號 ${cardTail} 的銀行帳戶。`,
      jp: `出金 ${a.jp} を ${t.jp} に末尾 ${cardTail} の口座へ送金しました。`,
      en: `Your withdrawal of ${a.en} was paid to the bank account ending ${cardTail} at ${t.en}.`,
    }),
  };
}

export function withdrawalRejectedNotice(amount: NoticeAmount, time: NoticeTime, reason: string | null): Notice {
  const a = amountText(amount);
  const t = noticeTimeText(time);
  const r = reasonText(reason);
  return {
    kind: 'withdrawal_rejected',
    title: { tw: '出金未通過', jp: '出金が承認されませんでした', en: 'Withdrawal not approved' },
    body: {
      tw: `您的出金 ${a.tw} 已於 ${t.tw} 審核未通過，金額已退回可用餘額。${r.tw}`,
      jp: `出金 ${a.jp} は ${t.jp} に承認されず、金額は利用可能残高に戻りました。${r.jp}`,
      en: `Your withdrawal of ${a.en} was not approved at ${t.en}; the amount is back in your available balance.${r.en}`,
    },
  };
}

export function exchangeDoneNotice(from: NoticeAmount, to: NoticeAmount, time: NoticeTime): Notice {
  const f = amountText(from);
  const o = amountText(to);
  const t = noticeTimeText(time);
  return {
    kind: 'exchange_done',
    title: { tw: '換匯完成', jp: '両替が完了しました', en: 'Exchange completed' },
    body: {
      tw: `您已於 ${t.tw} 將 ${f.tw} 兌換為 ${o.tw}。`,
      jp: `${t.jp} に ${f.jp} を ${o.jp} に両替しました。`,
      en: `At ${t.en} you exchanged ${f.en} for ${o.en}.`,
    },
  };
}

export type BankCardChange = 'added' | 'changed' | 'deleted';

export function bankCardNotice(change: BankCardChange, bankName: string, cardTail: string, time: NoticeTime): Notice {
  const t = noticeTimeText(time);
  const verb: Record<BankCardChange, LocalisedText> = {
    added: { tw: '新增', jp: '登録', en: 'added' },
    changed: { tw: '修改', jp: '変更', en: 'changed' },
    deleted: { tw: '刪除', jp: '削除', en: 'deleted' },
  };
  const titles: Record<BankCardChange, LocalisedText> = {
    added: { tw: '已新增銀行帳戶', jp: '出金口座を登録しました', en: 'Bank account added' },
    changed: { tw: '銀行帳戶已修改', jp: '出金口座を変更しました', en: 'Bank account changed' },
    deleted: { tw: '銀行帳戶已刪除', jp: '出金口座を削除しました', en: 'Bank account deleted' },
  };
  const v = verb[change];
  return {
    kind: `bank_card_${change}`,
    title: titles[change],
    body: withHint({
      tw: `出金銀行帳戶（${bankName}，尾號 ${cardTail}）已於 ${t.tw} ${v.tw}。`,
      jp: `出金口座（${bankName}、末尾 ${cardTail}）を ${t.jp} に${v.jp}しました。`,
      en: `The withdrawal bank account (${bankName}, ending ${cardTail}) was ${v.en} at ${t.en}.`,
    }),
  };
}

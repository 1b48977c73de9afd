// Dividend and corporate-action notices: a site message stored in the step's own transaction,
// then — after commit — the outbox copy and push, and a balance event to open screens. The title
// is the catalogue message in tw / jp / en; the body adds the figures.
import { inArray } from 'drizzle-orm';
import { MSG, loadMessageTexts, translateMessage, type MessageName } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../db/client';
import type { Notice, NoticeKind } from '../../notifications/templates';
import { sendNotice, sendPushNotice, storeSiteMessage, users, type NoticeTarget } from '../identity';
import type { CorporateActionsDeps } from './deps';

export interface PendingNotice {
  userId: number;
  notice: Notice;
}

const yen = (minor: bigint) => `¥${minor.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

let catalogueLoaded: Promise<void> | null = null;

/** The catalogue's jp and en texts, fetched once (as trading's conditional notices do). */
function loadCatalogue(): Promise<void> {
  catalogueLoaded ??= Promise.all([loadMessageTexts('jp'), loadMessageTexts('en')])
    .then(() => undefined)
    .catch(() => {
      catalogueLoaded = null;
    });
  return catalogueLoaded;
}

async function titled(kind: NoticeKind, name: MessageName, body: Notice['body']): Promise<Notice> {
  await loadCatalogue();
  const msg = MSG[name];
  return { kind, title: { tw: msg, jp: translateMessage(msg, 'jp'), en: translateMessage(msg, 'en') }, body };
}

export function receivableNotice(code: string, shares: number, dps: string, gross: bigint, net: bigint, paymentDate: string): Promise<Notice> {
  return titled('dividend_receivable', 'dividendReceivableBooked', {
    tw: `${code}：權利股數 ${shares} 股 × 每股 ¥${dps}，應收股利 ${yen(gross)}（扣繳後 ${yen(net)}），預定 ${paymentDate} 入帳（模擬）。`,
    jp: `${code}：権利株数 ${shares} 株 × 1株 ¥${dps}、未収配当金 ${yen(gross)}（源泉徴収後 ${yen(net)}）、${paymentDate} 入金予定（シミュレーション）。`,
    en: `${code}: ${shares} entitled shares × ¥${dps}, dividend receivable ${yen(gross)} (${yen(net)} after withholding), paid on ${paymentDate} (simulated).`,
  });
}

export function paidNotice(code: string, gross: bigint, incomeTax: bigint, residentTax: bigint, net: bigint): Promise<Notice> {
  return titled('dividend_paid', 'dividendPaid', {
    tw: `${code}：股利 ${yen(gross)}，所得稅 ${yen(incomeTax)}、住民稅 ${yen(residentTax)}，實收 ${yen(net)} 已入現金。`,
    jp: `${code}：配当金 ${yen(gross)}、所得税 ${yen(incomeTax)}、住民税 ${yen(residentTax)}、差引 ${yen(net)} を現金に入金しました。`,
    en: `${code}: dividend ${yen(gross)}, income tax ${yen(incomeTax)}, resident tax ${yen(residentTax)}, ${yen(net)} paid into your cash.`,
  });
}

export function adjustmentNotice(code: string, step: 'reserved' | 'settled', amount: bigint): Promise<Notice> {
  const received = amount > 0n;
  const abs = received ? amount : -amount;
  return titled(
    step === 'reserved' ? 'dividend_adjustment_reserved' : 'dividend_adjustment_settled',
    step === 'reserved' ? 'dividendAdjustmentReserved' : 'dividendAdjustmentSettled',
    {
      tw: `${code}：信用${received ? '買' : '賣'}建配息調整金 ${yen(abs)}（${received ? '收取' : '支付'}），${step === 'reserved' ? '於支付日結算' : '已結算'}。`,
      jp: `${code}：信用${received ? '買建の配当落調整金' : '売建の配当落調整金'} ${yen(abs)}（${received ? '受取' : '支払'}）、${step === 'reserved' ? '支払開始日に精算します' : '精算しました'}。`,
      en: `${code}: margin ${received ? 'long receives' : 'short pays'} a dividend adjustment of ${yen(abs)}; ${step === 'reserved' ? 'settled on the payment date' : 'now settled'}.`,
    },
  );
}

export function splitNotice(code: string, ratio: number, before: number, after: number): Promise<Notice> {
  return titled('stock_split', 'splitDone', {
    tw: `${code}：1 股分割為 ${ratio} 股，持股 ${before} → ${after} 股，價格除以 ${ratio}（模擬）。`,
    jp: `${code}：1株を${ratio}株に分割、保有 ${before} → ${after} 株、株価は ${ratio} 分の1（シミュレーション）。`,
    en: `${code}: 1-for-${ratio} split, your shares ${before} → ${after}, price divided by ${ratio} (simulated).`,
  });
}

export function ordersCancelledNotice(code: string, count: number): Promise<Notice> {
  return titled('orders_cancelled_for_split', 'ordersCancelledForSplit', {
    tw: `${code}：${count} 筆掛單因股票分割已取消，請以分割後的價格重新下單。`,
    jp: `${code}：株式分割のため注文 ${count} 件を取り消しました。分割後の価格で発注し直してください。`,
    en: `${code}: ${count} order(s) cancelled for the split; place them again at post-split prices.`,
  });
}

/** Stores the site messages with `tx` (part of the step). */
export async function storeNotices(
  deps: CorporateActionsDeps,
  tx: Database,
  pending: readonly PendingNotice[],
): Promise<{ target: NoticeTarget; notice: Notice }[]> {
  if (pending.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...new Set(pending.map((p) => p.userId))]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: { target: NoticeTarget; notice: Notice }[] = [];
  for (const p of pending) {
    const user = byId.get(p.userId);
    if (!user) continue;
    await storeSiteMessage(tx, deps.businessClock, user, p.notice);
    out.push({ target: user, notice: p.notice });
  }
  return out;
}

/** After commit: outbox copy, push, and a balance event so open screens read their figures again. */
export async function deliverNotices(deps: CorporateActionsDeps, stored: readonly { target: NoticeTarget; notice: Notice }[]): Promise<void> {
  for (const s of stored) {
    deps.userEvents?.publish(s.target.id, { event: 'balance', data: { reason: 'dividend' } });
    await sendNotice(deps.notifications, s.target, s.notice);
    await sendPushNotice(deps.notifications, s.target, s.notice);
  }
}

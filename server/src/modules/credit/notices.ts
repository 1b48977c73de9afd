// Credit notices (docs/credit.md §8): a site message stored in the change's own transaction,
// then — after commit — the outbox copy and a push, and a live event to the customer's open
// screens. tw / jp / en; amounts in whole yen; the lender named as simulated.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sendNotice, sendPushNotice, storeSiteMessage, users, type NoticeTarget } from '../identity';
import type { Notice } from '../../notifications/templates';
import { ratePercentText } from './config';
import type { CreditDeps } from './deps';

export interface StoredCreditNotice {
  target: NoticeTarget;
  notice: Notice;
}

const yen = (minor: bigint) => `¥${minor.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export function approvedNotice(orderNo: string, amount: bigint): Notice {
  return {
    kind: 'credit_loan_approved',
    title: { tw: '借款已核准', jp: 'ローン承認のお知らせ', en: 'Loan approved' },
    body: {
      tw: `借款申請 ${orderNo} 已核准，${yen(amount)} 已撥入您的現金（模擬合作銀行貸出）。借款資金不可用於買入證券或信用交易，可出金。`,
      jp: `借入申請 ${orderNo} が承認され、${yen(amount)} を現金に入金しました（模擬提携銀行の融資）。融資金で証券の買付・信用取引はできません。出金は可能です。`,
      en: `Loan application ${orderNo} was approved and ${yen(amount)} was paid into your cash (lent by the simulated partner bank). Loan proceeds cannot buy securities or fund margin; they can be withdrawn.`,
    },
  };
}

export function rejectedNotice(orderNo: string, amount: bigint, reason: string): Notice {
  return {
    kind: 'credit_loan_rejected',
    title: { tw: '借款申請已駁回', jp: '借入申請却下のお知らせ', en: 'Loan application rejected' },
    body: {
      tw: `借款申請 ${orderNo}（${yen(amount)}）已駁回。原因：${reason}`,
      jp: `借入申請 ${orderNo}（${yen(amount)}）は却下されました。理由：${reason}`,
      en: `Loan application ${orderNo} (${yen(amount)}) was rejected. Reason: ${reason}`,
    },
  };
}

export function shortfallNotice(ratioBp: number, cure: bigint, deadline: string): Notice {
  const pct = (ratioBp / 100).toFixed(2);
  return {
    kind: 'credit_shortfall',
    title: { tw: '擔保不足通知', jp: '担保不足のお知らせ', en: 'Collateral shortfall' },
    body: {
      tw: `您的借款擔保比率為 ${pct}%（70% 以上）。請於 ${deadline} 收盤前還款 ${yen(cure)} 使比率回到 60% 以下，否則將以市價強制賣出全部擔保股票，賣出後無法撤銷。`,
      jp: `ローンの担保比率が ${pct}%（70% 以上）になりました。${deadline} の大引けまでに ${yen(cure)} を返済し比率を 60% 以下に戻してください。解消されない場合は担保株式をすべて成行で強制売却します。強制売却は取り消せません。`,
      en: `Your loan ratio is ${pct}% (70% or more). Repay ${yen(cure)} by the close on ${deadline} to bring it back to 60%, or all pledged shares will be sold at market. A forced sale cannot be undone.`,
    },
  };
}

export function forcedSaleNotice(ratioBp: number | null, reason: string): Notice {
  const pct = ratioBp === null ? '—' : (ratioBp / 100).toFixed(2);
  return {
    kind: 'credit_forced_sale',
    title: { tw: '擔保股票強制賣出', jp: '担保株式の強制売却', en: 'Pledged shares sold' },
    body: {
      tw: `擔保比率 ${pct}%（${reason}）：全部擔保股票已以市價送出強制賣出，無法撤銷。成交款項交割後將自動償還借款。`,
      jp: `担保比率 ${pct}%（${reason}）：担保株式をすべて成行で強制売却に出しました。取り消しはできません。売却代金は受渡後にローンの返済に充当します。`,
      en: `Loan ratio ${pct}% (${reason}): all pledged shares were put up for sale at market. This cannot be undone. The proceeds repay the loan once they settle.`,
    },
  };
}

export function statementNotice(month: string, interest: bigint, principal: bigint, ratePpm: number, days: number): Notice {
  const rate = ratePercentText(ratePpm);
  return {
    kind: 'credit_interest_statement',
    title: { tw: `${month} 借款利息明細`, jp: `${month} ローン利息明細`, en: `Loan interest statement ${month}` },
    body: {
      tw: `${month}：年利 ${rate}%，計息 ${days} 天，利息 ${yen(interest)} 已計入本金。目前本金 ${yen(principal)}。`,
      jp: `${month}：年利 ${rate}%、${days} 日分の利息 ${yen(interest)} を元本に組み入れました。現在の元本 ${yen(principal)}。`,
      en: `${month}: ${rate}% p.a. over ${days} days, interest ${yen(interest)} added to principal. Principal now ${yen(principal)}.`,
    },
  };
}

/** Stores the site message with `tx` (part of the change); deliver it after commit. */
export async function storeCreditNotice(deps: CreditDeps, tx: Database, userId: number, notice: Notice): Promise<StoredCreditNotice | null> {
  const [user] = await tx.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  await storeSiteMessage(tx, deps.businessClock, user, notice);
  return { target: user, notice };
}

/** After commit: outbox copy, push, and a balance event so open screens read their figures again. */
export async function deliverCreditNotices(deps: CreditDeps, stored: readonly (StoredCreditNotice | null)[]): Promise<void> {
  for (const s of stored) {
    if (!s) continue;
    deps.userEvents?.publish(s.target.id, { event: 'balance', data: { reason: 'credit' } });
    await sendNotice(deps.notifications, s.target, s.notice);
    await sendPushNotice(deps.notifications, s.target, s.notice);
  }
}

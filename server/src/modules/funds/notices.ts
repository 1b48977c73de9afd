// Money notices (docs/api/funds.md "Notices"): every money movement and bank-account change
// stores a site message in the change's own transaction, then — after commit — sends the
// outbox copy and tells the customer's open screens (live events on /ws).
import { eq } from 'drizzle-orm';
import type { CurrencyCode, UserEvent } from '@kabuto/shared-sdk/schemas';
import { sendNotice, storeSiteMessage, users, type NoticeTarget } from '../identity';
import { bankCardNotice, type BankCardChange, type NoticeAmount, type NoticeTime } from '../../notifications/money-notices';
import type { Notice } from '../../notifications/templates';
import type { FundsDeps } from './deps';
import { groupedAmount } from './money';
import { SHOWN_ACCOUNT_DIGITS } from './bank-cards/cards';

export interface StoredNotice {
  target: NoticeTarget;
  notice: Notice;
}

export function noticeAmount(currency: CurrencyCode, minor: bigint): NoticeAmount {
  return { currency, grouped: groupedAmount(currency, minor) };
}

/** Now on the business clock, marked simulated in demo mode. */
export function noticeTime(ctx: FundsDeps): NoticeTime {
  return { at: ctx.businessClock.now(), simulated: ctx.businessClock.mode === 'demo' };
}

/** The last four digits of an account number, as notices show it. */
export function cardTail(accountNumber: string): string {
  return accountNumber.slice(-SHOWN_ACCOUNT_DIGITS);
}

/** Stores the site message with `tx` (part of the change); deliver it after commit. */
export async function storeMoneyNotice(ctx: FundsDeps, tx: FundsDeps['db'], userId: number, notice: Notice): Promise<StoredNotice> {
  const [user] = await tx.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} not found for a notice`);
  // Dated in business time like the simulated time its text names; the inbox sorts by it.
  await storeSiteMessage(tx, ctx.businessClock, user, notice);
  return { target: user, notice };
}

/** After commit: the live events, then the outbox copy (which also pushes the `message` event). */
export async function deliverMoneyNotice(ctx: FundsDeps, stored: StoredNotice, events: UserEvent[]): Promise<void> {
  for (const event of events) ctx.userEvents.publish(stored.target.id, event);
  await sendNotice(ctx.notifications, stored.target, stored.notice);
}

/** A bank card was added, changed or deleted (the change has committed): site message, outbox, live event. */
export async function notifyCardChange(
  ctx: FundsDeps,
  userId: number,
  change: BankCardChange,
  card: { bankName: string; accountNumber: string },
): Promise<void> {
  const notice = bankCardNotice(change, card.bankName, cardTail(card.accountNumber), noticeTime(ctx));
  const stored = await storeMoneyNotice(ctx, ctx.db, userId, notice);
  await deliverMoneyNotice(ctx, stored, [{ event: 'bankCard', data: { change } }]);
}

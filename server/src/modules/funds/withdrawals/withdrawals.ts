// Withdrawals (cashOut). Every published rule is checked before anything moves; an
// accepted request freezes the amount at once (customer_cash → customer_frozen); the
// operator pays it (frozen → broker_bank) or rejects it (frozen → cash).
import { eq } from 'drizzle-orm';
import { MSG, withdrawHeldMessage, withdrawMaxMessage, withdrawMinMessage, withdrawWindowMessage, type WithdrawHold } from '@kabuto/shared-sdk/messages';
import { parseAmountToMinor, type WithdrawInfo, type WithdrawalRecord, type withdrawFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { users } from '../../identity';
import { withdrawals, type WithdrawalRow } from '../schema';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { latestVerification, verifyPassword } from '../../identity';
import { writeAudit } from '../../ops';
import { bankCardView, listCards, maskAccountNumber, ownCard } from '../bank-cards/cards';
import { inWindow, loadFundsConfig, windowText } from '../config';
import type { FundsDeps, FundsCustomer } from '../deps';
import type { ReviewDecision } from '../deposits/deposits';
import { refuse, refuseSpecial } from '../failures';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../idempotency';
import { ACCOUNT_KINDS, brokerAccount, customerCash, customerFrozen } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { withUserFundsLock } from '../locks';
import { cardTail, deliverMoneyNotice, noticeAmount, noticeTime, storeMoneyNotice } from '../notices';
import { withdrawalAcceptedNotice, withdrawalPaidNotice, withdrawalRejectedNotice } from '../../../notifications/money-notices';
import type { UserEvent } from '@kabuto/shared-sdk/schemas';
import { groupedAmount, toMoney, UNIT } from '../money';
import { availableOf, currencyFigures, settlementLines } from '../wallet/wallet';
import { ARRIVAL, expectedBy, reviewBy } from './arrival';

/** Withdrawals go to Japanese bank accounts, in yen. */
export const WITHDRAW_CURRENCY = 'JPY' as const;

export function withdrawalView(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id,
    amount: toMoney(WITHDRAW_CURRENCY, row.amount),
    card: {
      bankName: row.card.bankName,
      branchName: row.card.branchName,
      accountType: row.card.accountType,
      accountNumberMasked: maskAccountNumber(row.card.accountNumber),
      holderName: row.card.holderName,
    },
    state: row.state,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewBy: row.reviewBy.toISOString(),
    expectedBy: row.expectedBy.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function withdrawInfo(ctx: FundsDeps, userId: number): Promise<WithdrawInfo> {
  const config = await loadFundsConfig(ctx.db);
  const figures = (await currencyFigures(ctx, ctx.db, userId)).find((f) => f.currency === WITHDRAW_CURRENCY);
  const [user] = await ctx.db.select({ fundPasswordHash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const identity = await latestVerification(ctx.db, userId);
  return {
    currency: WITHDRAW_CURRENCY,
    window: config.withdrawWindow.text,
    days: config.withdrawDays,
    open: inWindow(ctx.businessClock.now(), config.withdrawWindow, config.withdrawDays),
    min: toMoney(WITHDRAW_CURRENCY, config.withdrawMin),
    max: toMoney(WITHDRAW_CURRENCY, config.withdrawMax),
    available: toMoney(WITHDRAW_CURRENCY, figures ? availableOf(figures) : 0n),
    holds: (figures?.holdLines ?? []).map((l) => ({ source: l.source, amount: toMoney(WITHDRAW_CURRENCY, l.minor) })),
    unsettled: figures ? await settlementLines(ctx, ctx.db, userId, figures) : [],
    cards: (await listCards(ctx.db, userId)).map(bankCardView),
    verification: identity?.state ?? 'unverified',
    hasFundPassword: Boolean(user?.fundPasswordHash),
    arrival: { ...ARRIVAL },
  };
}

type WithdrawForm = z.output<typeof withdrawFormSchema>;

export async function submitWithdrawal(ctx: FundsDeps, user: FundsCustomer, form: WithdrawForm): Promise<OkEnvelope<WithdrawalRecord>> {
  const amount = parseAmountToMinor(form.amount, 0);
  if (!amount.ok) refuse(amount.error);
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'withdraw',
    params: { cardId: form.cardId, amount: amount.minor.toString() },
  };
  const seen = await replayIfSeen<WithdrawalRecord>(ctx.db, request);
  if (seen) return seen;

  const config = await loadFundsConfig(ctx.db);
  const businessNow = ctx.businessClock.now();
  if (!inWindow(businessNow, config.withdrawWindow, config.withdrawDays))
    refuseSpecial(withdrawWindowMessage(windowText(config.withdrawWindow, config.withdrawDays)));
  if (amount.minor < config.withdrawMin) refuseSpecial(withdrawMinMessage(groupedAmount(WITHDRAW_CURRENCY, config.withdrawMin), UNIT));
  if (amount.minor > config.withdrawMax) refuseSpecial(withdrawMaxMessage(groupedAmount(WITHDRAW_CURRENCY, config.withdrawMax), UNIT));

  const [row] = await ctx.db.select({ fundPasswordHash: users.fundPasswordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.fundPasswordHash) refuse(MSG.fundPasswordNotSet);
  if (!(await verifyPassword(form.fundPassword, row.fundPasswordHash))) refuse(MSG.wrongFundPassword);

  const card = await ownCard(ctx.db, user.id, form.cardId);
  for (const blocker of ctx.extensions.withdrawalBlockers) {
    const refusal = await blocker.check(ctx.db, user.id);
    if (typeof refusal === 'string') refuse(refusal);
    if (refusal) refuseSpecial(refusal.special);
  }

  const result = await withUserFundsLock(ctx.db, ctx.clock, user.id, async (tx) => {
    const again = await replayIfSeen<WithdrawalRecord>(tx, request);
    if (again) return { answer: again, stored: null };
    const figures = (await currencyFigures(ctx, tx, user.id)).find((f) => f.currency === WITHDRAW_CURRENCY);
    const available = figures ? availableOf(figures) : 0n;
    if (amount.minor > available) {
      // Say what can leave now, each hold in the way with its amount, and when a dated hold
      // (unsettled sale proceeds) ends; with no hold, the plain message.
      const held = figures ? figures.holdLines.filter((l) => l.minor > 0n) : [];
      if (!figures || held.length === 0) refuse(MSG.insufficientWithdrawable);
      const dated = await settlementLines(ctx, tx, user.id, figures);
      const lines: WithdrawHold[] = held.flatMap((l) => {
        const parts = dated.filter((d) => d.source === l.source);
        if (parts.length === 0) return [{ rule: l.source, amount: groupedAmount(WITHDRAW_CURRENCY, l.minor), unit: UNIT }];
        return parts.map((d) => ({ rule: l.source, amount: groupedAmount(WITHDRAW_CURRENCY, BigInt(d.amount.minor)), unit: UNIT, settlesOn: d.settlesOn }));
      });
      refuseSpecial(withdrawHeldMessage(lines, { amount: groupedAmount(WITHDRAW_CURRENCY, available), unit: UNIT }));
    }
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        userId: user.id,
        cardId: card.id,
        card: {
          bankName: card.bankName,
          branchName: card.branchName,
          accountType: card.accountType,
          accountNumber: card.accountNumber,
          holderName: card.holderName,
        },
        currency: WITHDRAW_CURRENCY,
        amount: amount.minor,
        state: 'pending',
        // Customer-facing: business time, so records and postings sort as the customer saw them happen.
        createdAt: businessNow,
        reviewBy: reviewBy(businessNow),
        expectedBy: expectedBy(businessNow),
      })
      .returning();
    if (!withdrawal) throw new Error('withdrawal not stored');
    await postJournal(tx, ctx.businessClock, {
      type: 'withdrawal_freeze',
      reference: `withdrawal:${withdrawal.id}`,
      userId: user.id,
      postings: [
        { account: customerCash(user.id, WITHDRAW_CURRENCY), amount: -amount.minor },
        { account: customerFrozen(user.id, WITHDRAW_CURRENCY), amount: amount.minor },
      ],
    });
    const answer = ok(withdrawalView(withdrawal), MSG.withdrawSubmitted);
    await rememberAnswer(tx, ctx.clock, request, answer);
    const notice = withdrawalAcceptedNotice(noticeAmount(WITHDRAW_CURRENCY, amount.minor), noticeTime(ctx), cardTail(card.accountNumber));
    return { answer, stored: await storeMoneyNotice(ctx, tx, user.id, notice) };
  });
  // A replayed request was told already.
  if (result.stored) {
    await deliverMoneyNotice(ctx, result.stored, [
      { event: 'withdrawal', data: { id: result.answer.data.id, state: 'accepted' } },
      { event: 'balance', data: { reason: 'withdrawal' } },
    ]);
  }
  return result.answer;
}

async function withdrawalOwner(ctx: FundsDeps, id: number): Promise<number> {
  const [row] = await ctx.db.select({ userId: withdrawals.userId }).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  if (!row) refuse(MSG.withdrawalNotFound);
  return row.userId;
}

/** pending → paid (frozen → broker bank) or rejected (frozen → cash), audited in the same transaction. */
export async function decideWithdrawal(ctx: FundsDeps, id: number, outcome: 'paid' | 'rejected', decision: ReviewDecision): Promise<WithdrawalRecord> {
  const userId = await withdrawalOwner(ctx, id);
  const { record, stored } = await withUserFundsLock(ctx.db, ctx.clock, userId, async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
    if (!row) refuse(MSG.withdrawalNotFound);
    if (row.state !== 'pending') refuse(MSG.reviewNotPending);
    const destination = outcome === 'paid' ? brokerAccount(ACCOUNT_KINDS.brokerBank, WITHDRAW_CURRENCY) : customerCash(row.userId, WITHDRAW_CURRENCY);
    await postJournal(tx, ctx.businessClock, {
      type: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
      reference: `withdrawal:${row.id}`,
      userId: row.userId,
      postings: [
        { account: customerFrozen(row.userId, WITHDRAW_CURRENCY), amount: -row.amount },
        { account: destination, amount: row.amount },
      ],
    });
    const [updated] = await tx
      .update(withdrawals)
      .set({ state: outcome, rejectReason: outcome === 'rejected' ? decision.reason : null, reviewedAt: ctx.clock.now(), reviewedBy: decision.operator.name })
      .where(eq(withdrawals.id, id))
      .returning();
    await writeAudit(tx, ctx.clock, decision.operator, {
      action: outcome === 'paid' ? 'funds.withdrawal.pay' : 'funds.withdrawal.reject',
      targetUserId: row.userId,
      reason: decision.reason,
      details: { withdrawalId: row.id, amount: row.amount.toString(), currency: WITHDRAW_CURRENCY },
    });
    if (!updated) throw new Error('withdrawal vanished');
    const money = noticeAmount(WITHDRAW_CURRENCY, row.amount);
    const notice =
      outcome === 'paid'
        ? withdrawalPaidNotice(money, noticeTime(ctx), cardTail(row.card.accountNumber))
        : withdrawalRejectedNotice(money, noticeTime(ctx), decision.reason);
    return { record: withdrawalView(updated), stored: await storeMoneyNotice(ctx, tx, row.userId, notice) };
  });
  const events: UserEvent[] = [{ event: 'withdrawal', data: { id: record.id, state: outcome } }];
  if (outcome === 'rejected') events.push({ event: 'balance', data: { reason: 'withdrawal' } });
  await deliverMoneyNotice(ctx, stored, events);
  return record;
}

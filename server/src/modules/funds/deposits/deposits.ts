// Deposits (capitalTransfer/capitalChannel): the customer reports a transfer with its
// proof image; nothing is credited until an operator (or, in demo mode, the sweeper)
// approves it: broker_bank −amount, customer_cash +amount.
import { and, asc, eq, lte } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import { depositMaxMessage, depositMinMessage, depositWindowMessage } from '@kabuto/shared-sdk/messages';
import { isCurrencyCode, parseAmountToMinor, type CurrencyCode, type DepositInfo, type DepositRecord, depositFormSchema } from '@kabuto/shared-sdk/schemas';
import { z } from 'zod';
import { claimUpload } from '../../common';
import { deposits, type DepositRow } from '../schema';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { writeAudit, type OperatorIdentity } from '../../ops';
import { inWindow, loadFundsConfig, type DepositChannelConfig } from '../config';
import type { FundsDeps, FundsCustomer } from '../deps';
import { refuse, refuseSpecial } from '../failures';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../idempotency';
import { ACCOUNT_KINDS, brokerAccount, customerCash } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { withUserFundsLock } from '../locks';
import { deliverMoneyNotice, noticeAmount, noticeTime, storeMoneyNotice } from '../notices';
import { depositApprovedNotice, depositRejectedNotice } from '../../../notifications/money-notices';
import { decimalsOf, groupedAmount, toMoney } from '../money';
import { UNIT } from '../money';

/** The operator name the demo sweeper writes into the audit log. */
export const DEMO_APPROVER: OperatorIdentity = { id: 0, name: 'demo-auto-approve' };

function currencyOf(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`unknown currency ${text}`);
  return text;
}

export function depositView(row: DepositRow): DepositRecord {
  return {
    id: row.id,
    channelId: row.channelId,
    amount: toMoney(currencyOf(row.currency), row.amount),
    proofKey: row.proofKey,
    state: row.state,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    autoApproveAt: row.state === 'pending' ? (row.autoApproveAt?.toISOString() ?? null) : null,
  };
}

function channelView(c: DepositChannelConfig): DepositInfo['channels'][number] {
  return { id: c.id, kind: c.kind, currency: c.currency, min: toMoney(c.currency, c.min), max: toMoney(c.currency, c.max), names: c.names, payee: c.payee };
}

export async function depositInfo(ctx: FundsDeps): Promise<DepositInfo> {
  const config = await loadFundsConfig(ctx.db);
  return {
    channels: config.depositChannels.map(channelView),
    window: config.depositWindow.text,
    days: config.depositDays,
    open: inWindow(ctx.businessClock.now(), config.depositWindow, config.depositDays),
    demoAutoApprove: ctx.demo.autoApprove,
    autoApproveSeconds: ctx.demo.autoApprove ? ctx.demo.delaySeconds : 0,
    // The chat line belongs to the support module (spec §1: it handles deposits); the client opens its route.
    customerService: { kind: 'chat', route: ROUTES.supportChat },
  };
}

const depositProofKeySchema = depositFormSchema.shape.proofKey;

/**
 * The deposit form as the server reads it: fields are told in page order (channel, amount,
 * proof), so the proof is parsed by submitDeposit after the amount's bounds.
 */
export const depositRequestSchema = depositFormSchema.extend({ proofKey: z.unknown().optional() });

type DepositForm = z.output<typeof depositRequestSchema>;

export async function submitDeposit(ctx: FundsDeps, user: FundsCustomer, form: DepositForm): Promise<OkEnvelope<DepositRecord>> {
  const config = await loadFundsConfig(ctx.db);
  const channel = config.depositChannels.find((c) => c.id === form.channelId);
  if (!channel) refuse(MSG.depositChannelNotFound);
  const amount = parseAmountToMinor(form.amount, decimalsOf(channel.currency));
  if (!amount.ok) refuse(amount.error);
  const proof = depositProofKeySchema.safeParse(form.proofKey);
  const proofKey = proof.success ? proof.data : '';
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'deposit',
    params: { channelId: channel.id, amount: amount.minor.toString(), proofKey },
  };
  const seen = await replayIfSeen<DepositRecord>(ctx.db, request);
  if (seen) return seen;

  const now = ctx.clock.now();
  if (!inWindow(ctx.businessClock.now(), config.depositWindow, config.depositDays)) refuseSpecial(depositWindowMessage(config.depositWindow.text));
  // Like withdrawals, a bound refusal names the amount and unit (入金最小值1,000日元).
  const unit = channel.currency === 'JPY' ? UNIT : channel.currency;
  if (amount.minor < channel.min) refuseSpecial(depositMinMessage(groupedAmount(channel.currency, channel.min), unit));
  if (amount.minor > channel.max) refuseSpecial(depositMaxMessage(groupedAmount(channel.currency, channel.max), unit));
  // The proof is the last field on the page, so it is told after the amount.
  if (!proof.success) refuse(proof.error.issues[0]?.message === MSG.uploadNotFound ? MSG.uploadNotFound : MSG.depositProofMissing);

  const submitted = await withUserFundsLock(ctx.db, ctx.clock, user.id, async (tx) => {
    const again = await replayIfSeen<DepositRecord>(tx, request);
    if (again) return again;
    // The proof must be this customer's own upload made as a deposit proof, used by no other
    // deposit; a refusal rolls the claim back with everything else.
    if (!(await claimUpload(tx, { key: proofKey, owner: user.id, purpose: 'deposit-proof', now }))) refuse(MSG.uploadNotFound);
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: user.id,
        channelId: channel.id,
        currency: channel.currency,
        amount: amount.minor,
        proofKey,
        state: 'pending',
        // Customer-facing: business time, so records and postings sort as the customer saw them happen.
        createdAt: ctx.businessClock.now(),
        autoApproveAt: ctx.demo.autoApprove ? new Date(now.getTime() + ctx.demo.delaySeconds * 1000) : null,
      })
      .returning();
    if (!row) throw new Error('deposit not stored');
    const answer = ok(depositView(row), MSG.depositSubmitted);
    await rememberAnswer(tx, ctx.clock, request, answer);
    return answer;
  });
  ctx.userEvents.publish(user.id, { event: 'deposit', data: { id: submitted.data.id, state: 'pending' } });
  return submitted;
}

export interface ReviewDecision {
  operator: OperatorIdentity;
  reason: string | null;
}

async function pendingDepositForUpdate(ctx: FundsDeps, tx: FundsDeps['db'], id: number): Promise<DepositRow> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update').limit(1);
  if (!row) refuse(MSG.depositNotFound);
  if (row.state !== 'pending') refuse(MSG.reviewNotPending);
  return row;
}

async function depositOwner(ctx: FundsDeps, id: number): Promise<number> {
  const [row] = await ctx.db.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, id)).limit(1);
  if (!row) refuse(MSG.depositNotFound);
  return row.userId;
}

/** pending → approved: the money is credited by postings; audited in the same transaction. */
export async function approveDeposit(ctx: FundsDeps, id: number, decision: ReviewDecision): Promise<DepositRecord> {
  const userId = await depositOwner(ctx, id);
  const { record, stored } = await withUserFundsLock(ctx.db, ctx.clock, userId, async (tx) => {
    const row = await pendingDepositForUpdate(ctx, tx, id);
    const currency = currencyOf(row.currency);
    await postJournal(tx, ctx.businessClock, {
      type: 'deposit',
      reference: `deposit:${row.id}`,
      userId: row.userId,
      postings: [
        { account: brokerAccount(ACCOUNT_KINDS.brokerBank, currency), amount: -row.amount },
        { account: customerCash(row.userId, currency), amount: row.amount },
      ],
    });
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(deposits)
      .set({ state: 'approved', reviewedAt: now, reviewedBy: decision.operator.name })
      .where(eq(deposits.id, id))
      .returning();
    await writeAudit(tx, ctx.clock, decision.operator, {
      action: 'funds.deposit.approve',
      targetUserId: row.userId,
      reason: decision.reason,
      details: { depositId: row.id, currency, amount: row.amount.toString() },
    });
    if (!updated) throw new Error('deposit vanished');
    const stored = await storeMoneyNotice(ctx, tx, row.userId, depositApprovedNotice(noticeAmount(currency, row.amount), noticeTime(ctx)));
    return { record: depositView(updated), stored };
  });
  await deliverMoneyNotice(ctx, stored, [
    { event: 'deposit', data: { id: record.id, state: 'approved' } },
    { event: 'balance', data: { reason: 'deposit' } },
  ]);
  return record;
}

export async function rejectDeposit(ctx: FundsDeps, id: number, decision: ReviewDecision & { reason: string }): Promise<DepositRecord> {
  const userId = await depositOwner(ctx, id);
  const { record, stored } = await withUserFundsLock(ctx.db, ctx.clock, userId, async (tx) => {
    const row = await pendingDepositForUpdate(ctx, tx, id);
    const [updated] = await tx
      .update(deposits)
      .set({ state: 'rejected', rejectReason: decision.reason, reviewedAt: ctx.clock.now(), reviewedBy: decision.operator.name })
      .where(eq(deposits.id, id))
      .returning();
    await writeAudit(tx, ctx.clock, decision.operator, {
      action: 'funds.deposit.reject',
      targetUserId: row.userId,
      reason: decision.reason,
      details: { depositId: row.id, currency: row.currency, amount: row.amount.toString() },
    });
    if (!updated) throw new Error('deposit vanished');
    // The reject reason is customer-facing (deposit records show it too).
    const notice = depositRejectedNotice(noticeAmount(currencyOf(row.currency), row.amount), noticeTime(ctx), decision.reason);
    const stored = await storeMoneyNotice(ctx, tx, row.userId, notice);
    return { record: depositView(updated), stored };
  });
  await deliverMoneyNotice(ctx, stored, [{ event: 'deposit', data: { id: record.id, state: 'rejected' } }]);
  return record;
}

/** Demo mode: approves every pending deposit whose autoApproveAt has come. Returns how many. */
export async function approveDueDemoDeposits(ctx: FundsDeps): Promise<number> {
  if (!ctx.demo.autoApprove) return 0;
  const due = await ctx.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.state, 'pending'), lte(deposits.autoApproveAt, ctx.clock.now())))
    .orderBy(asc(deposits.id))
    .limit(100);
  let approved = 0;
  for (const { id } of due) {
    try {
      await approveDeposit(ctx, id, { operator: DEMO_APPROVER, reason: 'demo mode: paper money approved automatically' });
      approved += 1;
    } catch {
      // Reviewed meanwhile by an operator, or the user's lock was busy: the next sweep retries.
    }
  }
  return approved;
}

// Deposits (capitalTransfer/capitalChannel): the customer reports a transfer with its
// proof image; nothing is credited until an operator (or, in demo mode, the sweeper)
// approves it: broker_bank −amount, customer_cash +amount.
import { and, asc, eq, lte } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { depositWindowMessage } from '@kabuto/shared-sdk/messages';
import {
  isCurrencyCode,
  parseAmountToMinor,
  type CurrencyCode,
  type DepositInfo,
  type DepositRecord,
  type depositFormSchema,
} from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { deposits, uploads, type DepositRow } from '../../../db/schema';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { writeAudit } from '../../ops/audit';
import type { OperatorIdentity } from '../../ops/auth';
import { inWindow, loadFundsConfig, type DepositChannelConfig } from '../config';
import type { FundsContext, FundsCustomer } from '../context';
import { refuse, refuseSpecial } from '../failures';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../idempotency';
import { ACCOUNT_KINDS, brokerAccount, customerCash } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { withUserFundsLock } from '../locks';
import { decimalsOf, toMoney } from '../money';

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

export async function depositInfo(ctx: FundsContext): Promise<DepositInfo> {
  const config = await loadFundsConfig(ctx.db);
  return {
    channels: config.depositChannels.map(channelView),
    window: config.depositWindow.text,
    days: config.depositDays,
    open: inWindow(ctx.clock.now(), config.depositWindow, config.depositDays),
    demoAutoApprove: ctx.demo.autoApprove,
    autoApproveSeconds: ctx.demo.autoApprove ? ctx.demo.delaySeconds : 0,
    // The chat line belongs to the support module; the client opens its route when it exists.
    customerService: { kind: 'chat', route: null },
  };
}

type DepositForm = z.output<typeof depositFormSchema>;

export async function submitDeposit(ctx: FundsContext, user: FundsCustomer, form: DepositForm): Promise<OkEnvelope<DepositRecord>> {
  const config = await loadFundsConfig(ctx.db);
  const channel = config.depositChannels.find((c) => c.id === form.channelId);
  if (!channel) refuse(MSG.depositChannelNotFound);
  const amount = parseAmountToMinor(form.amount, decimalsOf(channel.currency));
  if (!amount.ok) refuse(amount.error);
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'deposit',
    params: { channelId: channel.id, amount: amount.minor.toString(), proofKey: form.proofKey },
  };
  const seen = await replayIfSeen<DepositRecord>(ctx.db, request);
  if (seen) return seen;

  const now = ctx.clock.now();
  if (!inWindow(now, config.depositWindow, config.depositDays)) refuseSpecial(depositWindowMessage(config.depositWindow.text));
  if (amount.minor < channel.min) refuse(MSG.depositBelowMinimum);
  if (amount.minor > channel.max) refuse(MSG.depositAboveMaximum);
  const [proof] = await ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, form.proofKey)).limit(1);
  if (!proof) refuse(MSG.uploadNotFound);

  return withUserFundsLock(ctx.db, ctx.clock, user.id, async (tx) => {
    const again = await replayIfSeen<DepositRecord>(tx, request);
    if (again) return again;
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: user.id,
        channelId: channel.id,
        currency: channel.currency,
        amount: amount.minor,
        proofKey: form.proofKey,
        state: 'pending',
        createdAt: now,
        autoApproveAt: ctx.demo.autoApprove ? new Date(now.getTime() + ctx.demo.delaySeconds * 1000) : null,
      })
      .returning();
    if (!row) throw new Error('deposit not stored');
    const answer = ok(depositView(row), MSG.depositSubmitted);
    await rememberAnswer(tx, ctx.clock, request, answer);
    return answer;
  });
}

export interface ReviewDecision {
  operator: OperatorIdentity;
  reason: string | null;
}

async function pendingDepositForUpdate(ctx: FundsContext, tx: FundsContext['db'], id: number): Promise<DepositRow> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update').limit(1);
  if (!row) refuse(MSG.depositNotFound);
  if (row.state !== 'pending') refuse(MSG.reviewNotPending);
  return row;
}

async function depositOwner(ctx: FundsContext, id: number): Promise<number> {
  const [row] = await ctx.db.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, id)).limit(1);
  if (!row) refuse(MSG.depositNotFound);
  return row.userId;
}

/** pending → approved: the money is credited by postings; audited in the same transaction. */
export async function approveDeposit(ctx: FundsContext, id: number, decision: ReviewDecision): Promise<DepositRecord> {
  const userId = await depositOwner(ctx, id);
  return withUserFundsLock(ctx.db, ctx.clock, userId, async (tx) => {
    const row = await pendingDepositForUpdate(ctx, tx, id);
    const currency = currencyOf(row.currency);
    await postJournal(tx, ctx.clock, {
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
    return depositView(updated);
  });
}

export async function rejectDeposit(ctx: FundsContext, id: number, decision: ReviewDecision & { reason: string }): Promise<DepositRecord> {
  const userId = await depositOwner(ctx, id);
  return withUserFundsLock(ctx.db, ctx.clock, userId, async (tx) => {
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
    return depositView(updated);
  });
}

/** Demo mode: approves every pending deposit whose autoApproveAt has come. Returns how many. */
export async function approveDueDemoDeposits(ctx: FundsContext): Promise<number> {
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

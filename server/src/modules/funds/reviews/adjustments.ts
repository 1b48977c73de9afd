// Operator adjustments: a signed correction of a customer's cash, proposed by one
// operator and posted only when a different operator approves (four-eyes). The
// counterpart is the broker's `adjustments` account, so the ledger stays balanced.
import { asc, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { isCurrencyCode, type CurrencyCode } from '@kabuto/shared-sdk/schemas';
import { fundAdjustments, type FundAdjustmentRow } from '../schema';
import { auditRefusedApproval, dependenceOf, writeAudit, type OperatorIdentity } from '../../ops';
import type { FundsDeps } from '../deps';
import { refuse } from '../failures';
import { ACCOUNT_KINDS, brokerAccount, customerCash } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { withUserFundsLock } from '../locks';
import { toMoney } from '../money';
import { availableMinor } from '../wallet/wallet';

function currencyOf(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`unknown currency ${text}`);
  return text;
}

export function adjustmentView(row: FundAdjustmentRow, account: string | null = null) {
  return {
    id: row.id,
    userId: row.userId,
    account,
    amount: toMoney(currencyOf(row.currency), row.amount),
    reason: row.reason,
    state: row.state,
    proposedBy: row.proposedByName,
    proposedAt: row.proposedAt.toISOString(),
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

export async function proposeAdjustment(
  ctx: FundsDeps,
  operator: OperatorIdentity,
  input: { userId: number; currency: CurrencyCode; amount: bigint; reason: string },
): Promise<FundAdjustmentRow> {
  if (input.amount === 0n) refuse(MSG.amountInvalid);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fundAdjustments)
      .values({
        userId: input.userId,
        currency: input.currency,
        amount: input.amount,
        reason: input.reason,
        state: 'proposed',
        proposedBy: operator.id,
        proposedByName: operator.name,
        proposedAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('adjustment not stored');
    await writeAudit(tx, ctx.clock, operator, {
      action: 'funds.adjustment.propose',
      targetUserId: input.userId,
      reason: input.reason,
      details: { adjustmentId: row.id, currency: input.currency, amount: input.amount.toString() },
    });
    return row;
  });
}

export async function listAdjustments(ctx: FundsDeps, state: FundAdjustmentRow['state']): Promise<FundAdjustmentRow[]> {
  return ctx.db.select().from(fundAdjustments).where(eq(fundAdjustments.state, state)).orderBy(asc(fundAdjustments.id)).limit(200);
}

export async function decideAdjustment(
  ctx: FundsDeps,
  operator: OperatorIdentity,
  id: number,
  outcome: 'approved' | 'rejected',
  reason: string | null,
): Promise<FundAdjustmentRow> {
  const [found] = await ctx.db.select().from(fundAdjustments).where(eq(fundAdjustments.id, id)).limit(1);
  if (!found) refuse(MSG.adjustmentNotFound);
  // Who may approve is settled before the lock, and the refusal is written outside any
  // transaction, so the audit keeps who tried (ops/independence.ts).
  if (outcome === 'approved' && found.state === 'proposed') {
    const why = await dependenceOf(ctx.db, found.proposedByName, operator);
    if (why) {
      await auditRefusedApproval(ctx.db, ctx.clock, operator, {
        action: 'funds.adjustment.approve',
        targetUserId: found.userId,
        proposedBy: found.proposedByName,
        why,
        details: { adjustmentId: found.id, currency: found.currency, amount: found.amount.toString() },
      });
      refuse(MSG.adjustmentSameOperator);
    }
  }
  return withUserFundsLock(ctx.db, ctx.clock, found.userId, async (tx) => {
    const [row] = await tx.select().from(fundAdjustments).where(eq(fundAdjustments.id, id)).for('update').limit(1);
    if (!row) refuse(MSG.adjustmentNotFound);
    if (row.state !== 'proposed') refuse(MSG.reviewNotPending);
    if (outcome === 'approved') {
      if (row.proposedBy === operator.id) refuse(MSG.adjustmentSameOperator);
      const currency = currencyOf(row.currency);
      if (row.amount < 0n && -row.amount > (await availableMinor(ctx, tx, row.userId, currency))) refuse(MSG.insufficientAvailableBalance);
      await postJournal(tx, ctx.businessClock, {
        type: 'adjustment',
        reference: `adjustment:${row.id}`,
        userId: row.userId,
        memo: row.reason,
        postings: [
          { account: customerCash(row.userId, currency), amount: row.amount },
          { account: brokerAccount(ACCOUNT_KINDS.adjustments, currency), amount: -row.amount },
        ],
      });
    }
    const [updated] = await tx
      .update(fundAdjustments)
      .set({ state: outcome, decidedByName: operator.name, decidedAt: ctx.clock.now(), decisionReason: reason })
      .where(eq(fundAdjustments.id, id))
      .returning();
    await writeAudit(tx, ctx.clock, operator, {
      action: outcome === 'approved' ? 'funds.adjustment.approve' : 'funds.adjustment.reject',
      targetUserId: row.userId,
      reason,
      details: { adjustmentId: row.id, currency: row.currency, amount: row.amount.toString(), proposedBy: row.proposedByName, decidedBy: operator.name },
    });
    if (!updated) throw new Error('adjustment vanished');
    return updated;
  });
}

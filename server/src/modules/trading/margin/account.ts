// The margin account (信用取引口座): verified identity, the suitability questionnaire, the
// agreement, and JPY cash of at least the minimum deposit (research §3.1: ¥300,000). The
// deposit is checked at application and again at every margin order.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { MarginAccountInfo, MarginCallView, marginApplyFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { refuse } from '../../funds';
import { ACCOUNT_KINDS } from '../../funds';
import { userAccountBalance } from '../../funds';
import { latestVerification } from '../../identity';
import type { TradingDeps } from '../deps';
import { jpy } from '../money';
import { tradingMarginAccounts, tradingMarginCalls, type TradingPositionRow } from '../schema';
import { maintenanceFor } from './maintenance';

type ApplyForm = z.output<typeof marginApplyFormSchema>;

export function questionnairePassed(form: Pick<ApplyForm, 'stockExperience' | 'riskAcknowledged'>): boolean {
  return form.stockExperience !== 'none' && form.riskAcknowledged;
}

/** Whether the customer has opened a margin account (only "open" is remembered: an account is never closed). */
export async function marginAccountOpen(deps: Pick<TradingDeps, 'db' | 'facts'>, userId: number): Promise<boolean> {
  const open = await deps.facts.marginOpen.read(userId, async () => {
    const [row] = await deps.db
      .select({ userId: tradingMarginAccounts.userId })
      .from(tradingMarginAccounts)
      .where(eq(tradingMarginAccounts.userId, userId))
      .limit(1);
    return row ? true : undefined;
  });
  return open === true;
}

/** A margin account, and JPY cash of at least the minimum deposit (checked again by every margin order). */
export async function marginEnabledFor(deps: Pick<TradingDeps, 'db' | 'config' | 'facts'>, userId: number): Promise<boolean> {
  if (!(await marginAccountOpen(deps, userId))) return false;
  const cash = await userAccountBalance(deps.db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  return cash >= deps.config.margin.minimumDeposit;
}

export function bpText(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

export function callView(c: typeof tradingMarginCalls.$inferSelect): MarginCallView {
  return {
    id: c.id,
    amount: jpy(c.amount),
    deadline: c.deadline.toISOString(),
    state: c.state,
    ratioAtCall: bpText(c.ratioBp),
    createdAt: c.createdAt.toISOString(),
  };
}

export async function marginStatus(deps: TradingDeps, userId: number): Promise<MarginAccountInfo> {
  const [account] = await deps.db.select().from(tradingMarginAccounts).where(eq(tradingMarginAccounts.userId, userId)).limit(1);
  const verification = await latestVerification(deps.db, userId);
  const cash = await userAccountBalance(deps.db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  const m = await maintenanceFor(deps, deps.db, userId);
  const calls = await deps.db
    .select()
    .from(tradingMarginCalls)
    .where(and(eq(tradingMarginCalls.userId, userId), inArray(tradingMarginCalls.state, ['open', 'met', 'liquidated'])))
    .orderBy(desc(tradingMarginCalls.id))
    .limit(20);
  const q = account?.questionnaire;
  return {
    enabled: Boolean(account) && cash >= deps.config.margin.minimumDeposit,
    requirements: [
      { rule: 'verified-identity', met: verification?.state === 'verified' },
      {
        rule: 'questionnaire',
        met: q
          ? questionnairePassed({ stockExperience: q.stockExperience as ApplyForm['stockExperience'], riskAcknowledged: q.riskAcknowledged === true })
          : false,
      },
      { rule: 'agreement', met: Boolean(account) },
      { rule: 'minimum-deposit', met: cash >= deps.config.margin.minimumDeposit, amount: jpy(deps.config.margin.minimumDeposit) },
    ],
    maintenanceRatio: m.ratioBp === null ? null : bpText(m.ratioBp),
    callLevel: bpText(deps.config.margin.callLevelBp),
    hardFloor: bpText(deps.config.margin.hardFloorBp),
    equity: jpy(m.equity),
    positionValue: jpy(m.positionValue),
    calls: calls.map(callView),
  };
}

export async function applyForMargin(deps: TradingDeps, userId: number, form: ApplyForm): Promise<MarginAccountInfo> {
  const [existing] = await deps.db.select().from(tradingMarginAccounts).where(eq(tradingMarginAccounts.userId, userId)).limit(1);
  if (existing) refuse(MSG.marginAlreadyEnabled);
  const verification = await latestVerification(deps.db, userId);
  if (!verification) refuse(MSG.realNameRequiredBeforeWithdraw);
  if (verification.state === 'under_review') refuse(MSG.realNameUnderReview);
  if (verification.state !== 'verified') refuse(MSG.realNameNotPassed);
  if (!questionnairePassed(form)) refuse(MSG.marginQuestionnaireFailed);
  if (!form.agree) refuse(MSG.marginAgreementRequired);
  const cash = await userAccountBalance(deps.db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  if (cash < deps.config.margin.minimumDeposit)
    refuse(MSG.marginMinimumDeposit, { rule: 'minimum-deposit', required: jpy(deps.config.margin.minimumDeposit), cash: jpy(cash) });
  const now = deps.clock.now();
  await deps.db
    .insert(tradingMarginAccounts)
    .values({ userId, questionnaire: { ...form }, agreedAt: now, enabledAt: now })
    .onConflictDoNothing();
  return marginStatus(deps, userId);
}

export type { TradingPositionRow };

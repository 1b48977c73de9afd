// credit/summary (docs/api/credit.md): every figure of the loan screen in one answer.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CreditCollateralLine, CreditSummary } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { ratePercentText } from './config';
import type { CreditDeps } from './deps';
import { monthRatePpm } from './interest/interest';
import { creditFigures } from './loans/figures';
import { jpy, loanRecordView } from './loans/views';
import { jstDateKey } from '../market';
import { creditLoans } from './schema';
import { creditScoreOf } from './score/score';
import { loanProceedsExclusion } from './guards';

function priceText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

export async function creditSummary(deps: CreditDeps, db: Database, userId: number): Promise<CreditSummary> {
  const { config } = deps;
  const [f, score, loans] = await Promise.all([
    creditFigures(deps, db, userId),
    creditScoreOf(deps, db, userId),
    db
      .select()
      .from(creditLoans)
      .where(and(eq(creditLoans.userId, userId), inArray(creditLoans.status, ['pending', 'approved'])))
      .orderBy(desc(creditLoans.id)),
  ]);
  const pending = loans.find((l) => l.status === 'pending') ?? null;
  const active = loans.find((l) => l.status === 'approved') ?? null;
  const month = jstDateKey(deps.businessClock.now()).slice(0, 7);
  const currentPpm = active ? await monthRatePpm(deps, db, active, month) : (config.interestTiers[0]?.ratePpm ?? 0);
  const collateral: CreditCollateralLine[] = f.collateral.slices.map((s) => {
    const close = deps.prices.previousCloseTenths(s.code);
    const value = s.eligible && close !== null ? (BigInt(close) * BigInt(s.quantity)) / 10n : 0n;
    return {
      code: s.code,
      name: deps.prices.nameOf(s.code),
      quantity: s.quantity,
      previousClose: close === null ? null : priceText(close),
      value: jpy(value),
      eligible: s.eligible,
      excludedReason: s.excludedReason,
    };
  });
  const excluded = await loanProceedsExclusion().excludedMinor(db, userId, f.balances.cash);
  return {
    creditLine: jpy(f.collateral.line),
    borrowable: jpy(f.borrowable),
    principal: jpy(f.balances.principal),
    accruedInterest: jpy(f.balances.accrued),
    outstanding: jpy(f.outstanding),
    collateralValue: jpy(f.collateral.value),
    ratioBp: f.outstanding > 0n ? f.ratioBp : f.collateral.value > 0n ? 0 : null,
    marks: { drawLimitBp: config.drawLimitBp, shortfallBp: config.shortfallBp, forcedSaleBp: config.forcedSaleBp },
    state: active?.forcedSaleAt ? 'forced-sale' : f.state,
    shortfall: f.shortfall
      ? { amountToCure: jpy(f.shortfall.amountToCure), deadline: f.shortfall.deadline, noticeAt: f.shortfall.noticeAt.toISOString() }
      : null,
    score,
    rules: {
      minimum: jpy(config.minimumYen),
      step: jpy(config.stepYen),
      ltvBp: config.ltvBp,
      concentratedLtvBp: config.concentratedLtvBp,
      concentrationBp: config.concentrationBp,
      shortfallDays: config.shortfallBusinessDays,
      forcedSale: 'all-collateral',
    },
    interest: {
      tiers: config.interestTiers.map((t) => ({
        upTo: t.upToYen === null ? null : jpy(t.upToYen),
        ratePercent: ratePercentText(t.ratePpm),
        ratePpm: t.ratePpm,
      })),
      dayBasis: config.dayBasis,
      bandBalance: 'previous-month-end',
      currentRatePercent: ratePercentText(currentPpm),
      capitalised: 'monthly',
    },
    ltvBp: f.collateral.ltvBp,
    collateral,
    pending: pending ? loanRecordView(pending) : null,
    active: active ? loanRecordView(active, f.outstanding) : null,
    lender: { name: config.lender.name, agent: config.lender.agent, simulated: true },
    excludedFromBuyingPower: jpy(excluded),
  };
}

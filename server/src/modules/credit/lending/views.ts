// The answers of the lending calls (shared-sdk/src/schemas/lending.ts): my summary with the
// per-holding rows and the published rules, my accrual and payment records, the rates.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  LENDING_DEFAULT_MODE,
  LENDING_RISKS_VERSION,
  type LendingHolding,
  type LendingRate,
  type LendingRatesPage,
  type LendingRecord,
  type LendingRecordsPage,
  type LendingRisks,
  type LendingRules,
  type LendingSummary,
  type Money,
} from '@kabuto/shared-sdk/schemas';
import { toMoney } from '../../funds';
import { jstDateKey, nextRightsDate, SESSION_TIMES, type DateKey } from '../../market';
import type { LendingConfig } from './config';
import { demandOn, effectiveRateBp, publishedRateBp, quotasOf, sharesOutstanding } from './rates';
import { lendingAccruals, lendingEnrolments, lendingPayments, lendingStates, lendingSteps } from './schema';
import { activeEnrolment, cashHoldings, lentTotals, loansOf, nextPaymentDate, appliedSplitFactors, stepDateAt, type LendingDeps } from './service';

const jpy = (minor: bigint): Money => toMoney('JPY', minor);

function hhmm(secondOfDay: number): string {
  return `${String(Math.floor(secondOfDay / 3600)).padStart(2, '0')}:${String(Math.floor((secondOfDay % 3600) / 60)).padStart(2, '0')}`;
}

export function publishedLendingRules(config: LendingConfig): LendingRules {
  return {
    minRateBp: config.minRateBp,
    perCustomerQuotaBp: config.perCustomerQuotaBp,
    totalQuotaBp: config.totalQuotaBp,
    dayCount: config.dayCount,
    rounding: 'floor',
    paymentBusinessDay: config.paymentBusinessDay,
    recordDayMultiplier: config.recordDayMultiplier,
    recallBusinessDaysBeforeLastCum: config.recallBusinessDaysBeforeLastCum,
    dividendEquivalentWithholdingPercent: config.dividendEquivalentWithholdingPercent,
    dailyStepAt: `${hhmm(config.stepSecondOfDay)} JST (after the ${hhmm(SESSION_TIMES.close)} close)`,
    channelOpen: config.channelOpen,
    simulated: true,
  };
}

/** The risks shown and accepted once at opt-in [LN10][LN8]. */
export const LENDING_RISKS: LendingRisks = {
  version: LENDING_RISKS_VERSION,
  points: [
    {
      tw: '出借中的股份不在分別管理之下，也不受投資人保護基金保障；借方券商倒閉時可能無法取回。',
      jp: '貸し出した株式は分別管理の対象外となり、投資者保護基金による補償の対象外です。借り手が破綻した場合、返還されないおそれがあります。',
      en: 'Lent shares leave segregated custody (分別管理) and investor-protection fund cover; if the borrower fails they may not be returned.',
    },
    {
      tw: '利息優先模式下，權利確定日仍出借，股息改以「股息相當額」支付，已扣除15.315%，列為雜項所得，不適用股息扣除，也不能與資本損失相抵。',
      jp: '金利優先コースでは権利確定日も貸出を続け、配当金の代わりに配当金相当額（15.315%差引後）を受け取ります。雑所得となり、配当控除や損益通算は使えません。',
      en: 'In interest-first mode the shares stay lent over the record date; you receive a dividend-equivalent net of 15.315 %, taxed as miscellaneous income (雑所得): no dividend credit, no netting with capital losses.',
    },
    {
      tw: '權利優先模式（預設）會在權利最後交易日前召回股份，並於其後再出借。出借費率與需求為模擬。',
      jp: '権利取得優先コース（初期設定）では権利付最終日の前に株式を返却させ、その後に再び貸し出します。貸株金利と需要は模擬です。',
      en: 'Rights-first mode (the default) recalls the shares before the last cum-rights date and lends them again after it. Rates and borrower demand are simulated.',
    },
  ],
};

function quotaMessage(reason: string | null): string | null {
  return reason === 'quota-full' ? MSG.lendingQuotaFull : null;
}

export async function lendingSummary(deps: LendingDeps, userId: number): Promise<LendingSummary> {
  const now = deps.businessClock.now();
  const today = jstDateKey(now);
  const date = stepDateAt(deps.config, now);
  const enrolment = await activeEnrolment(deps.db, userId);
  const [anyRow] = await deps.db.select().from(lendingEnrolments).where(eq(lendingEnrolments.userId, userId)).limit(1);
  const holdings = await cashHoldings(deps.db, userId, today, deps.settlementDays);
  const loans = await loansOf(deps.db, userId);
  const states = new Map((await deps.db.select().from(lendingStates).where(eq(lendingStates.userId, userId))).map((s) => [s.code, s]));
  const fees = await deps.db
    .select({
      code: lendingAccruals.code,
      accrued: sql<string>`coalesce(sum(${lendingAccruals.amount}) filter (where ${lendingAccruals.paymentId} is null), 0)::text`,
      paid: sql<string>`coalesce(sum(${lendingAccruals.amount}) filter (where ${lendingAccruals.paymentId} is not null), 0)::text`,
    })
    .from(lendingAccruals)
    .where(eq(lendingAccruals.userId, userId))
    .groupBy(lendingAccruals.code);
  const feesOf = new Map(fees.map((f) => [f.code, { accrued: BigInt(f.accrued), paid: BigInt(f.paid) }]));
  const codes = [...new Set([...holdings.map((h) => h.code), ...feesOf.keys()])].sort();
  let lentValue = 0n;
  const rows: LendingHolding[] = codes.map((code) => {
    const instrument = deps.venue.instrument(code);
    const hs = holdings.filter((h) => h.code === code);
    const held = hs.reduce((s, h) => s + h.held, 0);
    const lent = hs.reduce((s, h) => s + (loans.get(h.positionId)?.quantity ?? 0), 0);
    const state = states.get(code);
    const q = deps.venue.quote(code);
    lentValue += (BigInt(q.last ?? q.previousClose) * BigInt(lent)) / 10n;
    const rights = nextRightsDate(code, today);
    const status = !enrolment ? 'not-lent' : lent > 0 ? 'lent' : (state?.status ?? 'not-lent');
    const reason = !enrolment ? 'not-enrolled' : (state?.reason ?? null);
    const f = feesOf.get(code) ?? { accrued: 0n, paid: 0n };
    return {
      code,
      name: instrument?.name ?? { tw: code, jp: code, en: code },
      heldQuantity: held,
      lentQuantity: lent,
      lotSize: instrument?.lot ?? 100,
      status,
      excludedReason: reason,
      excludedMessage: quotaMessage(reason),
      rateBp: effectiveRateBp(deps.config, code, date),
      publishedRateBp: publishedRateBp(deps.config, code),
      demand: demandOn(deps.config, code, date),
      accrued: jpy(f.accrued),
      paid: jpy(f.paid),
      nextLastCumDate: rights.lastCumDate,
      nextRecordDate: rights.recordDate,
    };
  });
  const [last] = await deps.db.select({ d: sql<string | null>`max(${lendingSteps.businessDate})` }).from(lendingSteps);
  return {
    enrolled: enrolment !== null,
    mode: enrolment?.mode ?? anyRow?.mode ?? LENDING_DEFAULT_MODE,
    optedInAt: enrolment?.optedInAt.toISOString() ?? null,
    risksVersionAccepted: enrolment?.risksVersion ?? null,
    risks: LENDING_RISKS,
    holdings: rows,
    totals: {
      lentValue: jpy(lentValue),
      accrued: jpy(rows.reduce((s, r) => s + BigInt(r.accrued.minor), 0n)),
      paid: jpy(rows.reduce((s, r) => s + BigInt(r.paid.minor), 0n)),
    },
    rules: publishedLendingRules(deps.config),
    lastStepDate: last?.d ?? null,
    nextPaymentDate: nextPaymentDate(deps.config, today),
  };
}

export async function lendingRecords(
  deps: LendingDeps,
  userId: number,
  form: { page: number; size: number; kind?: 'accrual' | 'payment' | undefined; code?: string | undefined },
): Promise<LendingRecordsPage> {
  // Both kinds in one list, newest first: accruals and payments read, merged and paged here (a
  // customer has at most a row per issue per business day).
  const accrualWhere: SQL[] = [eq(lendingAccruals.userId, userId)];
  if (form.code) accrualWhere.push(eq(lendingAccruals.code, form.code));
  const accruals =
    form.kind === 'payment'
      ? []
      : await deps.db
          .select()
          .from(lendingAccruals)
          .where(and(...accrualWhere))
          .orderBy(desc(lendingAccruals.businessDate), desc(lendingAccruals.id));
  const payments =
    form.kind === 'accrual' || form.code
      ? []
      : await deps.db.select().from(lendingPayments).where(eq(lendingPayments.userId, userId)).orderBy(desc(lendingPayments.paymentDate));
  const all: LendingRecord[] = [
    ...accruals.map((a): LendingRecord => ({
      id: `a${a.id}`,
      kind: 'accrual',
      businessDate: a.businessDate,
      code: a.code,
      quantity: a.quantity,
      closePrice: (a.closeTenths / 10).toString(),
      rateBp: a.rateBp,
      days: a.dayUnits,
      month: null,
      amount: jpy(a.amount),
      journalId: a.journalId?.toString() ?? null,
      at: a.createdAt.toISOString(),
    })),
    ...payments.map((p): LendingRecord => ({
      id: `p${p.id}`,
      kind: 'payment',
      businessDate: p.paymentDate,
      code: null,
      quantity: null,
      closePrice: null,
      rateBp: null,
      days: null,
      month: p.month,
      amount: jpy(p.amount),
      journalId: p.journalId.toString(),
      at: p.createdAt.toISOString(),
    })),
  ].sort((a, b) => (a.businessDate === b.businessDate ? (a.kind === b.kind ? 0 : a.kind === 'payment' ? -1 : 1) : a.businessDate < b.businessDate ? 1 : -1));
  const list = all.slice((form.page - 1) * form.size, form.page * form.size);
  return { list, page: form.page, size: form.size, total: all.length, hasMore: form.page * form.size < all.length };
}

export async function lendingRates(
  deps: LendingDeps,
  form: { page: number; size: number; code?: string | undefined },
  codes: readonly string[],
): Promise<LendingRatesPage> {
  const date: DateKey = stepDateAt(deps.config, deps.businessClock.now());
  const chosen = form.code ? codes.filter((c) => c === form.code) : [...codes].sort();
  const totals = await lentTotals(deps.db);
  const splitFactors = await appliedSplitFactors(deps.db);
  const all = chosen.map((code): LendingRate => {
    const instrument = deps.venue.instrument(code);
    const lot = instrument?.lot ?? 100;
    const splitFactor = splitFactors.get(code) ?? 1;
    const quotas = quotasOf(deps.config, code, lot, splitFactor);
    const lent = totals.get(code) ?? 0;
    const effective = effectiveRateBp(deps.config, code, date);
    return {
      code,
      name: instrument?.name ?? { tw: code, jp: code, en: code },
      publishedRateBp: publishedRateBp(deps.config, code),
      demand: demandOn(deps.config, code, date),
      effectiveRateBp: effective,
      recordDayRateBp: effective * deps.config.recordDayMultiplier,
      lotSize: lot,
      sharesOutstanding: sharesOutstanding(deps.config, code) * splitFactor,
      perCustomerQuota: quotas.perCustomer,
      totalQuota: quotas.total,
      lentTotal: lent,
      quotaFull: lent + lot > quotas.total,
      simulated: true,
    };
  });
  const list = all.slice((form.page - 1) * form.size, form.page * form.size);
  return { list, page: form.page, size: form.size, total: all.length, hasMore: form.page * form.size < all.length, businessDate: date };
}

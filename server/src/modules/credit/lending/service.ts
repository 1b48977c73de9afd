// Stock lending (貸株): enrolment, the daily lending step on the business clock (accrue the day's
// fees on the closing value, pay last month's on the payment day, then lend or recall for the
// next day) and the recall when a lent holding is sold. Rules and sources: docs/credit.md
// "Stock lending". Fees move only through postJournal, from the simulated borrower side.
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LENDING_RISKS_VERSION, type LendingExcludedReason, type LendingMode, type LendingStatus } from '@kabuto/shared-sdk/schemas';
import type { BusinessClock, Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { brokerAccount, customerCash, lockFundsOf, postJournals, refuse, type JournalInput } from '../../funds';
import {
  addDays,
  daysBetween,
  isBusinessDay,
  jstDateKey,
  nextBusinessDay,
  nextRightsDate,
  parseDateKey,
  previousBusinessDay,
  rightsDatesBetween,
  type DateKey,
} from '../../market';
import { tradingPositions, type HoldingReduction, type SharesSplit } from '../../trading';
import type { LendingConfig } from './config';
import { accrualFee, effectiveRateBp, quotasOf } from './rates';
import { lendingAccruals, lendingEnrolments, lendingLoans, lendingPayments, lendingSplits, lendingStates, lendingSteps } from './schema';

/** Ledger account kinds of lending. */
export const LENDING_ACCOUNTS = {
  /** The customer's fees accrued and not yet paid (theirs once paid; not cash before). */
  feeReceivable: 'lending_fee_receivable',
  /** The simulated borrower side: what it owes for fees accrued (negative until paid). */
  borrower: 'lending_borrower',
  /** The simulated borrower's money paid out to customers on payment days. */
  borrowerFunding: 'lending_borrower_funding',
} as const;

/** The part of the venue lending reads: lot size and a day's closing price (tenths of a yen). */
export interface LendingVenue {
  instrument(code: string): { lot: number; name: { tw: string; jp: string; en: string } } | undefined;
  quote(code: string): { last: number | null; previousClose: number; tradingDate: string };
  /** The simulated close of an earlier business day, in that day's share terms (a step caught up after a restart). */
  closeOn(code: string, date: DateKey): number;
}

/** Whether the customer has a securities-backed loan pending or outstanding (then nothing new is lent [LN5]). */
export type LoanExposure = (db: Database, userId: number) => Promise<boolean>;

export interface LendingDeps {
  db: Database;
  /** Real time: record stamps. */
  clock: Clock;
  /** Business time: step dates, settlement, rights dates. */
  businessClock: BusinessClock;
  config: LendingConfig;
  venue: LendingVenue;
  hasLoan: LoanExposure;
  /** Trading's settlement days (T+2): bought shares are lendable once settled. */
  settlementDays: number;
}

export type EnrolmentRow = typeof lendingEnrolments.$inferSelect;

export async function activeEnrolment(db: Database, userId: number): Promise<EnrolmentRow | null> {
  const [row] = await db.select().from(lendingEnrolments).where(eq(lendingEnrolments.userId, userId)).limit(1);
  return row && row.optedOutAt === null ? row : null;
}

// ---------------------------------------------------------------------------------------
// Enrolment
// ---------------------------------------------------------------------------------------
export async function optIn(deps: LendingDeps, userId: number, form: { mode: LendingMode; risksVersion: string }): Promise<EnrolmentRow> {
  if (!deps.config.channelOpen) refuse(MSG.lendingChannelClosed);
  if (form.risksVersion !== LENDING_RISKS_VERSION) refuse(MSG.lendingRisksNotAccepted);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Locked so two opt-ins at once end in one enrolment and one refusal.
    await lockFundsOf(tx, deps.clock, [userId]);
    const [existing] = await tx.select().from(lendingEnrolments).where(eq(lendingEnrolments.userId, userId)).limit(1);
    if (existing && existing.optedOutAt === null) refuse(MSG.lendingAlreadyEnrolled);
    const values = { mode: form.mode, risksVersion: form.risksVersion, optedInAt: now, optedOutAt: null, updatedAt: now };
    const [row] = await tx
      .insert(lendingEnrolments)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: lendingEnrolments.userId, set: values })
      .returning();
    if (!row) throw new Error('lending enrolment not written');
    return row;
  });
}

export async function setMode(deps: LendingDeps, userId: number, mode: LendingMode): Promise<EnrolmentRow> {
  return deps.db.transaction(async (tx) => {
    await lockFundsOf(tx, deps.clock, [userId]);
    if (!(await activeEnrolment(tx, userId))) refuse(MSG.lendingNotEnrolled);
    const [row] = await tx.update(lendingEnrolments).set({ mode, updatedAt: deps.clock.now() }).where(eq(lendingEnrolments.userId, userId)).returning();
    if (!row) throw new Error('lending enrolment vanished');
    return row;
  });
}

/** Opt out: every lent share is recalled now; fees accrued so far are still paid on the payment day. */
export async function optOut(deps: LendingDeps, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockFundsOf(tx, deps.clock, [userId]);
    if (!(await activeEnrolment(tx, userId))) refuse(MSG.lendingNotEnrolled);
    const now = deps.clock.now();
    await tx.update(lendingEnrolments).set({ optedOutAt: now, updatedAt: now }).where(eq(lendingEnrolments.userId, userId));
    await tx.delete(lendingLoans).where(eq(lendingLoans.userId, userId));
    await tx.delete(lendingStates).where(eq(lendingStates.userId, userId));
  });
}

// ---------------------------------------------------------------------------------------
// Holdings
// ---------------------------------------------------------------------------------------
export interface CashHolding {
  positionId: number;
  code: string;
  held: number;
  /** Shares settled by `date` (T+2 after the first fill). */
  settled: number;
}

function settlementDateOf(tradeDate: DateKey, days: number): DateKey {
  let d = tradeDate;
  for (let i = 0; i < days; i++) d = nextBusinessDay(d);
  return d;
}

/** The customer's cash long holdings, oldest position first; margin positions are never lent. */
export async function cashHoldings(db: Database, userId: number, date: DateKey, settlementDays: number, lockRows = false): Promise<CashHolding[]> {
  const query = db
    .select({
      id: tradingPositions.id,
      code: tradingPositions.code,
      open: tradingPositions.openQuantity,
      closed: tradingPositions.closedQuantity,
      openedOn: tradingPositions.openedOn,
    })
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.userId, userId),
        eq(tradingPositions.product, 'cash'),
        eq(tradingPositions.direction, 'long'),
        inArray(tradingPositions.status, ['holding', 'closing']),
      ),
    )
    .orderBy(asc(tradingPositions.id));
  const rows = lockRows ? await query.for('update') : await query;
  return rows
    .map((r) => {
      const held = r.open - r.closed;
      const settled = r.openedOn !== null && settlementDateOf(r.openedOn, settlementDays) <= date ? held : 0;
      return { positionId: r.id, code: r.code, held, settled };
    })
    .filter((h) => h.held > 0);
}

/** Shares lent now per position of the customer. */
export async function loansOf(db: Database, userId: number): Promise<Map<number, { code: string; quantity: number }>> {
  const rows = await db.select().from(lendingLoans).where(eq(lendingLoans.userId, userId));
  return new Map(rows.map((r) => [r.positionId, { code: r.code, quantity: r.quantity }]));
}

// ---------------------------------------------------------------------------------------
// The daily step
// ---------------------------------------------------------------------------------------
/** The nth business day of the month of `date`. */
export function nthBusinessDayOfMonth(date: DateKey, n: number): DateKey {
  const { year, month } = parseDateKey(date);
  let d = `${year}-${String(month).padStart(2, '0')}-01`;
  if (!isBusinessDay(d)) d = nextBusinessDay(d);
  for (let i = 1; i < n; i++) d = nextBusinessDay(d);
  return d;
}

/** The first payment date after `date` (inclusive): the configured business day of this or next month. */
export function nextPaymentDate(config: LendingConfig, date: DateKey): DateKey {
  const here = nthBusinessDayOfMonth(date, config.paymentBusinessDay);
  if (here >= date) return here;
  const { year, month } = parseDateKey(date);
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return nthBusinessDayOfMonth(next, config.paymentBusinessDay);
}

/**
 * The day units an accrual on `date` charges: the calendar days to the next business day (a
 * Friday covers Saturday and Sunday), plus (multiplier − 1) in interest-first mode when those
 * days include a record date of the issue [LN1].
 */
export function dayUnitsOf(config: LendingConfig, code: string, date: DateKey, mode: LendingMode): { days: number; dayUnits: number } {
  const next = nextBusinessDay(date);
  const days = daysBetween(date, next);
  if (mode !== 'interest-first') return { days, dayUnits: days };
  // A record date falls a few days after its last cum date: look back far enough to find it.
  const covers = rightsDatesBetween(code, addDays(date, -15), next).some((r) => r.recordDate >= date && r.recordDate < next);
  return { days, dayUnits: covers ? days + config.recordDayMultiplier - 1 : days };
}

/** rights-first: the step of `date` recalls when the next business day is within the recall window before a last cum date. */
export function inRecallWindow(config: LendingConfig, code: string, date: DateKey): boolean {
  const rights = nextRightsDate(code, nextBusinessDay(date));
  let start = rights.lastCumDate;
  for (let i = 0; i < config.recallBusinessDaysBeforeLastCum; i++) start = previousBusinessDay(start);
  return date >= start && date < rights.lastCumDate;
}

/** The closing value of `date`: the venue's last price when the step runs on its own day, else the simulated close of that day. */
function closeTenthsOf(venue: LendingVenue, code: string, date: DateKey): number {
  const q = venue.quote(code);
  if (q.tradingDate === date) return q.last ?? q.previousClose;
  return venue.closeOn(code, date);
}

type SplitRow = typeof lendingSplits.$inferSelect;

/** New shares per share of `date` for the splits applied after it: the shares lent now are that many times the shares of `date`. */
function splitFactorAfter(splits: readonly SplitRow[], code: string, date: DateKey): number {
  return splits.filter((s) => s.code === code && s.effectiveDate > date).reduce((f, s) => f * s.ratio, 1);
}

/**
 * Every split applied to the issue: lent shares are held in today's share terms, so the shares
 * outstanding (and the quotas) are multiplied by them all, also in a step caught up for an earlier date.
 */
function appliedSplitFactor(splits: readonly SplitRow[], code: string): number {
  return splits.filter((s) => s.code === code).reduce((f, s) => f * s.ratio, 1);
}

/** Per issue, the product of the splits applied (the rates page's shares outstanding and quotas). */
export async function appliedSplitFactors(db: Database): Promise<Map<string, number>> {
  const splits = await db.select().from(lendingSplits);
  return new Map([...new Set(splits.map((s) => s.code))].map((code) => [code, appliedSplitFactor(splits, code)]));
}

/**
 * A split of an issue, in its transaction: the shares lent of each position split are multiplied
 * by the ratio (lent ≤ held and whole units stay true), and the split is recorded for quotas and
 * catch-up steps. Once per split: a second call changes nothing.
 */
export async function onSharesSplit(tx: Database, split: SharesSplit, now: Date): Promise<void> {
  const [recorded] = await tx
    .insert(lendingSplits)
    .values({ code: split.code, effectiveDate: split.effectiveDate, ratio: split.ratio, appliedAt: now })
    .onConflictDoNothing()
    .returning({ code: lendingSplits.code });
  if (!recorded || split.positionIds.length === 0) return;
  await tx
    .update(lendingLoans)
    .set({ quantity: sql`${lendingLoans.quantity} * ${split.ratio}`, updatedAt: now })
    .where(and(eq(lendingLoans.code, split.code), inArray(lendingLoans.positionId, [...split.positionIds])));
}

export interface StepFigures {
  date: DateKey;
  ran: boolean;
  accruals: number;
  feesYen: bigint;
  payments: number;
  paidYen: bigint;
  lentShares: number;
}

/**
 * The steps due at `at` on a real clock, oldest first: every business date after the last step
 * taken through the latest due one, so days missed while the server was down are each accrued on
 * their own closing value (each step is once per date: a second run posts nothing). With no step
 * taken yet, only the latest due one.
 */
export async function runDueLendingSteps(deps: LendingDeps, at: Date): Promise<StepFigures[]> {
  const target = stepDateAt(deps.config, at);
  const [last] = await deps.db.select({ date: sql<string | null>`max(${lendingSteps.businessDate})` }).from(lendingSteps);
  const out: StepFigures[] = [];
  for (let d = last?.date ? nextBusinessDay(last.date) : target; d <= target; d = nextBusinessDay(d)) out.push(await runLendingStep(deps, d));
  return out;
}

/** The business date whose step is due at `at`: the date itself once past the step time, else the previous business day. */
export function stepDateAt(config: LendingConfig, at: Date): DateKey {
  const today = jstDateKey(at);
  const secondOfDay = Math.floor((at.getTime() + 9 * 3_600_000) / 1000) % 86_400;
  if (isBusinessDay(today) && secondOfDay >= config.stepSecondOfDay) return today;
  return previousBusinessDay(today);
}

/**
 * The daily lending step of a business date, once (lending_steps): (1) accrue the day's fee on
 * the shares lent through it, at its closing price; (2) on the payment day, pay every earlier
 * month's unpaid fees; (3) lend or recall for the next day.
 */
export async function runLendingStep(deps: LendingDeps, date: DateKey): Promise<StepFigures> {
  const figures: StepFigures = { date, ran: false, accruals: 0, feesYen: 0n, payments: 0, paidYen: 0n, lentShares: 0 };
  if (!isBusinessDay(date)) return figures;
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(lendingSteps)
      .values({ businessDate: date, ranAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ d: lendingSteps.businessDate });
    if (!claimed) return figures;
    figures.ran = true;
    await accrue(deps, tx, date, figures);
    if (date === nthBusinessDayOfMonth(date, deps.config.paymentBusinessDay)) await pay(deps, tx, date, figures);
    await rebalanceAll(deps, tx, date, figures);
    return figures;
  });
}

async function accrue(deps: LendingDeps, tx: Database, date: DateKey, figures: StepFigures): Promise<void> {
  const lent = await tx
    .select({ userId: lendingLoans.userId, code: lendingLoans.code, quantity: sql<number>`sum(${lendingLoans.quantity})::int` })
    .from(lendingLoans)
    .where(gt(lendingLoans.quantity, 0))
    .groupBy(lendingLoans.userId, lendingLoans.code)
    .orderBy(lendingLoans.userId, lendingLoans.code);
  if (lent.length === 0) return;
  const modes = new Map(
    (
      await tx
        .select({ userId: lendingEnrolments.userId, mode: lendingEnrolments.mode })
        .from(lendingEnrolments)
        .where(
          inArray(
            lendingEnrolments.userId,
            lent.map((l) => l.userId),
          ),
        )
    ).map((r) => [r.userId, r.mode]),
  );
  const now = deps.clock.now();
  const splits = await tx.select().from(lendingSplits);
  const rows = lent.map((l) => {
    const mode = modes.get(l.userId) ?? 'rights-first';
    const closeTenths = closeTenthsOf(deps.venue, l.code, date);
    // A step caught up for a date before a split already applied counts that date's shares at that date's close.
    const quantity = Math.floor(l.quantity / splitFactorAfter(splits, l.code, date));
    const rateBp = effectiveRateBp(deps.config, l.code, date);
    const { days, dayUnits } = dayUnitsOf(deps.config, l.code, date, mode);
    const amount = accrualFee(closeTenths, quantity, rateBp, dayUnits, deps.config.dayCount);
    return { userId: l.userId, code: l.code, businessDate: date, quantity, closeTenths, rateBp, days, dayUnits, amount, createdAt: now };
  });
  const posted = rows.filter((r) => r.amount > 0n);
  const journals: JournalInput[] = posted.map((r) => ({
    type: 'lending_fee_accrual',
    reference: `lending-accrual:${r.userId}:${r.code}:${date}`,
    userId: r.userId,
    memo: `${r.code} ${r.quantity} × ${r.closeTenths / 10} × ${r.rateBp} bp × ${r.dayUnits}/${deps.config.dayCount} (simulated borrower)`,
    postings: [
      { account: { kind: LENDING_ACCOUNTS.feeReceivable, currency: 'JPY', userId: r.userId }, amount: r.amount },
      { account: brokerAccount(LENDING_ACCOUNTS.borrower, 'JPY'), amount: -r.amount },
    ],
  }));
  const ids = await postJournals(tx, deps.clock, journals);
  const idOf = new Map(posted.map((r, i) => [`${r.userId}:${r.code}`, ids[i] ?? null]));
  await tx.insert(lendingAccruals).values(rows.map((r) => ({ ...r, journalId: idOf.get(`${r.userId}:${r.code}`) ?? null })));
  figures.accruals = rows.length;
  figures.feesYen = rows.reduce((s, r) => s + r.amount, 0n);
}

async function pay(deps: LendingDeps, tx: Database, date: DateKey, figures: StepFigures): Promise<void> {
  const { year, month } = parseDateKey(date);
  const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
  const due = await tx
    .select({
      userId: lendingAccruals.userId,
      total: sql<string>`sum(${lendingAccruals.amount})::text`,
      last: sql<string>`max(${lendingAccruals.businessDate})`,
    })
    .from(lendingAccruals)
    .where(and(isNull(lendingAccruals.paymentId), lt(lendingAccruals.businessDate, monthStart), gt(lendingAccruals.amount, 0n)))
    .groupBy(lendingAccruals.userId)
    .orderBy(lendingAccruals.userId);
  const now = deps.clock.now();
  for (const d of due) {
    const amount = BigInt(d.total);
    const [journalId] = await postJournals(tx, deps.clock, [
      {
        type: 'lending_fee_payment',
        reference: `lending-payment:${d.userId}:${date}`,
        userId: d.userId,
        memo: `lending fees accrued before ${monthStart}, paid by the simulated borrower`,
        postings: [
          { account: customerCash(d.userId, 'JPY'), amount },
          { account: { kind: LENDING_ACCOUNTS.feeReceivable, currency: 'JPY', userId: d.userId }, amount: -amount },
          { account: brokerAccount(LENDING_ACCOUNTS.borrower, 'JPY'), amount },
          { account: brokerAccount(LENDING_ACCOUNTS.borrowerFunding, 'JPY'), amount: -amount },
        ],
      },
    ]);
    if (journalId === undefined) throw new Error('lending payment not posted');
    const [payment] = await tx
      .insert(lendingPayments)
      .values({ userId: d.userId, paymentDate: date, month: d.last.slice(0, 7), amount, journalId, createdAt: now })
      .returning({ id: lendingPayments.id });
    if (!payment) throw new Error('lending payment not written');
    await tx
      .update(lendingAccruals)
      .set({ paymentId: payment.id })
      .where(and(eq(lendingAccruals.userId, d.userId), isNull(lendingAccruals.paymentId), lt(lendingAccruals.businessDate, monthStart)));
    figures.payments += 1;
    figures.paidYen += amount;
  }
}

interface Plan {
  userId: number;
  code: string;
  lot: number;
  /** Settled whole-unit shares that could be lent (before quotas). */
  lendable: number;
  holdings: CashHolding[];
  status: LendingStatus;
  reason: LendingExcludedReason | null;
}

async function rebalanceAll(deps: LendingDeps, tx: Database, date: DateKey, figures: StepFigures): Promise<void> {
  const enrolled = await tx.select().from(lendingEnrolments).where(isNull(lendingEnrolments.optedOutAt)).orderBy(lendingEnrolments.userId);
  const plans: Plan[] = [];
  for (const e of enrolled) {
    // Same lock order as a sale's fill (lending rows, then positions): see onHoldingReduced.
    await tx.select({ id: lendingLoans.positionId }).from(lendingLoans).where(eq(lendingLoans.userId, e.userId)).for('update');
    const holdings = await cashHoldings(tx, e.userId, date, deps.settlementDays, true);
    const loan = await deps.hasLoan(tx, e.userId);
    const byCode = new Map<string, CashHolding[]>();
    for (const h of holdings) byCode.set(h.code, [...(byCode.get(h.code) ?? []), h]);
    for (const [code, hs] of byCode) {
      const lot = deps.venue.instrument(code)?.lot ?? 100;
      const held = hs.reduce((s, h) => s + h.held, 0);
      const settled = hs.reduce((s, h) => s + h.settled, 0);
      const whole = Math.floor(settled / lot) * lot;
      let status: LendingStatus = 'lent';
      let reason: LendingExcludedReason | null = null;
      let lendable = whole;
      if (loan) [status, reason, lendable] = ['excluded', 'loan-collateral', 0];
      else if (e.mode === 'rights-first' && inRecallWindow(deps.config, code, date)) [status, reason, lendable] = ['recalled', 'rights-date', 0];
      else if (whole === 0) [status, reason] = ['excluded', settled < held ? 'unsettled' : 'odd-lot'];
      else if (settled < held) reason = 'unsettled';
      else if (whole < settled) reason = 'odd-lot';
      plans.push({ userId: e.userId, code, lot, lendable, holdings: hs, status, reason });
    }
  }
  // Quotas per issue [LN7]: each customer at most 1 % of the shares outstanding, all together at
  // most 8 %; when the total is short the largest lenders are served first (Matsui drops the
  // smallest first).
  const byCode = new Map<string, Plan[]>();
  for (const p of plans) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
  const now = deps.clock.now();
  const splits = await tx.select().from(lendingSplits);
  for (const [code, ps] of byCode) {
    const quotas = quotasOf(deps.config, code, ps[0]?.lot ?? 100, appliedSplitFactor(splits, code));
    let room = quotas.total;
    ps.sort((a, b) => b.lendable - a.lendable || a.userId - b.userId);
    for (const p of ps) {
      let quantity = Math.min(p.lendable, quotas.perCustomer, Math.floor(Math.max(room, 0) / p.lot) * p.lot);
      quantity = Math.floor(quantity / p.lot) * p.lot;
      room -= quantity;
      if (quantity < p.lendable) p.reason = 'quota-full';
      if (quantity === 0 && p.status === 'lent') p.status = p.reason === 'quota-full' ? 'not-lent' : 'excluded';
      await writeLoans(tx, p, quantity, now);
      figures.lentShares += quantity;
      await tx
        .insert(lendingStates)
        .values({ userId: p.userId, code, status: p.status, reason: p.reason, businessDate: date })
        .onConflictDoUpdate({ target: [lendingStates.userId, lendingStates.code], set: { status: p.status, reason: p.reason, businessDate: date } });
    }
  }
  // Issues no longer held: their loan rows go (a position closed outside a fill, e.g. cancelled).
  for (const e of enrolled) {
    const heldCodes = new Set(plans.filter((p) => p.userId === e.userId).map((p) => p.code));
    const stale = (await tx.select().from(lendingLoans).where(eq(lendingLoans.userId, e.userId))).filter((l) => !heldCodes.has(l.code));
    if (stale.length > 0)
      await tx.delete(lendingLoans).where(
        inArray(
          lendingLoans.positionId,
          stale.map((l) => l.positionId),
        ),
      );
  }
}

/** Spread `quantity` lent shares over the positions, oldest first, each up to its settled shares. */
async function writeLoans(tx: Database, plan: Plan, quantity: number, now: Date): Promise<void> {
  let left = quantity;
  for (const h of plan.holdings) {
    const take = Math.min(left, h.settled);
    left -= take;
    await tx
      .insert(lendingLoans)
      .values({ positionId: h.positionId, userId: plan.userId, code: plan.code, quantity: take, updatedAt: now })
      .onConflictDoUpdate({ target: lendingLoans.positionId, set: { quantity: take, updatedAt: now } });
  }
}

/**
 * A sale of a cash long recalls the shares sold (auto-recall at execution, SBI [LN5][LN11]),
 * in the fill's transaction: what stays lent never exceeds what stays held, in whole units.
 */
export async function onHoldingReduced(tx: Database, reduction: HoldingReduction, lotOf: (code: string) => number): Promise<void> {
  const [loan] = await tx.select().from(lendingLoans).where(eq(lendingLoans.positionId, reduction.positionId)).for('update');
  if (!loan || loan.quantity === 0) return;
  const [pos] = await tx
    .select({ open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(eq(tradingPositions.id, reduction.positionId));
  // The fill's own update of the position may not be written yet: count the shares sold here.
  const heldAfter = pos ? pos.open - pos.closed - reduction.shares : 0;
  const lot = lotOf(reduction.code);
  const keep = Math.max(0, Math.min(loan.quantity - reduction.shares, Math.floor(Math.max(heldAfter, 0) / lot) * lot));
  const quantity = Math.floor(keep / lot) * lot;
  await tx.update(lendingLoans).set({ quantity }).where(eq(lendingLoans.positionId, reduction.positionId));
}

/** Shares of each issue the customer has out on loan now. */
export async function lentByCode(db: Database, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: lendingLoans.code, quantity: sql<number>`sum(${lendingLoans.quantity})::int` })
    .from(lendingLoans)
    .where(and(eq(lendingLoans.userId, userId), gt(lendingLoans.quantity, 0)))
    .groupBy(lendingLoans.code);
  return new Map(rows.map((r) => [r.code, r.quantity]));
}

/** Shares lent now of several positions (trading's positions view). */
export async function lentByPosition(db: Database, positionIds: readonly number[]): Promise<Map<number, number>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: lendingLoans.positionId, quantity: lendingLoans.quantity })
    .from(lendingLoans)
    .where(inArray(lendingLoans.positionId, [...positionIds]));
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

/** Every issue's shares lent by all customers now (the total quota). */
export async function lentTotals(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: lendingLoans.code, quantity: sql<number>`sum(${lendingLoans.quantity})::int` })
    .from(lendingLoans)
    .groupBy(lendingLoans.code);
  return new Map(rows.map((r) => [r.code, r.quantity]));
}

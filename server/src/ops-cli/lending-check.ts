// The independent check of a customer's stock lending fees (docs/credit.md "Stock lending"),
// beside the loan interest check: recomputed from the published rate model (seed, bands, demand
// odds: config defaults) and the ledger's postings, not through the lending code. For each accrual
// row: the rate from the seed's SHA-256 draws for the issue and the day, the day units from the
// business calendar (calendar days to the next business day, + multiplier − 1 only when a record
// date falls in them), the fee floor(close × shares × rate × units ÷ dayCount), and the posting on
// the fee receivable; for each payment, the accruals it paid and its cash posting.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ledgerAccounts, ledgerJournal, ledgerPostings } from '../modules/funds';
import { addDays, daysBetween, nextBusinessDay, rightsDatesBetween } from '../modules/market';
import { DEFAULT_LENDING_CONFIG, type LendingConfig } from '../modules/credit/lending/config';
import { lendingAccruals, lendingPayments } from '../modules/credit/lending/schema';

export interface LendingCheckLine {
  what: string;
  expected: string;
  posted: string;
  match: boolean;
}

export interface LendingCheckResult {
  userId: number;
  lines: LendingCheckLine[];
  match: boolean;
}

function draw(seed: string, ...parts: string[]): number {
  return (
    createHash('sha256')
      .update([seed, ...parts].join(':'))
      .digest()
      .readUIntBE(0, 6) % 1000
  );
}

/** The published rate of the issue on the day, basis points p.a., from the seed alone. */
function rateFromSeed(config: LendingConfig, code: string, date: string): number {
  let r = draw(config.demand.seed, 'rate', code);
  let published = config.minRateBp;
  for (const band of config.demand.rateBands) {
    if (r < band.perMille) {
      published = Math.max(config.minRateBp, band.rateBp);
      break;
    }
    r -= band.perMille;
  }
  const d = draw(config.demand.seed, 'demand', code, date);
  if (d < config.demand.shortPerMille) return 0;
  return d < config.demand.shortPerMille + config.demand.highPerMille ? published * config.demand.highMultiplier : published;
}

export async function checkLendingFees(db: Database, userId: number, config: LendingConfig = DEFAULT_LENDING_CONFIG): Promise<LendingCheckResult> {
  const lines: LendingCheckLine[] = [];
  const accruals = await db.select().from(lendingAccruals).where(eq(lendingAccruals.userId, userId)).orderBy(asc(lendingAccruals.id));
  const payments = await db.select().from(lendingPayments).where(eq(lendingPayments.userId, userId)).orderBy(asc(lendingPayments.id));
  const postings = await db
    .select({ journalId: ledgerJournal.id, kind: ledgerAccounts.kind, owner: ledgerAccounts.userId, amount: ledgerPostings.amount })
    .from(ledgerJournal)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournal.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerJournal.userId, userId), inArray(ledgerJournal.type, ['lending_fee_accrual', 'lending_fee_payment'])));
  const posted = (journalId: bigint | null, kind: string) =>
    postings.filter((p) => p.journalId === journalId && p.kind === kind && p.owner === userId).reduce((s, p) => s + p.amount, 0n);
  for (const a of accruals) {
    const rate = rateFromSeed(config, a.code, a.businessDate);
    const next = nextBusinessDay(a.businessDate);
    const days = daysBetween(a.businessDate, next);
    const recordDay = rightsDatesBetween(a.code, addDays(a.businessDate, -15), next).some((r) => r.recordDate >= a.businessDate && r.recordDate < next);
    const unitsOk = a.days === days && (a.dayUnits === days || (recordDay && a.dayUnits === days + config.recordDayMultiplier - 1));
    const fee = (BigInt(a.closeTenths) * BigInt(a.quantity) * BigInt(rate) * BigInt(a.dayUnits)) / (10n * BigInt(config.dayCount) * 10_000n);
    const onLedger = posted(a.journalId, 'lending_fee_receivable');
    lines.push({
      what: `fee ${a.businessDate} ${a.code} ${a.quantity} × ${a.closeTenths / 10} at ${rate} bp × ${a.dayUnits}/${config.dayCount}`,
      expected: fee.toString(),
      posted: onLedger.toString(),
      match: rate === a.rateBp && unitsOk && fee === a.amount && onLedger === fee,
    });
  }
  for (const p of payments) {
    const paid = accruals.filter((a) => a.paymentId === p.id).reduce((s, a) => s + a.amount, 0n);
    const cash = posted(p.journalId, 'customer_cash');
    const receivable = posted(p.journalId, 'lending_fee_receivable');
    lines.push({
      what: `payment ${p.paymentDate}`,
      expected: paid.toString(),
      posted: cash.toString(),
      match: paid === p.amount && cash === paid && receivable === -paid,
    });
  }
  return { userId, lines, match: lines.every((l) => l.match) };
}

export function formatLendingCheck(result: LendingCheckResult): string {
  const body = result.lines.map((l) => `${l.match ? 'match   ' : 'MISMATCH'} lending ${l.what}: expected ${l.expected}, posted ${l.posted}`);
  return [...body, `${result.match ? 'match' : 'mismatch'}: ${result.lines.length} lending figures of customer ${result.userId} checked`].join('\n');
}

// Fund records (transactionRecord): tabs deposit and withdraw list the requests with
// their states; tab trade lists every other journal entry touching the customer
// (exchanges, adjustments; trading, IPO and loans when they post).
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  isCurrencyCode,
  type CurrencyCode,
  type DepositRecordsPage,
  type JournalType,
  type TradeRecord,
  type WithdrawalRecordsPage,
  type Page,
} from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { deposits, ledgerAccounts, ledgerJournal, ledgerPostings, withdrawals } from '../schema';
import { depositView } from '../deposits/deposits';
import { ACCOUNT_KINDS } from '../ledger/accounts';
import { moneyList, toMoney } from '../money';
import { withdrawalView } from '../withdrawals/withdrawals';
import { pageOf } from './postings';

function currencyOf(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`unknown currency ${text}`);
  return text;
}

export async function depositRecords(db: Database, userId: number, page: number, size: number): Promise<DepositRecordsPage> {
  const rows = await db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.id))
    .limit(size)
    .offset((page - 1) * size);
  const [n] = await db.select({ n: count() }).from(deposits).where(eq(deposits.userId, userId));
  const totals = await db
    .select({ currency: deposits.currency, sum: sql<string>`sum(${deposits.amount})::text` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, 'approved')))
    .groupBy(deposits.currency);
  return {
    ...pageOf(rows.map(depositView), Number(n?.n ?? 0), page, size),
    totals: totals.map((t) => toMoney(currencyOf(t.currency), BigInt(t.sum))),
  };
}

export async function withdrawalRecords(db: Database, userId: number, page: number, size: number): Promise<WithdrawalRecordsPage> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(size)
    .offset((page - 1) * size);
  const [n] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
  const totals = await db
    .select({ currency: withdrawals.currency, sum: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'paid')))
    .groupBy(withdrawals.currency);
  return {
    ...pageOf(rows.map(withdrawalView), Number(n?.n ?? 0), page, size),
    totals: totals.map((t) => toMoney(currencyOf(t.currency), BigInt(t.sum))),
  };
}

/** Journal types shown in the deposit and withdraw tabs rather than under trade. */
const MOVEMENT_TYPES: JournalType[] = ['deposit', 'withdrawal_freeze', 'withdrawal_paid', 'withdrawal_rejected'];

export async function tradeRecords(db: Database, userId: number, page: number, size: number): Promise<Page<TradeRecord>> {
  const where = and(eq(ledgerJournal.userId, userId), notInArray(ledgerJournal.type, MOVEMENT_TYPES));
  const journals = await db
    .select()
    .from(ledgerJournal)
    .where(where)
    .orderBy(desc(ledgerJournal.id))
    .limit(size)
    .offset((page - 1) * size);
  const [n] = await db.select({ n: count() }).from(ledgerJournal).where(where);
  const ids = journals.map((j) => j.id);
  const changes = ids.length
    ? await db
        .select({ journalId: ledgerPostings.journalId, currency: ledgerPostings.currency, sum: sql<string>`sum(${ledgerPostings.amount})::text` })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(and(inArray(ledgerPostings.journalId, ids), eq(ledgerPostings.userId, userId), eq(ledgerAccounts.kind, ACCOUNT_KINDS.customerCash)))
        .groupBy(ledgerPostings.journalId, ledgerPostings.currency)
    : [];
  const list = journals.map((j) => {
    const sums = new Map<CurrencyCode, bigint>();
    for (const c of changes.filter((c) => c.journalId === j.id)) sums.set(currencyOf(c.currency), BigInt(c.sum));
    return { id: j.id.toString(), type: j.type, reference: j.reference, at: j.createdAt.toISOString(), changes: moneyList(sums), memo: j.memo };
  });
  return pageOf(list, Number(n?.n ?? 0), page, size);
}

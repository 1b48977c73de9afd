// The postings behind a customer's figures (honest-broker §7.1): any filter of the
// customer's accounts by kind and currency, newest first, with the filter's exact sum.
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isCurrencyCode, type CurrencyCode, type PostingItem } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ledgerAccounts, ledgerJournal, ledgerPostings } from '../schema';
import { toMoney } from '../money';

export interface PostingFilter {
  userId: number;
  kinds?: string[];
  currencies?: CurrencyCode[];
}

export interface PostingsResult {
  list: PostingItem[];
  total: number;
  sums: Map<CurrencyCode, bigint>;
}

function currency(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`unknown currency ${text}`);
  return text;
}

/** 'customer_cash' → 'cash'; other modules' kinds pass as they are. */
export function accountLabel(kind: string): string {
  return kind.startsWith('customer_') ? kind.slice('customer_'.length) : kind;
}

function where(filter: PostingFilter): SQL | undefined {
  return and(
    eq(ledgerPostings.userId, filter.userId),
    filter.kinds ? inArray(ledgerAccounts.kind, filter.kinds) : undefined,
    filter.currencies ? inArray(ledgerPostings.currency, filter.currencies) : undefined,
  );
}

export async function customerPostings(db: Database, filter: PostingFilter, page: number, size: number): Promise<PostingsResult> {
  const rows = await db
    .select({
      id: ledgerPostings.id,
      journalId: ledgerPostings.journalId,
      type: ledgerJournal.type,
      reference: ledgerJournal.reference,
      kind: ledgerAccounts.kind,
      currency: ledgerPostings.currency,
      amount: ledgerPostings.amount,
      at: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .where(where(filter))
    .orderBy(desc(ledgerPostings.id))
    .limit(size)
    .offset((page - 1) * size);
  const totals = await db
    .select({ currency: ledgerPostings.currency, n: count(), sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(where(filter))
    .groupBy(ledgerPostings.currency);
  const sums = new Map<CurrencyCode, bigint>();
  let total = 0;
  for (const t of totals) {
    sums.set(currency(t.currency), BigInt(t.sum));
    total += Number(t.n);
  }
  return {
    list: rows.map((r) => ({
      id: r.id.toString(),
      journalId: r.journalId.toString(),
      type: r.type,
      reference: r.reference,
      account: accountLabel(r.kind),
      amount: toMoney(currency(r.currency), r.amount),
      at: r.at.toISOString(),
    })),
    total,
    sums,
  };
}

export function pageOf<T>(list: T[], total: number, page: number, size: number) {
  return { list, page, size, total, hasMore: page * size < total };
}

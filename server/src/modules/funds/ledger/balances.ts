// Reading balances: from the cache (fast, what the API uses) and from the postings
// themselves (what the cache must always equal; tests and the operator check compare).
import { and, eq, sql } from 'drizzle-orm';
import { isCurrencyCode, type CurrencyCode } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ledgerAccounts, ledgerBalances, ledgerPostings } from '../schema';

export interface AccountBalance {
  accountId: number;
  kind: string;
  currency: CurrencyCode;
  balance: bigint;
}

function currencyOf(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`ledger holds unknown currency ${text}`);
  return text;
}

/** Every account of the user with its cached balance (accounts never posted to read 0). */
function prepareUserAccountBalances(db: Database) {
  return db
    .select({ accountId: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerBalances.balance })
    .from(ledgerAccounts)
    .leftJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.userId, sql.placeholder('userId')))
    .prepare('funds_user_account_balances');
}

/** Prepared once per database handle (the wallet reads it on every call); a transaction prepares its own. */
const balanceStatements = new WeakMap<Database, ReturnType<typeof prepareUserAccountBalances>>();

export async function userAccountBalances(db: Database, userId: number): Promise<AccountBalance[]> {
  let statement = balanceStatements.get(db);
  if (!statement) {
    statement = prepareUserAccountBalances(db);
    balanceStatements.set(db, statement);
  }
  const rows = await statement.execute({ userId });
  return rows.map((r) => ({ accountId: r.accountId, kind: r.kind, currency: currencyOf(r.currency), balance: r.balance ?? 0n }));
}

/** Cached balance of one of the user's accounts (0 when it has none yet). */
export async function userAccountBalance(db: Database, userId: number, kind: string, currency: CurrencyCode): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  return row?.balance ?? 0n;
}

export interface LedgerCheck {
  /** Sum of all postings per currency: always 0 in a sound ledger. */
  currencies: { currency: string; sum: bigint }[];
  /** Accounts whose cached balance differs from the sum of their postings. */
  cacheMismatches: { accountId: number; cached: bigint; posted: bigint }[];
  balanced: boolean;
}

export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const sums = await db
    .select({ currency: ledgerPostings.currency, sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.currency)
    .orderBy(ledgerPostings.currency);
  const posted = await db
    .select({ accountId: ledgerPostings.accountId, sum: sql<string>`sum(${ledgerPostings.amount})::text` })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.accountId);
  const cached = await db.select({ accountId: ledgerBalances.accountId, balance: ledgerBalances.balance }).from(ledgerBalances);
  const postedBy = new Map(posted.map((p) => [p.accountId, BigInt(p.sum)]));
  const cachedBy = new Map(cached.map((c) => [c.accountId, c.balance]));
  const cacheMismatches: LedgerCheck['cacheMismatches'] = [];
  for (const accountId of new Set([...postedBy.keys(), ...cachedBy.keys()])) {
    const c = cachedBy.get(accountId) ?? 0n;
    const p = postedBy.get(accountId) ?? 0n;
    if (c !== p) cacheMismatches.push({ accountId, cached: c, posted: p });
  }
  const currencies = sums.map((s) => ({ currency: s.currency, sum: BigInt(s.sum) }));
  return { currencies, cacheMismatches, balanced: currencies.every((c) => c.sum === 0n) && cacheMismatches.length === 0 };
}

// The one way money moves: a journal entry with postings that sum to zero per currency,
// checked before anything is written, written with the balances cache in the caller's
// transaction. Postings are only ever inserted.
import { sql, type SQL } from 'drizzle-orm';
import { isCurrencyCode, type JournalType } from '@kabuto/shared-sdk/schemas';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ledgerAccounts, ledgerBalances, ledgerJournal, ledgerPostings } from '../schema';
import { forgetWallets } from '../wallet/wallet-cache';
import { accountKey, ensureAccounts, type AccountRef } from './accounts';

export interface PostingInput {
  account: AccountRef;
  /** Signed minor units of account.currency: + into the account, − out of it. */
  amount: bigint;
}

export interface JournalInput {
  /** What the records page shows it as (shared with the client). */
  type: JournalType;
  /** The business record behind it, e.g. 'deposit:12'. */
  reference: string;
  userId?: number | null;
  memo?: string | null;
  postings: PostingInput[];
}

export class UnbalancedJournalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedJournalError';
  }
}

/** Throws unless every posting is non-zero, in a known currency, and each currency nets to zero. */
export function assertBalanced(input: JournalInput): void {
  if (input.postings.length < 2) throw new UnbalancedJournalError(`journal ${input.type} needs at least two postings`);
  const sums = new Map<string, bigint>();
  for (const p of input.postings) {
    if (typeof p.amount !== 'bigint' || p.amount === 0n) throw new UnbalancedJournalError(`zero or non-integer posting on ${accountKey(p.account)}`);
    if (!isCurrencyCode(p.account.currency)) throw new UnbalancedJournalError(`unknown currency ${p.account.currency}`);
    sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedJournalError(`journal ${input.type} does not balance in ${currency}: ${sum}`);
  }
}

/** The customers whose accounts the entries touch: their wallets show new figures. */
function customersOf(inputs: readonly JournalInput[]): number[] {
  const ids: number[] = [];
  for (const input of inputs) for (const p of input.postings) if (p.account.userId != null) ids.push(p.account.userId);
  return ids;
}

/** Writes the journal entry; returns its id. Call inside a transaction. */
export async function postJournal(tx: Database, clock: Clock, input: JournalInput): Promise<bigint> {
  assertBalanced(input);
  const now = clock.now();
  const accountIds = await ensureAccounts(
    tx,
    clock,
    input.postings.map((p) => p.account),
  );
  const resolved = input.postings.map((p) => ({
    accountId: accountIds.get(accountKey(p.account)) as number,
    currency: p.account.currency,
    amount: p.amount,
    userId: p.account.userId ?? null,
  }));
  const [journal] = await tx
    .insert(ledgerJournal)
    .values({ type: input.type, reference: input.reference, userId: input.userId ?? null, memo: input.memo ?? null, createdAt: now })
    .returning({ id: ledgerJournal.id });
  if (!journal) throw new Error('journal entry not written');
  await tx
    .insert(ledgerPostings)
    .values(resolved.map((r) => ({ journalId: journal.id, accountId: r.accountId, currency: r.currency, amount: r.amount, userId: r.userId, createdAt: now })));
  // Net change per account, applied in account-id order so concurrent journals touching
  // the same broker accounts always lock their cache rows in the same order (no deadlock).
  const delta = new Map<number, bigint>();
  for (const r of resolved) delta.set(r.accountId, (delta.get(r.accountId) ?? 0n) + r.amount);
  // One statement for all of them: rows are inserted (and their conflicts locked) in VALUES order.
  await tx
    .insert(ledgerBalances)
    .values([...delta.keys()].sort((a, b) => a - b).map((accountId) => ({ accountId, balance: delta.get(accountId) ?? 0n, updatedAt: now })))
    .onConflictDoUpdate({
      target: ledgerBalances.accountId,
      set: { balance: sql`${ledgerBalances.balance} + excluded.balance`, updatedAt: sql`excluded.updated_at` },
    });
  forgetWallets(tx, customersOf([input]));
  return journal.id;
}

/**
 * Several journal entries at once, for callers that group-commit (trading's fills, docs/trading.md
 * "Write path"): each entry checked as postJournal checks it, then ONE statement that finds the
 * accounts by key and writes the entry ids, the entries, all their postings and the balances
 * cache, however many entries (a round trip per statement is what a busy database
 * charges). When an account does not exist yet the statement writes nothing and says so; the
 * accounts are then created and it runs again. Same invariants: balanced, insert-only, cache
 * updated in account-id order. Answers the entry ids in input order. Call inside a transaction.
 * `alongside`: the caller's own data-modifying statements, written in the same statement (one
 * round trip for both: trading's group commit writes its fills and row updates so); they touch
 * no ledger table, and are written once even when the entries are written again.
 */
export async function postJournals(tx: Database, clock: Clock, inputs: readonly JournalInput[], alongside: readonly SQL[] = []): Promise<bigint[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) assertBalanced(input);
  const refs = new Map<string, AccountRef>();
  for (const input of inputs) for (const p of input.postings) refs.set(accountKey(p.account), p.account);
  // The statements alongside run even when the entries are not written (a missing account): not again.
  let ids = await writeJournals(tx, clock, inputs, refs.size, alongside);
  if (ids === null) {
    await ensureAccounts(tx, clock, [...refs.values()]);
    ids = await writeJournals(tx, clock, inputs, refs.size);
    if (ids === null) throw new Error('ledger accounts not found after they were created');
  }
  forgetWallets(tx, customersOf(inputs));
  return ids;
}

/** The one statement of postJournals; null (nothing written) when one of the `accountCount` accounts does not exist. */
async function writeJournals(
  tx: Database,
  clock: Clock,
  inputs: readonly JournalInput[],
  accountCount: number,
  alongside: readonly SQL[] = [],
): Promise<bigint[] | null> {
  const now = clock.now();
  // Column arrays (one parameter each, whatever the number of rows): entry n (1-based), then
  // its postings in input order (accounts by key), then the net change per account key.
  const delta = new Map<string, bigint>();
  const posting = { n: [] as number[], key: [] as string[], currency: [] as string[], amount: [] as string[], user: [] as (number | null)[] };
  inputs.forEach((input, i) => {
    for (const p of input.postings) {
      const key = accountKey(p.account);
      delta.set(key, (delta.get(key) ?? 0n) + p.amount);
      posting.n.push(i + 1);
      posting.key.push(key);
      posting.currency.push(p.account.currency);
      posting.amount.push(p.amount.toString());
      posting.user.push(p.account.userId ?? null);
    }
  });
  const keys = [...delta.keys()];
  const param = (values: unknown[]) => sql.param(values);
  // The accounts are found first; unless all of them are, no entry id is drawn and so nothing
  // below writes a row. Entry ids are drawn first (materialised: nextval is volatile) so each
  // posting names its entry by position, not by the order of RETURNING rows. Foreign keys are
  // checked at the end of the statement, when the entries are in. Postings and cache rows are
  // inserted in the order given (ORDER BY), as postJournal does: the cache in account-id order.
  const result: unknown = await tx.execute(sql`
    with acc as materialized (
      select id, key from ${ledgerAccounts} where key = any(${param(keys)}::text[])
    ),
    found as materialized (
      select count(*) = ${accountCount}::int as ok from acc
    ),
    ids as materialized (
      select n, nextval(pg_get_serial_sequence('ledger_journal', 'id')) as id
      from generate_series(1, ${inputs.length}::int) as n
      where (select ok from found)
    ),
    journal as (
      insert into ${ledgerJournal} (id, type, reference, user_id, memo, created_at)
      select ids.id, e.type, e.reference, e.user_id, e.memo, ${now.toISOString()}::timestamptz
      from unnest(${param(inputs.map((i) => i.type))}::text[], ${param(inputs.map((i) => i.reference))}::text[],
                  ${param(inputs.map((i) => i.userId ?? null))}::int[], ${param(inputs.map((i) => i.memo ?? null))}::text[])
             with ordinality as e(type, reference, user_id, memo, n)
      join ids on ids.n = e.n
      order by e.n
    ),
    postings as (
      insert into ${ledgerPostings} (journal_id, account_id, currency, amount, user_id, created_at)
      select ids.id, acc.id, p.currency, p.amount, p.user_id, ${now.toISOString()}::timestamptz
      from unnest(${param(posting.n)}::int[], ${param(posting.key)}::text[], ${param(posting.currency)}::text[],
                  ${param(posting.amount)}::bigint[], ${param(posting.user)}::int[])
             with ordinality as p(n, key, currency, amount, user_id, k)
      join ids on ids.n = p.n
      join acc on acc.key = p.key
      order by p.k
    ),
    balances as (
      insert into ${ledgerBalances} (account_id, balance, updated_at)
      select acc.id, b.balance, ${now.toISOString()}::timestamptz
      from unnest(${param(keys)}::text[], ${param(keys.map((k) => (delta.get(k) ?? 0n).toString()))}::bigint[]) as b(key, balance)
      join acc on acc.key = b.key
      where (select ok from found)
      order by acc.id
      on conflict (account_id) do update set balance = ${ledgerBalances}.balance + excluded.balance, updated_at = excluded.updated_at
    )${sql.join(
      alongside.map((w, i) => sql`, ${sql.identifier(`alongside${i}`)} as (${w})`),
      sql``,
    )}
    select id::text as id from ids order by n`);
  // node-postgres and PGlite both answer { rows }.
  const ids = (result as { rows: { id: string }[] }).rows.map((r) => BigInt(r.id));
  if (ids.length === 0) return null;
  if (ids.length !== inputs.length) throw new Error('journal entries not written');
  return ids;
}

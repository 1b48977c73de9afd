// The one way money moves: a journal entry with postings that sum to zero per currency,
// checked before anything is written, written with the balances cache in the caller's
// transaction. Postings are only ever inserted.
import { sql } from 'drizzle-orm';
import { isCurrencyCode, type JournalType } from '@kabuto/shared-sdk/schemas';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ledgerBalances, ledgerJournal, ledgerPostings } from '../schema';
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
 * "Write path"): each entry checked as postJournal checks it, then one statement each for the
 * accounts, the entry ids, the entries, all their postings and the balances cache, however
 * many entries. Same invariants: balanced, insert-only, cache updated in account-id order.
 * Answers the entry ids in input order. Call inside a transaction.
 */
export async function postJournals(tx: Database, clock: Clock, inputs: readonly JournalInput[]): Promise<bigint[]> {
  if (inputs.length === 0) return [];
  if (inputs.length === 1) return [await postJournal(tx, clock, inputs[0] as JournalInput)];
  for (const input of inputs) assertBalanced(input);
  const now = clock.now();
  const accountIds = await ensureAccounts(
    tx,
    clock,
    inputs.flatMap((input) => input.postings.map((p) => p.account)),
  );
  // Ids first (one statement), so each entry's postings can name it without relying on the
  // order of RETURNING rows.
  const idRows = await tx
    .select({ id: sql<string>`nextval(pg_get_serial_sequence('ledger_journal', 'id'))::text` })
    .from(sql`generate_series(1, ${inputs.length}::int)`);
  const ids = idRows.map((r) => BigInt(r.id));
  if (ids.length !== inputs.length) throw new Error('journal ids not allocated');
  await tx.insert(ledgerJournal).values(
    inputs.map((input, i) => ({
      id: ids[i] as bigint,
      type: input.type,
      reference: input.reference,
      userId: input.userId ?? null,
      memo: input.memo ?? null,
      createdAt: now,
    })),
  );
  const delta = new Map<number, bigint>();
  const postings = inputs.flatMap((input, i) =>
    input.postings.map((p) => {
      const accountId = accountIds.get(accountKey(p.account)) as number;
      delta.set(accountId, (delta.get(accountId) ?? 0n) + p.amount);
      return { journalId: ids[i] as bigint, accountId, currency: p.account.currency, amount: p.amount, userId: p.account.userId ?? null, createdAt: now };
    }),
  );
  await tx.insert(ledgerPostings).values(postings);
  await tx
    .insert(ledgerBalances)
    .values([...delta.keys()].sort((a, b) => a - b).map((accountId) => ({ accountId, balance: delta.get(accountId) ?? 0n, updatedAt: now })))
    .onConflictDoUpdate({
      target: ledgerBalances.accountId,
      set: { balance: sql`${ledgerBalances.balance} + excluded.balance`, updatedAt: sql`excluded.updated_at` },
    });
  forgetWallets(tx, customersOf(inputs));
  return ids;
}

// Ledger accounts: one row per kind, currency and owner, created on first use. Kinds are
// an open set so trading, IPO escrow and loans can add theirs without a migration.
import { eq, inArray } from 'drizzle-orm';
import type { CurrencyCode } from '@kabuto/shared-sdk/schemas';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ledgerAccounts } from '../schema';

/** Kinds this module posts to. Other modules may use any other lower_snake_case kind. */
export const ACCOUNT_KINDS = {
  /** What the broker owes the customer, free to use. */
  customerCash: 'customer_cash',
  /** Customer money set aside (withdrawals under review). */
  customerFrozen: 'customer_frozen',
  /** The broker's bank accounts: money in from deposits, out to paid withdrawals. */
  brokerBank: 'broker_bank',
  /** The broker's currency position against which exchanges settle. */
  fxClearing: 'fx_clearing',
  /** Fees earned (none yet: exchange has no fee). */
  fees: 'fees',
  /** Counterpart of operator adjustments. */
  adjustments: 'adjustments',
} as const;

export interface AccountRef {
  kind: string;
  currency: CurrencyCode;
  /** The customer who owns it; omitted for the broker's own accounts. */
  userId?: number | null;
}

export function accountKey(ref: AccountRef): string {
  if (!/^[a-z][a-z0-9_]*$/.test(ref.kind)) throw new Error(`ledger account kind must be lower_snake_case: ${ref.kind}`);
  return ref.userId == null ? `${ref.kind}:${ref.currency}` : `${ref.kind}:${ref.currency}:u${ref.userId}`;
}

export const customerCash = (userId: number, currency: CurrencyCode): AccountRef => ({ kind: ACCOUNT_KINDS.customerCash, currency, userId });
export const customerFrozen = (userId: number, currency: CurrencyCode): AccountRef => ({ kind: ACCOUNT_KINDS.customerFrozen, currency, userId });
export const brokerAccount = (kind: string, currency: CurrencyCode): AccountRef => ({ kind, currency });

/** The id of the account, creating it when it does not exist yet (inside the caller's transaction). */
export async function ensureAccount(tx: Database, clock: Clock, ref: AccountRef): Promise<number> {
  const key = accountKey(ref);
  const [inserted] = await tx
    .insert(ledgerAccounts)
    .values({ key, kind: ref.kind, currency: ref.currency, userId: ref.userId ?? null, createdAt: clock.now() })
    .onConflictDoNothing({ target: ledgerAccounts.key })
    .returning({ id: ledgerAccounts.id });
  if (inserted) return inserted.id;
  const [existing] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.key, key)).limit(1);
  if (!existing) throw new Error(`ledger account ${key} vanished`);
  return existing.id;
}

/**
 * ensureAccount for several accounts in few round trips: one select when they all
 * exist (the common case), else one insert of the missing ones and one more select.
 * Answers each account's id by accountKey.
 */
export async function ensureAccounts(tx: Database, clock: Clock, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  const wanted = new Map<string, AccountRef>();
  for (const ref of refs) wanted.set(accountKey(ref), ref);
  const keys = [...wanted.keys()];
  const ids = new Map<string, number>();
  const read = async (among: string[]) => {
    const rows = await tx.select({ id: ledgerAccounts.id, key: ledgerAccounts.key }).from(ledgerAccounts).where(inArray(ledgerAccounts.key, among));
    for (const row of rows) ids.set(row.key, row.id);
  };
  await read(keys);
  const missing = keys.filter((key) => !ids.has(key));
  if (missing.length === 0) return ids;
  const now = clock.now();
  await tx
    .insert(ledgerAccounts)
    .values(
      missing.map((key) => {
        const ref = wanted.get(key) as AccountRef;
        return { key, kind: ref.kind, currency: ref.currency, userId: ref.userId ?? null, createdAt: now };
      }),
    )
    .onConflictDoNothing({ target: ledgerAccounts.key });
  // Ours, or another transaction's that committed first (the insert waited for it).
  await read(missing);
  for (const key of missing) if (!ids.has(key)) throw new Error(`ledger account ${key} vanished`);
  return ids;
}

// Where other modules plug into the funds rules without the funds module knowing them:
// holds reduce `available` (open orders, margin of open positions, unsettled proceeds),
// blockers refuse a withdrawal outright (spec §6: "blocked while positions are held").
import { createHash } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { MessageKey } from '@kabuto/shared-sdk/messages';
import type { CurrencyCode } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';

/**
 * Whatever writes the rows a hold source reads must hold the customer's funds lock
 * (withUserFundsLock or lockFundsOf): taking it forgets the customer's remembered wallet
 * (wallet/wallet-cache.ts). An amount may also change at a business date's turn.
 */
export interface HoldSource {
  /** Shown to the customer as the hold's name, e.g. 'open-orders', 'unsettled'. */
  name: string;
  /** Minor units of `currency` the user cannot use or withdraw now (≥ 0). */
  heldMinor(db: Database, userId: number, currency: CurrencyCode): Promise<bigint>;
  /**
   * The same amounts as one-row, one-column queries (their value: the minor units as text or a
   * number), per currency; a currency not named holds nothing. With it the wallet and heldFor
   * read every source in the statement that reads the balances (one round trip instead of
   * one per source). Must answer exactly what heldMinor answers. `userId` is the
   * customer's id or an SQL expression for it (a read of many customers passes its rows' id
   * column, so the statement's text does not grow with the number of customers).
   */
  heldQueries?(db: Database, userId: number | SQL): Partial<Record<CurrencyCode, SQLWrapper>>;
  /**
   * For a hold that ends on known dates (sale proceeds, released at settlement): what it holds
   * by JST date ('YYYY-MM-DD'), earliest first, summing to heldMinor. The wallet and
   * withdrawInfo show them as their own lines, so a customer sees when the money can leave.
   */
  settlements?(db: Database, userId: number, currency: CurrencyCode): Promise<{ minor: bigint; settlesOn: string }[]>;
}

export interface WithdrawalBlocker {
  name: string;
  /** A catalogue key, or `{special}` text that names the rule and the amount (messages/special.ts), to refuse with; null to allow. */
  check(db: Database, userId: number): Promise<MessageKey | { special: string } | null>;
}

/**
 * A ledger account kind of another module that holds the customer's own money outside their
 * cash (an IPO application's escrow): still theirs, so the wallet shows it as a line and counts
 * it in total assets, read from the ledger balances it already reads.
 */
export interface EscrowAccount {
  /** Shown to the customer as the line's name, e.g. 'ipo-escrow'. */
  name: string;
  /** The per-customer ledger account kind. */
  kind: string;
}

export interface FundsExtensions {
  readonly holdSources: readonly HoldSource[];
  readonly withdrawalBlockers: readonly WithdrawalBlocker[];
  readonly escrowAccounts: readonly EscrowAccount[];
  registerHoldSource(source: HoldSource): void;
  registerWithdrawalBlocker(blocker: WithdrawalBlocker): void;
  registerEscrowAccount(account: EscrowAccount): void;
}

export function createFundsExtensions(): FundsExtensions {
  const holdSources: HoldSource[] = [];
  const withdrawalBlockers: WithdrawalBlocker[] = [];
  const escrowAccounts: EscrowAccount[] = [];
  return {
    holdSources,
    withdrawalBlockers,
    escrowAccounts,
    registerEscrowAccount: (account) => {
      if (!escrowAccounts.some((a) => a.kind === account.kind)) escrowAccounts.push(account);
    },
    registerHoldSource: (source) => {
      holdSources.push(source);
    },
    registerWithdrawalBlocker: (blocker) => {
      withdrawalBlockers.push(blocker);
    },
  };
}

export interface HeldAmounts {
  total: bigint;
  lines: { source: string; minor: bigint }[];
}

/** Collects the sources' amounts into lines (positive ones only) and a total; a negative hold is a bug. */
export function heldAmounts(amounts: readonly { source: string; minor: bigint }[]): HeldAmounts {
  const lines: HeldAmounts['lines'] = [];
  let total = 0n;
  for (const { source, minor } of amounts) {
    if (minor < 0n) throw new Error(`hold source ${source} returned a negative hold`);
    if (minor > 0n) lines.push({ source, minor });
    total += minor;
  }
  return { total, lines };
}

/** A hold source's query for one currency, as a scalar-subquery column of the statement that reads it. */
export interface HoldColumn {
  source: HoldSource;
  currency: CurrencyCode;
  /** Column alias in the combined statement. */
  alias: string;
  column: SQL.Aliased<string | null>;
}

/**
 * Scalar-subquery columns for every (source, currency) the sources answer by query, for a
 * statement that reads them together with something else; `pending` lists the sources that
 * only have heldMinor (asked separately, per currency).
 */
export function holdColumns(ext: FundsExtensions, db: Database, userId: number | SQL): { columns: HoldColumn[]; pending: HoldSource[] } {
  const columns: HoldColumn[] = [];
  const pending: HoldSource[] = [];
  ext.holdSources.forEach((source, index) => {
    if (!source.heldQueries) {
      pending.push(source);
      return;
    }
    for (const [currency, query] of Object.entries(source.heldQueries(db, userId)) as [CurrencyCode, SQLWrapper][]) {
      const alias = `hold_${index}_${currency.toLowerCase()}`;
      columns.push({ source, currency, alias, column: sql<string | null>`(${query})::text`.as(alias) });
    }
  });
  return { columns, pending };
}

/**
 * A name for a statement whose text is built per call but whose values are all parameters
 * (user id, dates): the same text gets the same name, so PostgreSQL parses and plans it once
 * per connection instead of on every call (on a busy database planning the wallet's
 * statement cost as much as running it). Different text, different name.
 */
export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** Minor units from a hold column's text (null: the subquery found no row, nothing held). */
export function holdMinorOf(text: string | number | null | undefined): bigint {
  return text === null || text === undefined ? 0n : BigInt(text);
}

export async function heldFor(ext: FundsExtensions, db: Database, userId: number, currency: CurrencyCode): Promise<HeldAmounts> {
  const { columns, pending } = holdColumns(ext, db, userId);
  const mine = columns.filter((c) => c.currency === currency);
  const fromQueries = new Map<HoldSource, bigint>();
  if (mine.length > 0) {
    // Every queried source in one round trip.
    const query = db.select(Object.fromEntries(mine.map((c) => [c.alias, c.column]))).from(sql`(select 1) as one`);
    const [row] = await query.prepare(statementName('funds_held', query.toSQL().sql)).execute();
    for (const c of mine) fromQueries.set(c.source, holdMinorOf(row?.[c.alias]));
  }
  const amounts: { source: string; minor: bigint }[] = [];
  // In registration order, as the customer sees the lines.
  for (const source of ext.holdSources) {
    const minor = pending.includes(source) ? await source.heldMinor(db, userId, currency) : (fromQueries.get(source) ?? 0n);
    amounts.push({ source: source.name, minor });
  }
  return heldAmounts(amounts);
}

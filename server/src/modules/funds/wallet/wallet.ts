// The wallet (spec §3): every figure is a sum of postings on the customer's ledger
// accounts (read from the balances cache, which tests prove equal to the postings),
// minus the holds other modules report. Total assets are a JPY estimate at mid rates.
import { eq, sql, type SQL } from 'drizzle-orm';
import { CURRENCY_CODES, isCurrencyCode, type CurrencyBalance, type CurrencyCode, type UnsettledLine, type Wallet } from '@kabuto/shared-sdk/schemas';
import { jstParts } from '../../../clock';
import type { Database } from '../../../db/client';
import type { FundsDeps } from '../deps';
import { heldAmounts, holdColumns, holdMinorOf, statementName, type HeldAmounts } from '../extensions';
import { jpyValue } from '../exchange/rates';
import { ACCOUNT_KINDS } from '../ledger/accounts';
import { ledgerAccounts, ledgerBalances } from '../schema';
import { decimalsOf, toMoney } from '../money';
import { ownedMinor, type CurrencyFigures } from './figures';

export type { CurrencyFigures } from './figures';

/**
 * What can leave: cash − every hold, never below 0. Holds can exceed cash: unsettled sale
 * proceeds are held from withdrawal but may buy again (docs/trading.md §2), and a re-buy
 * spends the cash they are counted in. Nothing more can leave then, and a negative figure
 * would read as a debt the customer does not have.
 */
export function availableOf(f: Pick<CurrencyFigures, 'cash' | 'held'>): bigint {
  const available = f.cash - f.held;
  return available > 0n ? available : 0n;
}

/**
 * The holds that end on known dates (unsettled sale proceeds) by date, read only when such a
 * hold has an amount in `figures`: most customers have none, and the wallet stays one statement.
 */
export async function settlementLines(ctx: Pick<FundsDeps, 'extensions'>, db: Database, userId: number, figures: CurrencyFigures): Promise<UnsettledLine[]> {
  const lines: UnsettledLine[] = [];
  for (const source of ctx.extensions.holdSources) {
    if (!source.settlements || !figures.holdLines.some((l) => l.source === source.name && l.minor > 0n)) continue;
    for (const part of await source.settlements(db, userId, figures.currency)) {
      lines.push({ source: source.name, amount: toMoney(figures.currency, part.minor), settlesOn: part.settlesOn });
    }
  }
  return lines.sort((a, b) => a.settlesOn.localeCompare(b.settlesOn));
}

/**
 * The user's accounts with their cached balances and every hold source's amount, in one
 * statement (one round trip, not one for the balances and one per hold source). One row per account; one row of nulls when the user has none yet, so the hold
 * columns (uncorrelated scalar subqueries, evaluated once) always arrive.
 */
async function balancesAndHolds(ctx: Pick<FundsDeps, 'extensions'>, db: Database, userId: number) {
  const { columns, pending } = holdColumns(ctx.extensions, db, userId);
  const query = db
    .select({
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      balance: ledgerBalances.balance,
      ...Object.fromEntries(columns.map((c) => [c.alias, c.column])),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, userId))
    .leftJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id));
  const rows = await query.prepare(statementName('funds_wallet', query.toSQL().sql)).execute();
  const balances: { kind: string; currency: CurrencyCode; balance: bigint }[] = [];
  for (const r of rows) {
    if (r.kind === null || r.currency === null) continue;
    if (!isCurrencyCode(r.currency)) throw new Error(`ledger holds unknown currency ${r.currency}`);
    balances.push({ kind: r.kind, currency: r.currency, balance: r.balance ?? 0n });
  }
  const first = rows[0] as Record<string, unknown> | undefined;
  const queried = columns.map((c) => ({ source: c.source, currency: c.currency, minor: holdMinorOf(first?.[c.alias] as string | null | undefined) }));
  return { balances, queried, pending };
}

/** Cash, frozen and held per currency the user has ever used (JPY and USD always). */
export async function currencyFigures(ctx: Pick<FundsDeps, 'extensions'>, db: Database, userId: number): Promise<CurrencyFigures[]> {
  const { balances, queried, pending } = await balancesAndHolds(ctx, db, userId);
  const used = new Set<CurrencyCode>(['JPY', 'USD']);
  for (const b of balances) used.add(b.currency);
  const figures: CurrencyFigures[] = [];
  for (const currency of CURRENCY_CODES.filter((c) => used.has(c))) {
    const sumOf = (kind: string) => balances.filter((b) => b.kind === kind && b.currency === currency).reduce((s, b) => s + b.balance, 0n);
    const amounts: { source: string; minor: bigint }[] = [];
    // In registration order, as heldFor lists them.
    for (const source of ctx.extensions.holdSources) {
      const minor = pending.includes(source)
        ? await source.heldMinor(db, userId, currency)
        : queried.filter((q) => q.source === source && q.currency === currency).reduce((s, q) => s + q.minor, 0n);
      amounts.push({ source: source.name, minor });
    }
    const held = heldAmounts(amounts);
    const escrowLines = ctx.extensions.escrowAccounts.map((a) => ({ source: a.name, minor: sumOf(a.kind) })).filter((l) => l.minor !== 0n);
    figures.push({
      currency,
      cash: sumOf(ACCOUNT_KINDS.customerCash),
      frozen: sumOf(ACCOUNT_KINDS.customerFrozen),
      held: held.total,
      holdLines: held.lines,
      escrowLines,
    });
  }
  return figures;
}

/** A customer's balance of one ledger account kind in one currency, and their holds in it. */
export interface CashAndHeld {
  cash: bigint;
  held: HeldAmounts;
}

/** A statement reading several customers' balance and holds, and how to read its rows. */
export interface CashAndHeldQuery {
  /** One row per customer: user_id, cash (text), h0, h1, … (text). */
  sql: SQL;
  /** The figures from the statement's rows (text or numbers, as read or as JSON). */
  read(rows: readonly Record<string, string | number | null>[]): Promise<Map<number, CashAndHeld>>;
}

/**
 * Balance (`kind`, e.g. customer cash) and holds in `currency` of several customers as ONE
 * statement (two statements per customer in a row would make a batch of placements'
 * transaction grow with its size); a caller may also embed it in a statement of its
 * own. One row per customer; each hold source's query is a scalar subquery, as in the wallet.
 * Sources without queries are asked per customer when the rows are read.
 */
export function cashAndHeldQuery(
  ctx: Pick<FundsDeps, 'extensions'>,
  db: Database,
  userIds: readonly number[],
  kind: string,
  currency: CurrencyCode,
): CashAndHeldQuery | null {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return null;
  // One row per customer from the id array, the balance and each hold a subquery on that row's
  // id: the text is the same for any number of customers (a union of one select per customer
  // takes the writer 1.75 ms to build, while it holds their locks).
  const customer = sql`held_for.id`;
  const { columns, pending } = holdColumns(ctx.extensions, db, customer);
  const mine = columns.filter((c) => c.currency === currency);
  const balance = sql`(select ${ledgerBalances.balance} from ${ledgerAccounts} inner join ${ledgerBalances} on ${ledgerBalances.accountId} = ${ledgerAccounts.id} where ${ledgerAccounts.userId} = ${customer} and ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.currency} = ${currency})::text`;
  const holds = mine.map((c, i) => sql`(${c.source.heldQueries?.(db, customer)[currency]})::text as ${sql.identifier(`h${i}`)}`);
  return {
    sql: sql`select ${customer} as user_id, ${balance} as cash${holds.length > 0 ? sql`, ${sql.join(holds, sql`, `)}` : sql``} from unnest(${sql.param(ids)}::int[]) as held_for(id)`,
    read: async (rows) => {
      const out = new Map<number, CashAndHeld>();
      const byUser = new Map(rows.map((r) => [Number(r.user_id), r]));
      for (const userId of ids) {
        const row = byUser.get(userId);
        const fromQueries = new Map(mine.map((c, i) => [c.source, holdMinorOf(row?.[`h${i}`])]));
        const amounts: { source: string; minor: bigint }[] = [];
        // In registration order, as heldFor lists them.
        for (const source of ctx.extensions.holdSources) {
          const minor = pending.includes(source) ? await source.heldMinor(db, userId, currency) : (fromQueries.get(source) ?? 0n);
          amounts.push({ source: source.name, minor });
        }
        out.set(userId, { cash: holdMinorOf(row?.cash), held: heldAmounts(amounts) });
      }
      return out;
    },
  };
}

/**
 * Balances (`kind`, `currency`) of several customers as one statement to embed in another, without
 * their holds (trading's order writer knows those it wrote itself: orders/held-memory.ts). One
 * row per customer that has the account: user_id, balance (text); a customer without one has 0.
 */
export function balancesQuery(
  userIds: readonly number[],
  kind: string,
  currency: CurrencyCode,
): { sql: SQL; read(rows: readonly Record<string, string | number | null>[]): Map<number, bigint> } | null {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return null;
  return {
    sql: sql`select ${ledgerAccounts.userId} as user_id, ${ledgerBalances.balance}::text as balance from ${ledgerAccounts} inner join ${ledgerBalances} on ${ledgerBalances.accountId} = ${ledgerAccounts.id} where ${ledgerAccounts.userId} = any(${sql.param(ids)}::int[]) and ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.currency} = ${currency}`,
    read: (rows) => {
      const byUser = new Map(rows.map((r) => [Number(r.user_id), holdMinorOf(r.balance)]));
      return new Map(ids.map((id) => [id, byUser.get(id) ?? 0n]));
    },
  };
}

/** cashAndHeldQuery, run on its own. */
export async function cashAndHeldOf(
  ctx: Pick<FundsDeps, 'extensions'>,
  db: Database,
  userIds: readonly number[],
  kind: string,
  currency: CurrencyCode,
): Promise<Map<number, CashAndHeld>> {
  const query = cashAndHeldQuery(ctx, db, userIds, kind, currency);
  if (!query) return new Map();
  const result: unknown = await db.execute(query.sql);
  // node-postgres and PGlite both answer { rows }.
  return query.read((result as { rows: Record<string, string | number | null>[] }).rows);
}

/** Available minor units of one currency, for checks inside a locked transaction. */
export async function availableMinor(ctx: Pick<FundsDeps, 'extensions'>, db: Database, userId: number, currency: CurrencyCode): Promise<bigint> {
  const figures = await currencyFigures(ctx, db, userId);
  const f = figures.find((x) => x.currency === currency);
  return f ? availableOf(f) : 0n;
}

/** The wallet's figures, from memory when nothing changed since they were read (wallet-cache.ts). */
async function walletFigures(ctx: FundsDeps, userId: number): Promise<CurrencyFigures[]> {
  const { year, month, day } = jstParts(ctx.businessClock.now());
  const figures = await ctx.walletCache.read(userId, () => currencyFigures(ctx, ctx.db, userId), `${year}-${month}-${day}`);
  if (!figures) throw new Error('wallet figures not read');
  return figures;
}

export async function buildWallet(ctx: FundsDeps, userId: number): Promise<Wallet> {
  const figures = await walletFigures(ctx, userId);
  const snapshot = ctx.rates.ratesAt(ctx.clock.now());
  const currencies: CurrencyBalance[] = figures.map((f) => ({
    currency: f.currency,
    balance: toMoney(f.currency, f.cash + f.frozen),
    cash: toMoney(f.currency, f.cash),
    frozen: toMoney(f.currency, f.frozen),
    held: toMoney(f.currency, f.held),
    available: toMoney(f.currency, availableOf(f)),
    jpyValue: toMoney('JPY', jpyValue(snapshot, f.currency, ownedMinor(f), decimalsOf(f.currency))),
  }));
  const jpy = figures.find((f) => f.currency === 'JPY');
  const usd = figures.find((f) => f.currency === 'USD');
  if (!jpy || !usd) throw new Error('JPY and USD figures are always present');
  // Escrowed money is still the customer's: in total assets, on its own line beside the balance.
  const totalJpy = figures.reduce((sum, f) => sum + jpyValue(snapshot, f.currency, ownedMinor(f), decimalsOf(f.currency)), 0n);
  return {
    baseCurrency: 'JPY',
    totalAssets: toMoney('JPY', totalJpy),
    balance: toMoney('JPY', jpy.cash + jpy.frozen),
    available: toMoney('JPY', availableOf(jpy)),
    frozen: toMoney('JPY', jpy.frozen),
    usdAmount: toMoney('USD', usd.cash + usd.frozen),
    holds: jpy.holdLines.map((l) => ({ source: l.source, amount: toMoney('JPY', l.minor) })),
    escrow: jpy.escrowLines.map((l) => ({ source: l.source, amount: toMoney('JPY', l.minor) })),
    unsettled: await settlementLines(ctx, ctx.db, userId, jpy),
    currencies,
    rates: { asOf: snapshot.asOf.toISOString(), simulated: true, provider: snapshot.provider },
  };
}

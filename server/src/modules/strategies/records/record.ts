// A leader's track record, computed only from their venue fills and their cash postings in the
// ledger (docs/strategies.md "Track record"). computeRecord is pure: strategy-verify and the
// tests run it on the same inputs the list and detail calls read.
import { and, asc, eq, lte } from 'drizzle-orm';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ACCOUNT_KINDS, toMoney, ledgerAccounts, ledgerJournal, ledgerPostings, userAccountBalance } from '../../funds';
import { addDays, jstDateKey } from '../../market';
import { tradingFills, tradingPositions } from '../../trading';
import type { StrategiesConfig } from '../config';
import type { StrategiesDeps } from '../deps';
import { leaderCashLongs } from '../leaders/holdings';

/**
 * Journal kinds that move money into or out of the account from outside the trading: the
 * record is net of them (a deposit is not a return). Every other posting (buys, sales, fees,
 * dividends) is performance.
 */
export const EXTERNAL_FLOW_TYPES = [
  'deposit',
  'withdrawal_freeze',
  'withdrawal_rejected',
  'adjustment',
  'reward_cash_coupon',
  'strategy_leader_fee',
  'strategy_algorithm_capital',
] as const;

export interface CashPosting {
  /** JST date key. */
  date: string;
  amount: bigint;
  external: boolean;
}
export interface RecordFill {
  date: string;
  orderId: number;
  code: string;
  side: 'buy' | 'sell';
  /** Tenths of a yen. */
  price: number;
  quantity: number;
}
export interface RecordInput {
  postings: CashPosting[];
  fills: RecordFill[];
  /** JST date key of today (business clock). */
  today: string;
  /** The venue's last price now, tenths (holdings today are valued at it). */
  lastPrice: (code: string) => number | null;
  /** The last fill id and cash posting id read (0: none): the key a stored record keeps. */
  lastFillId?: number;
  lastPostingId?: bigint;
}

const pct = (x: number): string => (x * 100).toFixed(2);

/** Annualised volatility (percent) → 1–10 by the published bands. */
export function riskScoreOf(volatilityPercent: number, bands: readonly number[]): number {
  const i = bands.findIndex((b) => volatilityPercent <= b);
  return i === -1 ? bands.length + 1 : i + 1;
}

/**
 * Daily equity E(d) = cash at the end of d + Σ shares held × the leader's last fill price of the
 * code up to d (today: the venue's last price). Daily return r(d) = (E(d) − F(d) − E(d−1)) / E(d−1),
 * F(d) the day's external flows; the time-weighted return is Π(1 + r) − 1.
 */
export function computeRecord(
  input: RecordInput,
  config: Pick<StrategiesConfig, 'riskBands' | 'tradingDaysPerYear'>,
): StrategyRecord & { equityYen: bigint; daily: number[] } {
  const firstDates = [input.postings[0]?.date, input.fills[0]?.date].filter((d): d is string => d !== undefined).sort();
  const start = firstDates[0] ?? input.today;
  const cashByDay = new Map<string, bigint>();
  const flowByDay = new Map<string, bigint>();
  for (const p of input.postings) {
    cashByDay.set(p.date, (cashByDay.get(p.date) ?? 0n) + p.amount);
    if (p.external) flowByDay.set(p.date, (flowByDay.get(p.date) ?? 0n) + p.amount);
  }
  const fillsByDay = new Map<string, RecordFill[]>();
  for (const f of input.fills) fillsByDay.set(f.date, [...(fillsByDay.get(f.date) ?? []), f]);

  const shares = new Map<string, number>();
  const lastFill = new Map<string, number>();
  let cash = 0n;
  let prev: number | null = null;
  let index = 1;
  let peak = 1;
  let maxDrawdown = 0;
  const daily: number[] = [];
  const monthly = new Map<string, number>();
  let equityYen = 0n;
  for (let day = start; day <= input.today; day = addDays(day, 1)) {
    cash += cashByDay.get(day) ?? 0n;
    for (const f of fillsByDay.get(day) ?? []) {
      shares.set(f.code, (shares.get(f.code) ?? 0) + (f.side === 'buy' ? f.quantity : -f.quantity));
      lastFill.set(f.code, f.price);
    }
    let holdingsTenths = 0n;
    for (const [code, n] of shares) {
      if (n === 0) continue;
      const price = day === input.today ? (input.lastPrice(code) ?? lastFill.get(code) ?? 0) : (lastFill.get(code) ?? 0);
      holdingsTenths += BigInt(n) * BigInt(price);
    }
    equityYen = cash + holdingsTenths / 10n;
    const equity = Number(equityYen);
    const flow = Number(flowByDay.get(day) ?? 0n);
    if (prev !== null && prev > 0) {
      const r = (equity - flow - prev) / prev;
      daily.push(r);
      index *= 1 + r;
      const month = day.slice(0, 7);
      monthly.set(month, (1 + (monthly.get(month) ?? 0)) * (1 + r) - 1);
      peak = Math.max(peak, index);
      maxDrawdown = Math.max(maxDrawdown, (peak - index) / peak);
    }
    prev = equity;
  }
  const mean = daily.length ? daily.reduce((a, b) => a + b, 0) / daily.length : 0;
  const variance = daily.length > 1 ? daily.reduce((a, r) => a + (r - mean) ** 2, 0) / (daily.length - 1) : 0;
  const volatility = Math.sqrt(variance) * Math.sqrt(config.tradingDaysPerYear);
  const firstFill = input.fills[0]?.date;
  const daysLive = firstFill ? Math.round((Date.parse(`${input.today}T00:00:00Z`) - Date.parse(`${firstFill}T00:00:00Z`)) / 86_400_000) : 0;
  return {
    twrPercent: pct(index - 1),
    monthly: [...monthly].map(([month, r]) => ({ month, twrPercent: pct(r) })),
    maxDrawdownPercent: pct(maxDrawdown),
    volatilityPercent: pct(volatility),
    riskScore: riskScoreOf(volatility * 100, config.riskBands),
    trades: new Set(input.fills.map((f) => f.orderId)).size,
    daysLive,
    equity: toMoney('JPY', equityYen),
    equityYen,
    daily,
  };
}

/** The inputs of a leader's record, read from the venue fills and the ledger. */
export async function recordInput(deps: Pick<StrategiesDeps, 'venue' | 'businessClock'>, db: Database, leaderId: number): Promise<RecordInput> {
  const input = await recordInputAt(db, leaderId, jstDateKey(deps.businessClock.now()));
  return {
    ...input,
    lastPrice: (code) => {
      const q = deps.venue.quote(code);
      return q.last ?? q.previousClose;
    },
  };
}

/**
 * The same inputs without a venue: today's holdings are valued at the last fill (strategy-verify
 * supplies its own prices). `upTo` reads only the fills and postings a stored record was computed from.
 */
export async function recordInputAt(db: Database, leaderId: number, today: string, upTo?: { fillId: number; postingId: bigint }): Promise<RecordInput> {
  const postings = await db
    .select({ id: ledgerPostings.id, amount: ledgerPostings.amount, type: ledgerJournal.type, at: ledgerJournal.createdAt })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .where(
      and(
        eq(ledgerAccounts.userId, leaderId),
        eq(ledgerAccounts.kind, ACCOUNT_KINDS.customerCash),
        eq(ledgerAccounts.currency, 'JPY'),
        upTo ? lte(ledgerPostings.id, upTo.postingId) : undefined,
      ),
    )
    .orderBy(asc(ledgerPostings.id));
  // Cash positions only: a margin position's shares are not the leader's to value.
  const fills = await db
    .select({
      id: tradingFills.id,
      orderId: tradingFills.orderId,
      code: tradingPositions.code,
      side: tradingFills.side,
      price: tradingFills.price,
      quantity: tradingFills.quantity,
      at: tradingFills.at,
    })
    .from(tradingFills)
    .innerJoin(tradingPositions, eq(tradingPositions.id, tradingFills.positionId))
    .where(and(eq(tradingFills.userId, leaderId), eq(tradingPositions.product, 'cash'), upTo ? lte(tradingFills.id, upTo.fillId) : undefined))
    .orderBy(asc(tradingFills.at), asc(tradingFills.id));
  const external = new Set<string>(EXTERNAL_FLOW_TYPES);
  // A profit share received as a leader is pay, not performance; one paid as a follower is a cost
  // of the copied trading, so it stays in the return.
  const isExternal = (type: string, amount: bigint) => external.has(type) || (type === 'strategy_profit_share' && amount > 0n);
  return {
    postings: postings.map((p) => ({ date: jstDateKey(p.at), amount: p.amount, external: isExternal(p.type, p.amount) })),
    fills: fills.map((f) => ({ date: jstDateKey(f.at), orderId: f.orderId, code: f.code, side: f.side, price: f.price, quantity: f.quantity })),
    today,
    lastPrice: () => null,
    lastFillId: fills.reduce((a, f) => Math.max(a, f.id), 0),
    lastPostingId: postings.reduce((a, p) => (p.id > a ? p.id : a), 0n),
  };
}

/**
 * Equity now, as mirroring divides by it: cash + the cash long shares held × the venue's last
 * price (yen, floor). Read once per leader fill.
 */
export async function leaderEquity(deps: Pick<StrategiesDeps, 'venue'>, db: Database, leaderId: number): Promise<bigint> {
  const cash = await userAccountBalance(db, leaderId, ACCOUNT_KINDS.customerCash, 'JPY');
  const held = await leaderCashLongs(db, leaderId);
  let tenths = 0n;
  for (const h of held) {
    const q = deps.venue.quote(h.code);
    tenths += BigInt(h.open - h.closed) * BigInt(q.last ?? q.previousClose);
  }
  return cash + tenths / 10n;
}

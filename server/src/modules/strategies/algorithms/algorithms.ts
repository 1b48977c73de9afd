// The broker's algorithmic strategies (docs/strategies.md "Algorithmic strategies"). Each runs as a
// broker-owned account (no password, login barred) funded with simulated capital through the
// ledger, and leads an ordinary strategy: its record comes from its venue fills, customers follow
// it through the normal follow path, and its orders go through trading's placement by rule. The
// daily run decides from the venue's daily closes and trades at most once per business date.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { StrategyAlgorithmView, StrategyKind } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ACCOUNT_KINDS, brokerAccount, customerCash, postJournal, toMoney, userAccountBalance } from '../../funds';
import { users } from '../../identity';
import { atJst, isBusinessDay, jstDateKey, phaseAt, acceptsOrders } from '../../market';
import { tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { strategies, strategyAlgorithmRuns, strategyAlgorithms, type StrategyAlgorithmRow } from '../schema';
import { rulesText, type AlgorithmDefinition } from './config';
import { actionOf, buyLots, meanReversionSignal, momentumSignal, type SignalResult } from './rules';

/** The broker's account simulated algorithm capital comes from. */
export const ALGORITHM_CAPITAL_ACCOUNT = 'strategy_algorithm_capital';
/** The account name of an algorithm's broker-owned account (never a phone number: nobody signs in). */
export const algorithmAccountName = (key: string): string => `algo-${key}`;
// Not a scrypt hash: no password ever matches it.
const NO_PASSWORD = '!algorithm-account';
const CLOSES = 120;

/** Creates each configured algorithm's account, capital and strategy once (a rerun creates nothing). */
export async function ensureAlgorithms(deps: StrategiesDeps): Promise<StrategyAlgorithmRow[]> {
  for (const d of deps.config.algorithms.definitions) {
    await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: strategyAlgorithms.id }).from(strategyAlgorithms).where(eq(strategyAlgorithms.key, d.key)).limit(1);
      if (existing) return;
      const now = deps.clock.now();
      const [user] = await tx
        .insert(users)
        .values({ account: algorithmAccountName(d.key), passwordHash: NO_PASSWORD, loginBanned: true, withdrawBanned: true, createdAt: now })
        .returning({ id: users.id });
      if (!user) throw new Error(`algorithm account ${d.key} not created`);
      const text = rulesText(d);
      const [strategy] = await tx
        .insert(strategies)
        .values({
          leaderId: user.id,
          name: d.name,
          description: text.en,
          riskNotes: `Algorithmic (rules published) on the simulated venue, one issue (${d.code}), simulated capital. Not a prediction and not guaranteed; past results do not tell future ones.`,
          status: 'active',
          publishedAt: deps.businessClock.now(),
        })
        .returning({ id: strategies.id });
      if (!strategy) throw new Error(`algorithm strategy ${d.key} not created`);
      await tx.insert(strategyAlgorithms).values({ key: d.key, strategyId: strategy.id, userId: user.id, rule: d.rule, code: d.code, createdAt: now });
      await postJournal(tx, deps.businessClock, {
        type: 'strategy_algorithm_capital',
        reference: `strategy-algorithm:${d.key}`,
        userId: user.id,
        memo: `simulated capital of ${d.key}`,
        postings: [
          { account: brokerAccount(ALGORITHM_CAPITAL_ACCOUNT, 'JPY'), amount: -d.capitalYen },
          { account: customerCash(user.id, 'JPY'), amount: d.capitalYen },
        ],
      });
    });
  }
  return deps.db.select().from(strategyAlgorithms);
}

/** The venue's daily closes of `code` (tenths, split-adjusted to today) of sessions before `today`. */
export function dailyClosesBefore(deps: Pick<StrategiesDeps, 'venue'>, code: string, today: string): number[] {
  const start = atJst(today, 0).getTime();
  return deps.venue
    .klines(code, 'day', 'forward', CLOSES + 1)
    .filter((b) => b.time < start)
    .map((b) => b.close);
}

export function signalOf(d: AlgorithmDefinition, closes: readonly number[]): SignalResult {
  return d.rule === 'momentum' ? momentumSignal(closes, d.params) : meanReversionSignal(closes, d.params);
}

/** Is today's run due: a business day, at or after the run time, while the venue takes orders. */
export function runDue(deps: StrategiesDeps, at: Date): boolean {
  const today = jstDateKey(at);
  return isBusinessDay(today) && at.getTime() >= atJst(today, deps.config.algorithms.runSecondOfDay).getTime() && acceptsOrders(phaseAt(at));
}

export interface AlgorithmRunOutcome {
  key: string;
  businessDate: string;
  action: 'buy' | 'sell' | 'none';
  outcome: 'placed' | 'refused' | 'none' | 'alreadyRun';
}

/**
 * Today's decision of every algorithm, once per business date: the day's row is written before the
 * order is placed, and the order's idempotency key is the algorithm and the date, so a run cut short
 * and retried after a restart places nothing twice.
 */
export async function runAlgorithms(deps: StrategiesDeps): Promise<AlgorithmRunOutcome[]> {
  const actions = deps.trading.actions;
  if (!actions) throw new Error('trading has not started');
  const today = jstDateKey(deps.businessClock.now());
  const rows = await deps.db
    .select({ a: strategyAlgorithms, status: strategies.status })
    .from(strategyAlgorithms)
    .innerJoin(strategies, eq(strategies.id, strategyAlgorithms.strategyId));
  const out: AlgorithmRunOutcome[] = [];
  for (const { a, status } of rows) {
    const d = deps.config.algorithms.definitions.find((x) => x.key === a.key);
    if (!d || status !== 'active') continue;
    const [seen] = await deps.db
      .select()
      .from(strategyAlgorithmRuns)
      .where(and(eq(strategyAlgorithmRuns.algorithmId, a.id), eq(strategyAlgorithmRuns.businessDate, today)))
      .limit(1);
    if (seen && seen.outcome !== 'pending') {
      out.push({ key: a.key, businessDate: today, action: seen.action, outcome: 'alreadyRun' });
      continue;
    }
    const closes = dailyClosesBefore(deps, d.code, today);
    const { signal, figures } = signalOf(d, closes);
    const positions = await deps.db
      .select({ id: tradingPositions.id, status: tradingPositions.status, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
      .from(tradingPositions)
      .where(
        and(
          eq(tradingPositions.userId, a.userId),
          eq(tradingPositions.code, d.code),
          eq(tradingPositions.product, 'cash'),
          inArray(tradingPositions.status, ['pending', 'holding', 'closing']),
        ),
      );
    // A buy still pending counts as held: the strategy never stacks a second buy on it.
    const exposure = positions.reduce((n, p) => n + (p.status === 'pending' ? Math.max(1, p.open - p.closed) : p.open - p.closed), 0);
    const action = actionOf(signal, exposure);
    const last = closes[closes.length - 1] ?? 0;
    const lotShares = deps.venue.instrument(d.code)?.lot ?? 100;
    const lots =
      action === 'buy' ? buyLots(await userAccountBalance(deps.db, a.userId, ACCOUNT_KINDS.customerCash, 'JPY'), last, lotShares, d.allocationPercent) : 0;
    const recorded = { ...figures, ...d.params, allocationPercent: d.allocationPercent };
    let run = seen;
    if (!run) {
      [run] = await deps.db
        .insert(strategyAlgorithmRuns)
        .values({ algorithmId: a.id, businessDate: today, signal, action, figures: recorded, lots, outcome: 'pending', createdAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning();
      // Another run of the same day got there first.
      if (!run) {
        out.push({ key: a.key, businessDate: today, action, outcome: 'alreadyRun' });
        continue;
      }
    }
    const done = await act(deps, a, d, run.action, run.lots, today, positions);
    await deps.db
      .update(strategyAlgorithmRuns)
      .set({ outcome: done.outcome, reason: done.reason, positionId: done.positionId, orderId: done.orderId })
      .where(eq(strategyAlgorithmRuns.id, run.id));
    out.push({ key: a.key, businessDate: today, action: run.action, outcome: done.outcome });
  }
  return out;
}

interface Done {
  outcome: 'placed' | 'refused' | 'none';
  reason: string | null;
  positionId: number | null;
  orderId: number | null;
}

async function act(
  deps: StrategiesDeps,
  a: StrategyAlgorithmRow,
  d: AlgorithmDefinition,
  action: 'buy' | 'sell' | 'none',
  lots: number,
  today: string,
  positions: { id: number; status: string }[],
): Promise<Done> {
  const actions = deps.trading.actions;
  if (!actions) throw new Error('trading has not started');
  const none: Done = { outcome: 'none', reason: null, positionId: null, orderId: null };
  if (action === 'buy') {
    if (lots < 1) return { ...none, reason: 'zero-lots' };
    const placed = await actions.placeOrderByRule({ userId: a.userId, code: d.code, side: 'buy', lots, idempotencyKey: `algorithm:${a.key}:${today}` });
    if ('msg' in placed) return { ...none, outcome: 'refused', reason: placed.msg };
    return { ...none, outcome: 'placed', positionId: placed.positionId };
  }
  if (action === 'sell') {
    let last: Done = none;
    for (const p of positions.filter((x) => x.status === 'holding')) {
      const closed = await actions.closeHoldingByRule(p.id, null);
      last =
        'msg' in closed
          ? { ...none, outcome: 'refused', reason: closed.msg, positionId: p.id }
          : { outcome: 'placed', reason: null, positionId: p.id, orderId: closed.orderId };
    }
    return last;
  }
  return none;
}

/** What a strategy view adds for each algorithmic strategy among `strategyIds` (kind, rules, parameters, latest decision); absent: a leader's. */
export async function algorithmViewsOf(
  deps: StrategiesDeps,
  db: Database,
  strategyIds: readonly number[],
): Promise<Map<number, { kind: StrategyKind; algorithm: StrategyAlgorithmView }>> {
  const views = new Map<number, { kind: StrategyKind; algorithm: StrategyAlgorithmView }>();
  if (strategyIds.length === 0) return views;
  const algorithms = await db
    .select()
    .from(strategyAlgorithms)
    .where(inArray(strategyAlgorithms.strategyId, [...strategyIds]));
  if (algorithms.length === 0) return views;
  const latest = await db
    .selectDistinctOn([strategyAlgorithmRuns.algorithmId])
    .from(strategyAlgorithmRuns)
    .where(
      inArray(
        strategyAlgorithmRuns.algorithmId,
        algorithms.map((a) => a.id),
      ),
    )
    .orderBy(strategyAlgorithmRuns.algorithmId, desc(strategyAlgorithmRuns.businessDate));
  const runs = new Map(latest.map((r) => [r.algorithmId, r]));
  for (const a of algorithms) {
    const d = deps.config.algorithms.definitions.find((x) => x.key === a.key);
    const run = runs.get(a.id);
    views.set(a.strategyId, {
      kind: 'algorithm',
      algorithm: {
        rule: a.rule,
        code: a.code,
        rules: d ? rulesText(d) : { tw: '', jp: '', en: '' },
        parameters: d ? { ...d.params, allocationPercent: d.allocationPercent } : {},
        capital: toMoney('JPY', d?.capitalYen ?? 0n),
        lastRun: run ? { businessDate: run.businessDate, signal: run.signal, action: run.action, outcome: run.outcome, figures: run.figures } : null,
      },
    });
  }
  return views;
}

// An algorithmic strategy end to end on the whole app (PGlite, simulated venue, the scheduler's own
// timer): created once with simulated capital through the ledger, listed as an algorithmic strategy
// with its rules; on a business day whose closes do not trigger it nothing is placed, on one whose
// closes do its market buy goes through trading's placement, fills on the venue and is mirrored to a
// follower; a restart the same day trades nothing twice; following it is refused as for a leader's.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { StrategyPage, StrategyView } from '@kabuto/shared-sdk/schemas';
import { atJst, isBusinessDay, nextBusinessDay } from '../../market';
import { checkLedger, ledgerJournal } from '../../funds';
import { checkStrategy } from '../../../ops-cli/strategy-check';
import { tradingFills, tradingPositions } from '../../trading';
import { startTradingTestApp, type TradingTestContext } from '../../trading/testing/trading-test-kit';
import type { StrategiesConfig } from '../config';
import type { StrategiesDeps } from '../deps';
import type { Mirror } from '../mirroring/mirror';
import { strategyAlgorithmRuns, strategyAlgorithms, strategyFollowings, strategyMirroredOrders } from '../schema';
import { CODE, createTrader, followForm, openStreet, startStrategiesTestApp, strategy, type StrategiesTestContext } from '../testing/strategies-test-kit';
import { dailyClosesBefore, signalOf } from './algorithms';
import { DEFAULT_ALGORITHMS_CONFIG, type AlgorithmDefinition } from './config';

jest.setTimeout(180_000);

const RUN_SECOND = 9 * 3600 + 15 * 60;
const FIRST_DAY = '2025-01-06';
const momentum: AlgorithmDefinition = {
  key: 'momentum-test',
  name: 'Momentum breakout (algorithmic, rules published)',
  rule: 'momentum',
  code: CODE,
  params: { entryDays: 3, exitDays: 2 },
  capitalYen: 1_000_000n,
  allocationPercent: 50,
};
const config: Partial<StrategiesConfig> = {
  algorithms: { ...DEFAULT_ALGORITHMS_CONFIG, definitions: [momentum], runSecondOfDay: RUN_SECOND, checkMs: 20 },
};

let t: StrategiesTestContext;
let restarted: TradingTestContext | null = null;
beforeAll(async () => {
  // Before the open: the scheduler's first run is the test's to bring about.
  t = await startStrategiesTestApp(config, { start: atJst(FIRST_DAY, 8 * 3600) });
});
afterAll(async () => {
  if (restarted) await restarted.close();
  else await t.close();
});

const runsOn = (db: TradingTestContext['db'], date: string) => db.select().from(strategyAlgorithmRuns).where(eq(strategyAlgorithmRuns.businessDate, date));

/** Waits until the scheduler has run (or not) the day's decision to its end. */
async function settledRun(db: TradingTestContext['db'], date: string) {
  for (let i = 0; i < 250; i++) {
    const [run] = await runsOn(db, date);
    if (run && run.outcome !== 'pending') return run;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no run on ${date}`);
}

test('created once, listed with its rules; no order on a day that does not trigger, one on a day that does, once across a restart', async () => {
  const [algo] = await t.db.select().from(strategyAlgorithms);
  expect(algo).toMatchObject({ key: 'momentum-test', rule: 'momentum', code: CODE });
  if (!algo) throw new Error('no algorithm');
  // Funded with simulated capital through the ledger, one journal.
  const capital = await t.db.select().from(ledgerJournal).where(eq(ledgerJournal.type, 'strategy_algorithm_capital'));
  expect(capital).toHaveLength(1);

  const follower = await createTrader(t, 2_000_000n);
  const list = await strategy<StrategyPage>(t.app, 'list', {}, follower);
  const listed = list.data.list.find((s) => s.id === algo.strategyId);
  expect(listed).toMatchObject({
    kind: 'algorithm',
    status: 'active',
    simulated: true,
    algorithm: { rule: 'momentum', code: CODE, parameters: { entryDays: 3, exitDays: 2, allocationPercent: 50 }, capital: { minor: '1000000' }, lastRun: null },
    record: { trades: 0 },
  });
  for (const text of Object.values(listed?.algorithm?.rules ?? {})) expect(text).toMatch(/3/);
  expect(listed?.algorithm?.rules.en).toMatch(/rules published/);
  expect(listed?.algorithm?.rules.jp).toMatch(/ルール公開/);
  expect(listed?.algorithm?.rules.tw).toMatch(/規則公開/);
  expect(JSON.stringify(listed)).not.toMatch(/\bAI\b|guaranteed returns/i);

  // Following it: the leader's refusals, then a following.
  const deadline = '2025-06-30';
  const id = algo.strategyId;
  expect(await strategy(t.app, 'follow', followForm(id, '29999', deadline), follower)).toMatchObject({
    status: 0,
    msg: MSG.belowProductMinimum,
    data: { rule: 'product-minimum' },
  });
  expect(await strategy(t.app, 'follow', followForm(id, '50000', '2025-01-05'), follower)).toMatchObject({ status: 0, msg: MSG.followDeadlinePassed });
  expect(await strategy(t.app, 'follow', followForm(id, '500000', deadline), follower)).toMatchObject({ status: 1, msg: MSG.followSuccess });
  expect(await strategy(t.app, 'follow', followForm(id, '500000', deadline), follower)).toMatchObject({ status: 0, msg: MSG.followAlreadyActive });

  // Walk business days from the start; on each, the signal its closes give (the same pure rule the run
  // uses: the rule itself is table-tested), then the scheduler's run after the open.
  const street = await openStreet(t);
  let day = FIRST_DAY;
  let trigger: string | null = null;
  for (let i = 0; i < 40 && !trigger; i++, day = nextBusinessDay(day)) {
    const { signal, run } = await walkDay(t, street, day);
    if (signal === 'buy') trigger = day;
    else expect(run).toMatchObject({ action: 'none', outcome: 'none', positionId: null });
    await t.settle();
    await street.clear();
  }
  expect(trigger).not.toBeNull();
  if (!trigger) return;

  // The trigger day: one market buy through placement, filled on the venue, mirrored to the follower.
  const [run] = await runsOn(t.db, trigger);
  expect(run).toMatchObject({ signal: 'buy', action: 'buy', outcome: 'placed' });
  const positions = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, algo.userId));
  expect(positions).toHaveLength(1);
  expect(positions[0]).toMatchObject({ id: run?.positionId, code: CODE, product: 'cash', orderType: 'market', status: 'holding' });
  expect(positions[0]?.openQuantity).toBe((run?.lots ?? 0) * 100);
  expect(run?.lots).toBeGreaterThan(0);
  const fills = await t.db
    .select()
    .from(tradingFills)
    .where(eq(tradingFills.positionId, run?.positionId ?? -1));
  expect(fills.reduce((n, f) => n + f.quantity, 0)).toBe((run?.lots ?? 0) * 100);
  const [following] = await t.db.select().from(strategyFollowings).where(eq(strategyFollowings.userId, follower.user.id));
  const mirrored = await t.db
    .select()
    .from(strategyMirroredOrders)
    .where(eq(strategyMirroredOrders.followingId, following?.id ?? -1));
  expect(mirrored.length).toBeGreaterThan(0);
  expect(mirrored[0]).toMatchObject({ kind: 'open', code: CODE, leaderQuantity: (run?.lots ?? 0) * 100 });

  // The mirrored sizes and the record recompute from the published fills, as for a leader's strategy.
  await t.settle();
  expect((await checkStrategy(t.db, id, t.clock.now())).match).toBe(true);

  // The list now shows the record from its fills and the day's decision.
  const detail = await strategy<StrategyView>(t.app, 'detail', { id }, follower);
  expect(detail.data).toMatchObject({
    kind: 'algorithm',
    record: { trades: 1 },
    algorithm: { lastRun: { businessDate: trigger, signal: 'buy', action: 'buy' } },
  });

  // Restart the same day as if the process died after writing the day's decision but before writing
  // what placement answered: the new app's scheduler retries it with the same idempotency key, so
  // it trades nothing twice and creates nothing twice.
  await t.db
    .update(strategyAlgorithmRuns)
    .set({ outcome: 'pending', positionId: null })
    .where(eq(strategyAlgorithmRuns.id, run?.id ?? -1));
  await t.app.close();
  let deps: StrategiesDeps | null = null;
  restarted = await startTradingTestApp({
    database: t.database,
    start: atJst(trigger, RUN_SECOND + 120),
    strategies: {
      config: { sweepMs: 0, ...config },
      onStarted: (d: StrategiesDeps, _m: Mirror) => {
        deps = d;
      },
    },
  });
  expect(deps).not.toBeNull();
  await settledRun(restarted.db, trigger);
  // More checks of the scheduler pass over the same day.
  await new Promise((r) => setTimeout(r, 200));
  const after = await runsOn(restarted.db, trigger);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ outcome: 'placed', positionId: run?.positionId });
  expect(await restarted.db.select().from(tradingPositions).where(eq(tradingPositions.userId, algo.userId))).toHaveLength(1);
  expect(await restarted.db.select().from(strategyAlgorithms)).toHaveLength(1);
  expect(await restarted.db.select().from(ledgerJournal).where(eq(ledgerJournal.type, 'strategy_algorithm_capital'))).toHaveLength(1);
  expect(
    await restarted.db
      .select()
      .from(strategyAlgorithmRuns)
      .where(and(eq(strategyAlgorithmRuns.algorithmId, algo.id), eq(strategyAlgorithmRuns.outcome, 'pending'))),
  ).toEqual([]);

  // Later days on the restarted app: on one whose closes do not trigger (a hold), nothing is placed;
  // on the first whose closes break below the exit channel, the holding is sold at market.
  const again = await openStreet(restarted);
  const held = () => restarted?.db.select().from(tradingPositions).where(eq(tradingPositions.userId, algo.userId)) ?? Promise.resolve([]);
  let quiet: string | null = null;
  let sold: string | null = null;
  for (let i = 0, d = nextBusinessDay(trigger); i < 40 && !(quiet && sold); i++, d = nextBusinessDay(d)) {
    const before = await held();
    const { signal, run } = await walkDay(restarted, again, d);
    await restarted.service.engine.idle();
    if (signal === 'hold') {
      quiet = d;
      expect(run).toMatchObject({ signal: 'hold', action: 'none', outcome: 'none', positionId: null, orderId: null });
      expect(await held()).toEqual(before);
    } else if (signal === 'sell' && !sold) {
      sold = d;
      expect(run).toMatchObject({ action: 'sell', outcome: 'placed', positionId: before[0]?.id });
      expect(run.orderId).not.toBeNull();
      const after = await held();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ status: 'closed', closedQuantity: before[0]?.openQuantity });
    }
    await again.clear();
  }
  expect(quiet).not.toBeNull();
  expect(sold).not.toBeNull();
  expect((await checkLedger(restarted.db)).balanced).toBe(true);
});

/** One business day: the street opens the issue, then the clock passes the run time and the scheduler runs. */
async function walkDay(ctx: TradingTestContext, street: Awaited<ReturnType<typeof openStreet>>, day: string) {
  expect(isBusinessDay(day)).toBe(true);
  ctx.clock.set(atJst(day, 9 * 3600 + 5 * 60));
  await ctx.service.sweep();
  const { signal } = signalOf(momentum, dailyClosesBefore({ venue: ctx.runtime.market }, CODE, day));
  const p = ctx.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  await street.askAt(p, 10);
  // Below the ask, so the street does not trade with itself: liquidity for a market sell.
  await street.bidAt(Math.floor(p * 0.98), 10);
  ctx.clock.set(atJst(day, RUN_SECOND + 60));
  const run = await settledRun(ctx.db, day);
  expect(run.signal).toBe(signal);
  return { signal, run };
}

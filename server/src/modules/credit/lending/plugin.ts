// Stock lending: the `lending` calls, the daily lending step on the business clock (a stepped
// clock stands at each business day's step time on its way; a timer on a real clock takes every
// step due since the last one taken), and trading's seams (a sale recalls lent shares; positions
// show them; a split multiplies them).
import type { FastifyInstance } from 'fastify';
import { businessInstantsBetween, jstDateKey } from '../../market';
import type { TradingExtensions } from '../../trading';
import { hasPendingOrOutstandingLoan } from './loan-exposure';
import { DEFAULT_LENDING_CONFIG, type LendingConfig } from './config';
import { lendingRoutes } from './routes';
import {
  lentByPosition,
  onHoldingReduced,
  onSharesSplit,
  runDueLendingSteps,
  runLendingStep,
  type LendingDeps,
  type LendingVenue,
  type LoanExposure,
} from './service';
import { runEvery } from '../../../http/periodic';

export interface LendingPluginOptions extends Omit<LendingDeps, 'config' | 'hasLoan' | 'venue'> {
  /** The simulated venue: its quotes, and its price path for the close of an earlier day. */
  venue: Omit<LendingVenue, 'closeOn'> & {
    instruments(): readonly { code: string }[];
    simulator: { path(code: string): { dailyBar(date: string): { close: number } } };
  };
  trading: TradingExtensions;
  config?: Partial<LendingConfig>;
  /** A securities-backed loan pending or outstanding: nothing is lent then [LN5]. Default: credit's loans table. */
  hasLoan?: LoanExposure;
  /** How often the latest due step is checked on a real clock, ms; 0 = never (tests call the step). Default 60 000. */
  stepMs?: number;
  onDeps?: (deps: LendingDeps) => void;
}

export async function lendingPlugin(app: FastifyInstance, opts: LendingPluginOptions): Promise<void> {
  const config: LendingConfig = { ...DEFAULT_LENDING_CONFIG, ...opts.config };
  const deps: LendingDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    config,
    venue: {
      instrument: (code) => opts.venue.instrument(code),
      quote: (code) => opts.venue.quote(code),
      closeOn: (code, date) => opts.venue.simulator.path(code).dailyBar(date).close,
    },
    hasLoan: opts.hasLoan ?? hasPendingOrOutstandingLoan,
    settlementDays: opts.settlementDays,
  };
  opts.onDeps?.(deps);
  opts.trading.registerHoldingReductionListener({
    name: 'lending-recall',
    onReduced: (tx, reduction) => onHoldingReduced(tx, reduction, (code) => opts.venue.instrument(code)?.lot ?? 100),
  });
  opts.trading.registerLentQuantities({ name: 'lending', lentByPosition });
  opts.trading.registerSplitListener({ name: 'lending-split', onSplit: (tx, split) => onSharesSplit(tx, split, deps.clock.now()) });
  await lendingRoutes(app, deps, () => opts.venue.instruments().map((i) => i.code));
  opts.businessClock.registerSteps?.({
    name: 'lending',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, [config.stepSecondOfDay]),
    run: async () => {
      await runLendingStep(deps, jstDateKey(deps.businessClock.now()));
    },
  });
  // A stepped (demo) clock takes every day's step on its way; a real clock's timer catches up every one due.
  if (!opts.businessClock.registerSteps) runEvery(app, 'lending step', opts.stepMs ?? 60_000, () => runDueLendingSteps(deps, deps.businessClock.now()));
}

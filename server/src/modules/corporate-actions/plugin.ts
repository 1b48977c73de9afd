// The corporate-actions module: the `dividend` calls, the operator schedule under
// /api/ops/dividends, and the sweep (ex-dates, splits, payments) on the business clock's steps
// and a timer, catching up missed dates. The published schedule is handed to the venue at start.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import { runEvery } from '../../http/periodic';
import type { NotificationGateway } from '../../notifications/gateway';
import { businessInstantsBetween, jstDateKey, SESSION_TIMES, type SimulatedMarket, type UserEventHub } from '../market';
import type { TradingExtensions } from '../trading';
import { DEFAULT_CORPORATE_ACTIONS_CONFIG, type CorporateActionsConfig } from './config';
import { marketVenue, type CorporateActionsDeps } from './deps';
import { dividendOpsRoutes } from './ops-routes';
import { sweepCorporateActions } from './payments/sweep';
import { dividendRoutes } from './routes';
import { publishToVenue, seedSchedule } from './schedule/store';

export interface CorporateActionsPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  market: SimulatedMarket;
  trading: TradingExtensions;
  notifications: NotificationGateway;
  userEvents?: UserEventHub;
  settlementDays: number;
  config?: Partial<CorporateActionsConfig>;
  onDeps?: (deps: CorporateActionsDeps) => void;
  /** How often a process other than the home partition reads the schedule again (tests shorten it). */
  scheduleFollowMs?: number;
}

/** How long a cluster's other processes may follow a schedule change late (as IPO listings). */
export const SCHEDULE_FOLLOW_MS = 5_000;

export async function corporateActionsPlugin(app: FastifyInstance, opts: CorporateActionsPluginOptions): Promise<void> {
  const deps: CorporateActionsDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    config: { ...DEFAULT_CORPORATE_ACTIONS_CONFIG, ...opts.config },
    venue: marketVenue(opts.market),
    notifications: opts.notifications,
    settlementDays: opts.settlementDays,
    trading: opts.trading,
    ...(opts.userEvents ? { userEvents: opts.userEvents } : {}),
  };
  opts.onDeps?.(deps);
  // The schedule is published before the venue prices its first day, so the price path follows it from the start.
  await seedSchedule(deps, jstDateKey(deps.businessClock.now()));
  await publishToVenue(deps);
  await dividendRoutes(app, deps);
  await app.register(async (ops) => dividendOpsRoutes(ops, deps));
  const onError = (error: unknown) => app.log.error({ err: error }, 'corporate-actions sweep failed');
  const sweep = () => sweepCorporateActions(deps).catch(onError);
  // A stepped clock passes nights at once: the sweep stands before each pre-open, so an ex-date's
  // receivables and a split's shares are in place before that day trades.
  opts.businessClock.registerSteps?.({
    name: 'corporate-actions',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, [SESSION_TIMES.preOpen - 60]),
    run: sweep,
  });
  runEvery(app, 'corporate-actions sweep', deps.config.sweepMs, sweep);
  // The schedule changes on the home partition (an operator's edit, the sweep's new year): a
  // cluster's other processes read it again, so every copy of a price path follows it (an
  // unchanged issue keeps its path).
  if (!app.homeBackground)
    runEvery(app, 'dividend schedule', opts.scheduleFollowMs ?? SCHEDULE_FOLLOW_MS, () => publishToVenue(deps), { where: 'every-process' });
}

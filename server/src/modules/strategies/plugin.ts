// The strategies module: customer calls under /api/vue/strategy, the mirroring queue fed by
// trading's fill listener, and the sweep (deadlines, copy stop-loss, the daily leader fee).
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import { DEFAULT_TRADING_CONFIG, type TradingExtensions } from '../trading';
import { DEFAULT_STRATEGIES_CONFIG, type StrategiesConfig } from './config';
import type { StrategiesDeps } from './deps';
import { accrueLeaderFees } from './following/fees';
import { closeAfterAwaitedCloses, sweepFollowings } from './following/following';
import { Mirror } from './mirroring/mirror';
import { startAlgorithms } from './algorithms/plugin';
import { settleProfitShares } from './profit-share/profit-share';
import { storeRecordsAtClose } from './records/stored';
import { strategyRoutes } from './routes';
import { copiedPositions } from './following/copied-positions';
import { startTrust } from './trust/plugin';

export interface StrategiesPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  venue: StrategiesDeps['venue'];
  funds: FundsExtensions;
  trading: TradingExtensions;
  notifications: NotificationGateway;
  config?: Partial<StrategiesConfig>;
  /** Receives the deps and the mirror (tests and the bench drive the sweep and wait for mirroring). */
  onStarted?: (deps: StrategiesDeps, mirror: Mirror) => void;
}

export async function strategiesPlugin(app: FastifyInstance, opts: StrategiesPluginOptions): Promise<void> {
  const deps: StrategiesDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    venue: opts.venue,
    funds: opts.funds,
    trading: opts.trading,
    notifications: opts.notifications,
    config: { ...DEFAULT_STRATEGIES_CONFIG, ...opts.config },
  };
  const mirror = new Mirror(deps, DEFAULT_TRADING_CONFIG.lotShares, (error) => app.log.error({ err: error }, 'mirroring failed'));
  opts.trading.registerFillListener({ name: 'strategies', onFill: (fill) => mirror.onFill(fill) });
  opts.trading.registerCopiedPositions(copiedPositions);
  await strategyRoutes(app, deps);
  await startTrust(app, deps);
  opts.onStarted?.(deps, mirror);
  startAlgorithms(app, deps);
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> | null = null;
  if (deps.config.sweepMs > 0 && app.homeBackground)
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = Promise.all([
          sweepFollowings(deps).then(() => closeAfterAwaitedCloses(deps)),
          accrueLeaderFees(deps),
          settleProfitShares(deps),
          storeRecordsAtClose(deps),
        ])
          .catch((error: unknown) => app.log.error({ err: error }, 'strategies sweep failed'))
          .finally(() => (sweeping = null));
      }, deps.config.sweepMs);
      timer.unref();
    });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
    await mirror.idle();
  });
}

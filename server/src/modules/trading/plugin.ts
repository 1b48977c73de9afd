// The trading module: customer calls under /api/vue/trade, the order engine on the venue
// and the sweep timer. The funds hold sources and withdrawal blocker are registered on the
// FundsExtensions the app shares with the funds module.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import { DEFAULT_TRADING_CONFIG, type TradingConfig } from './config';
import { createInProcessTradingEvents, type TradingEventPublisher } from './events';
import { ConditionalService, conditionalOf, conditionalRoutes, registerConditional } from './conditional';
import { tradeRoutes } from './routes/trade';
import { createCustomerFacts } from './orders/customer-facts';
import { TradingService } from './service';
import type { TradingVenue } from './venue';
import { SESSION_TIMES, businessInstantsBetween } from '../market';

const TRADING_STEP_TIMES = [SESSION_TIMES.preOpen, SESSION_TIMES.morningOpen, SESSION_TIMES.close] as const;

export interface TradingPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  venue: TradingVenue;
  funds: FundsExtensions;
  notifications: NotificationGateway;
  config?: Partial<TradingConfig>;
  events?: TradingEventPublisher;
  /** How long placement's checks of a customer are remembered (the app passes its sessionCacheMs; 0 = off). */
  factsCacheMs?: number;
  /** Write transactions of the order engine in flight at once (default WRITERS in orders/engine.ts). */
  writers?: number;
  /** Receives the running service (tests drive its sweep; the bench reads its engine). */
  onService?: (service: TradingService) => void;
}

export async function tradingPlugin(app: FastifyInstance, opts: TradingPluginOptions): Promise<void> {
  const service = new TradingService(
    {
      db: opts.db,
      clock: opts.clock,
      businessClock: opts.businessClock,
      venue: opts.venue,
      funds: opts.funds,
      notifications: opts.notifications,
      config: { ...DEFAULT_TRADING_CONFIG, ...opts.config },
      events: opts.events ?? createInProcessTradingEvents(),
      facts: createCustomerFacts(opts.factsCacheMs ?? 0),
    },
    (error) => app.log.error({ err: error }, 'trading engine task failed'),
    opts.writers === undefined ? {} : { writers: opts.writers },
  );
  // Conditional orders (docs/trading.md §11): armed from the database when the app is ready.
  const conditional = new ConditionalService(service.deps, service.engine, (error) => app.log.error({ err: error }, 'conditional order task failed'));
  registerConditional(service, conditional);
  opts.onService?.(service);
  // A stepped business clock passes nights at once: it stands at each session boundary on the
  // way so queued orders are entered, day orders expire and margin deadlines fall in order.
  opts.businessClock.registerSteps?.({
    name: 'trading',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, TRADING_STEP_TIMES),
    run: () => service.sweep(),
  });
  await tradeRoutes(app, service);
  await conditionalRoutes(app, service.deps, () => conditionalOf(service) ?? conditional);
  let conditionalTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    service.startTimer((error) => app.log.error({ err: error }, 'trading sweep failed'));
    await conditional.start();
    if (service.deps.config.sweepMs > 0) {
      conditionalTimer = setInterval(() => {
        conditional.sweep().catch((error: unknown) => app.log.error({ err: error }, 'conditional sweep failed'));
      }, service.deps.config.sweepMs);
      conditionalTimer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (conditionalTimer) clearInterval(conditionalTimer);
    conditional.stop();
    await conditional.idle().catch(() => undefined);
    await service.stop();
    service.deps.facts.close();
  });
}

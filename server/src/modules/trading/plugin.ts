// The trading module: customer calls under /api/vue/trade, the order engine on the venue
// and the sweep timer. The funds hold sources and withdrawal blocker are registered on the
// FundsExtensions the app shares with the funds module.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Startup } from '../../http/startup';
import type { LoggedVenueInput } from './venue-router';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import type { RestrictionHooks } from '../identity';
import { DEFAULT_TRADING_CONFIG, type TradingConfig } from './config';
import { createTradingExtensions, withFillListeners, type TradingExtensions } from './extensions';
import { cancelOrderByRule, closeHoldingByRule, placeOrderByRule, placeOrdersByRule, sellHoldingByRule } from './positions/actions';
import { createInProcessTradingEvents, type TradingEventPublisher } from './events';
import { ConditionalService, conditionalOf, conditionalRoutes, onTradingBar, registerConditional } from './conditional';
import { cancelConditionalsByRule } from './conditional/orders';
import { tradeRoutes } from './routes/trade';
import { createCustomerFacts } from './orders/customer-facts';
import { TradingService } from './service';
import type { TradingVenue } from './venue';
import type { InstrumentOwnership } from './ownership';
import { SESSION_TIMES, businessInstantsBetween } from '../market';

const TRADING_STEP_TIMES = [SESSION_TIMES.preOpen, SESSION_TIMES.morningOpen, SESSION_TIMES.close] as const;

export interface TradingPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  venue: TradingVenue;
  funds: FundsExtensions;
  /** Shared with the modules that fill it (credit); default an empty one. */
  extensions?: TradingExtensions;
  notifications: NotificationGateway;
  config?: Partial<TradingConfig>;
  events?: TradingEventPublisher;
  /** How long placement's checks of a customer are remembered (the app passes its sessionCacheMs; 0 = off). */
  factsCacheMs?: number;
  /** Write transactions of the order engine in flight at once (default WRITERS in orders/engine.ts). */
  writers?: number;
  /** Identity's restriction hooks: a trading bar cancels the waiting legs that would add exposure. */
  restrictionHooks?: RestrictionHooks;
  /** Receives the running service (tests drive its sweep; the bench reads its engine). */
  onService?: (service: TradingService) => void;
  /** The app's start-up work: order recovery is tracked on it (readiness). */
  startup: Startup;
  /** Start recovery when the app is ready (default true); false: the caller runs service.recover() (tests of the start-up). */
  recoverOnReady?: boolean;
  /**
   * A cluster venue leader's input log of the day (cluster/venue-input-log.ts): replayed into
   * fresh books when the app is ready, before recovery and before any order enters the venue.
   */
  venueReplay?: readonly LoggedVenueInput[];
  /** A cluster of venue partitions: the instruments this process holds (default every one). */
  ownership?: InstrumentOwnership;
}

export async function tradingPlugin(app: FastifyInstance, opts: TradingPluginOptions): Promise<void> {
  const extensions = opts.extensions ?? createTradingExtensions();
  const service = new TradingService(
    {
      db: opts.db,
      clock: opts.clock,
      businessClock: opts.businessClock,
      venue: opts.venue,
      funds: opts.funds,
      extensions,
      notifications: opts.notifications,
      config: { ...DEFAULT_TRADING_CONFIG, ...opts.config },
      events: withFillListeners(opts.events ?? createInProcessTradingEvents(), extensions),
      facts: createCustomerFacts(opts.factsCacheMs ?? 0),
      ...(opts.ownership ? { ownership: opts.ownership } : {}),
    },
    (error) => app.log.error({ err: error }, 'trading engine task failed'),
    opts.writers === undefined ? {} : { writers: opts.writers },
  );
  // Conditional orders (docs/trading.md §11): armed from the database when the app is ready.
  const conditional = new ConditionalService(service.deps, service.engine, (error) => app.log.error({ err: error }, 'conditional order task failed'));
  registerConditional(service, conditional);
  service.deps.extensions.actions = {
    sellHoldingByRule: (positionId) => sellHoldingByRule(service.deps, service.engine, positionId),
    cancelOrderByRule: (orderId) => cancelOrderByRule(service.engine, orderId),
    cancelConditionalsByRule: (code, reason) => cancelConditionalsByRule(service.deps, conditionalOf(service) ?? conditional, code, reason),
    placeOrderByRule: (order) => placeOrderByRule(service.deps, service.engine, order),
    placeOrdersByRule: (orders) => placeOrdersByRule(service.deps, service.engine, orders),
    closeHoldingByRule: (positionId, shares) => closeHoldingByRule(service.deps, service.engine, positionId, shares),
  };
  const unhook = opts.restrictionHooks?.add((tx, change) => onTradingBar(service.deps, () => conditionalOf(service) ?? conditional, tx, change));
  opts.onService?.(service);
  // A stepped business clock passes nights at once: it stands at each session boundary on the
  // way so queued orders are entered, day orders expire and margin deadlines fall in order.
  opts.businessClock.registerSteps?.({
    name: 'trading',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, TRADING_STEP_TIMES),
    // A sweep before start-up recovery would expire acknowledged orders not yet entered again.
    run: async () => {
      await service.recovered;
      await service.sweep();
    },
  });
  await tradeRoutes(app, service);
  // Order calls wait for recovery (a bounded while), then answer MSG.systemStarting.
  // A cluster's API server enters no order in a venue of its own (a venue leader does, even of the
  // placements it writes itself): nothing to recover there, and its order calls go straight on.
  if (app.background) opts.startup.track('order-recovery', { isDone: () => service.isRecovered, done: service.recovered });
  else service.holdsNoVenueOrders();
  await conditionalRoutes(app, service.deps, () => conditionalOf(service) ?? conditional);
  let conditionalTimer: NodeJS.Timeout | null = null;
  let closing = false;
  // Recovery runs behind the listening server (readiness 503, order calls waiting), retried
  // until it succeeds: a database that is not there yet only delays readiness.
  const recoverUntilDone = async (): Promise<void> => {
    for (let attempt = 0; !closing; attempt++) {
      try {
        const figures = await service.recover();
        app.log.info(figures, 'order recovery done');
        // The sweep would expire what is not yet entered again: it starts after recovery.
        if (!closing) service.startTimer((error) => app.log.error({ err: error }, 'trading sweep failed'));
        return;
      } catch (error) {
        app.log.error({ err: error, attempt }, 'order recovery failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 5_000)));
      }
    }
  };
  app.addHook('onReady', async () => {
    if (!app.background) return;
    if (opts.venueReplay) {
      const started = performance.now();
      const figures = service.engine.replayVenueLog(opts.venueReplay);
      app.log.info({ ...figures, ms: Math.round(performance.now() - started) }, 'venue input log replayed');
    }
    if (opts.recoverOnReady !== false) void recoverUntilDone();
    await conditional.start();
    if (service.deps.config.sweepMs > 0) {
      conditionalTimer = setInterval(() => {
        conditional.sweep().catch((error: unknown) => app.log.error({ err: error }, 'conditional sweep failed'));
      }, service.deps.config.sweepMs);
      conditionalTimer.unref();
    }
  });
  app.addHook('onClose', async () => {
    unhook?.();
    closing = true;
    if (conditionalTimer) clearInterval(conditionalTimer);
    conditional.stop();
    await conditional.idle().catch(() => undefined);
    await service.stop();
    service.deps.facts.close();
  });
}

// Assembles the Fastify application from its plugins. Everything it needs arrives as
// options (database, clock, folders, secret), so tests build it with an in-memory
// database and a test clock, and main.ts builds it from the environment.
import formbody from '@fastify/formbody';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { realBusinessClock, type BusinessClock, type Clock } from './clock';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler';
import { registerInputHygiene } from './http/input-hygiene';
import { registerRequestLog } from './http/request-log';
import { openApiPlugin } from './http/openapi/plugin';
import { collectRoutes, firstCallPaths } from './http/openapi/route-catalogue';
import { registerAnswerCompression } from './http/compress';
import { Startup } from './http/startup';
import { addStrictTransportSecurity, registerSecurityHeaders } from './http/security';
import { commonPlugin } from './modules/common/plugin';
import { createFundsExtensions, fundsDepsOf } from './modules/funds';
import { fundsPlugin, type FundsPluginOptions } from './modules/funds/plugin';
import {
  createTradingExtensions,
  DEFAULT_TRADING_CONFIG,
  tradingPlugin,
  type LoggedVenueInput,
  type TradingPluginOptions,
  type VenueInputLog,
} from './modules/trading';
import { ipoPlugin, type IpoPluginOptions } from './modules/ipo';
import { blockTradesPlugin } from './modules/block-trades';
import { priceAlertsPlugin, type PriceAlertsPluginOptions } from './modules/price-alerts';
import { strategiesPlugin, type StrategiesPluginOptions } from './modules/strategies';
import { supportPlugin, type SupportPluginOptions } from './modules/support';
import { creditPlugin, repayLoan, type CreditDeps, type CreditPluginOptions } from './modules/credit';
import { healthPlugin } from './modules/health/plugin';
import { lendingPlugin, type LendingPluginOptions } from './modules/credit/lending/plugin';
import { rewardsPlugin, type RewardsPluginOptions } from './modules/rewards';
import { corporateActionsPlugin, type CorporateActionsPluginOptions } from './modules/corporate-actions';
import { createRestrictionHooks, registerAuthUserDecoration } from './modules/identity';
import { identityPlugin } from './modules/identity/plugin';
import { SessionCache } from './modules/identity/session-cache';
import { createUserInfoCache } from './modules/identity/user-info-cache';
import { opsPlugin } from './modules/ops/plugin';
import { addressMatcher, DEFAULT_OPERATOR_CREDENTIAL_NETWORKS, OperatorCache } from './modules/ops';
import { marketPlugin } from './modules/market/plugin';
import { PtsVenue } from './modules/market/pts/pts-venue';
import { sessionsPlugin } from './modules/market/pts/plugin';
import { VenueRouter } from './modules/trading/venue-router';
import { createMarketRuntime, type MarketRuntime } from './modules/market/runtime';
import { createOutboxGateway, type NotificationGateway } from './notifications/gateway';
import { withLiveMessages } from './modules/identity/live-messages';
import type { UserEventHub } from './modules/market/ws/user-events';
import { releasesPlugin } from './releases/plugin';
import { opsConsoleStaticPlugin } from './static/ops-console';
import { shellStaticPlugin } from './static/shell';
import type { ClusterBus } from './cluster/bus';
import { forwardVenueRoutes } from './cluster/forward';
import { PLACEMENT_ROUTES } from './cluster/venue-routes';
import { HOME_PARTITION, SINGLE_PARTITION, ownsCode, type VenuePartition } from './cluster/partitions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    dbKind: DatabaseKind;
    /** Real time (security timers, record stamps); never call Date.now() in app code. */
    clock: Clock;
    /** The business clock (market, windows, dates): docs/operations.md "Business clock". */
    businessClock: BusinessClock;
    /** Per-user events on /ws (docs/api/market.md §6.2). */
    userEvents: UserEventHub;
    /** Start-up work after listen (order recovery); /api/health/ready is 503 until it is done. */
    startup: Startup;
    /**
     * Does this process run the background work (sweeps, order recovery, the market pump)? False on a
     * cluster's API servers: the venue leader runs it (docs/operations.md "Cluster").
     */
    background: boolean;
    /**
     * Does this process run the background work that spans instruments (settlement, margin, IPO
     * steps, dividends, strategies, loans, rewards, demo deposits)? The home venue partition's
     * leader does (cluster/partitions.ts); npm start's one process does everything.
     */
    homeBackground: boolean;
  }
}

export interface BuildAppOptions {
  db: DatabaseHandle;
  clock: Clock;
  /** Business rules' clock (the demo clock in demo mode); default: `clock` itself. */
  businessClock?: BusinessClock;
  /** KABUTO_DATA_DIR: uploads live in <dataDir>/uploads. */
  dataDir: string;
  releasesDir: string;
  shellDir: string;
  /** The built operator console (ops-console/dist), served at /ops; not served when not given. */
  opsConsoleDir?: string;
  /** Upload-policy signing secret. */
  secret: string;
  /** Lifetime of upload policies (KABUTO_UPLOAD_POLICY_TTL_SECONDS); default 15 minutes. */
  uploadPolicyTtlMs?: number;
  /** Client addresses exempt from rate limits (KABUTO_RATE_LIMIT_ALLOW): internal hosts, test runners. */
  rateLimitAllowList?: string[];
  /** Where rate-limit counters live; default the plugin's memory (one process). A cluster's API servers share PostgreSQL's (cluster/rate-limits.ts). */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** KABUTO_OPS_CREDENTIAL_NETWORKS: where the operator credential alone opens the ops API; default the server host. */
  operatorCredentialNetworks?: readonly string[];
  /** KABUTO_TRUST_PROXY: trust X-Forwarded-For/-Proto from this proxy (true, or its addresses); default false. */
  trustProxy?: boolean | string[];
  /** Where security notices and one-time codes go; default: the outbox table. */
  notifications?: NotificationGateway;
  /** Funds module: rates provider, hold sources, demo deposit auto-approval (docs/api/funds.md). */
  funds?: Omit<FundsPluginOptions, 'db' | 'clock' | 'businessClock' | 'notifications' | 'userEvents'>;
  /** IPO module: sweep period (docs/ipo.md). */
  ipo?: Omit<IpoPluginOptions, 'db' | 'clock' | 'businessClock' | 'funds' | 'notifications'>;
  /** Price alerts: sweep period (docs/price-alerts.md). */
  priceAlerts?: Omit<PriceAlertsPluginOptions, 'db' | 'clock' | 'businessClock' | 'venue' | 'notifications'>;
  strategies?: Omit<StrategiesPluginOptions, 'db' | 'clock' | 'businessClock' | 'venue' | 'funds' | 'trading' | 'notifications'>;
  /** Support: the operators' live hub (tests listen on it). */
  support?: Pick<SupportPluginOptions, 'live'>;
  credit?: Pick<CreditPluginOptions, 'config' | 'prices' | 'onDeps'>;
  /** Daily sign-in and coupons: reward table, referral timer (docs/dividends.md). */
  rewards?: Pick<RewardsPluginOptions, 'config' | 'onDeps'>;
  /** Trading module: rules config, event publisher, sweep (docs/trading.md). */
  trading?: Omit<TradingPluginOptions, 'db' | 'clock' | 'businessClock' | 'venue' | 'funds' | 'notifications' | 'startup'>;
  /** Stock lending: rules config, step timer, the loans' exposure check (docs/credit.md "Stock lending"). */
  lending?: Omit<LendingPluginOptions, 'db' | 'clock' | 'businessClock' | 'venue' | 'trading' | 'settlementDays'>;
  /** Dividends and corporate actions: config, and tests take the deps to drive the sweep. */
  corporateActions?: Omit<
    CorporateActionsPluginOptions,
    'db' | 'clock' | 'businessClock' | 'market' | 'trading' | 'notifications' | 'userEvents' | 'settlementDays'
  >;
  /** pino logging; off by default so tests stay quiet. An object picks the level and where lines go (tests read them). */
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
  /** Share of ordinary requests logged (failed and slow ones always are); default 0.01. */
  logSampleRate?: number;
  /** How long a checked session and a user/info answer are remembered (identity/session-cache.ts, user-info-cache.ts); default 0 = off (tests see every change at once). */
  sessionCacheMs?: number;
  /** The simulated market; default: one on `clock` with the default seed and no warm-up (tests). */
  market?: MarketRuntime;
  /** Run sweeps, order recovery and the market pump here (default true); false on a cluster's API servers. */
  background?: boolean;
  /** A cluster's venue partitions: which one this process leads (default the only one, holding every instrument). */
  venuePartition?: VenuePartition;
  /** Tags this process's venue trade ids (trading/venue-router.ts); main.ts gives one per start. */
  venueIncarnation?: string;
  /** A cluster venue leader: its TSE inputs go to this log, and the day's logged inputs are replayed at start. */
  venueLog?: { log: VenueInputLog; replay: readonly LoggedVenueInput[] };
  /** A cluster's API server: the venue's routes (cluster/venue-routes.ts) are answered by the venue leader over this bus. */
  forwardVenueRoutesTo?: ClusterBus;
  /** ...except placements, which this API server checks and writes itself (KABUTO_PLACEMENTS=api; `trading.ownership` sends them on). */
  placeOrdersHere?: boolean;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Two log lines per request cost more than the request itself: request-log.ts logs failures, slow calls and a sample.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.trustProxy ?? false,
    // Let in-flight requests finish on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // A malformed URL under /api answers the envelope like any other bad input.
    frameworkErrors: answerFrameworkError,
  });

  // First, so it sees every route any plugin registers (GET /api/openapi.json lists them).
  const routes = collectRoutes(app);

  app.decorate('db', opts.db.db);
  app.decorate('dbKind', opts.db.kind);
  app.decorate('clock', opts.clock);
  app.decorate('background', opts.background ?? true);
  const partition = opts.venuePartition ?? SINGLE_PARTITION;
  app.decorate('homeBackground', (opts.background ?? true) && partition.index === HOME_PARTITION);
  const sessionCache = new SessionCache(opts.sessionCacheMs ?? 0);
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', async () => sessionCache.close());
  // user/info answers, remembered as long and forgotten on every write to what they show.
  const userInfoCache = createUserInfoCache(opts.sessionCacheMs ?? 0);
  app.decorate('userInfoCache', userInfoCache);
  app.addHook('onClose', async () => userInfoCache.close());
  const businessClock = opts.businessClock ?? realBusinessClock(opts.clock);
  app.decorate('businessClock', businessClock);

  registerErrorHandling(app);
  if (opts.forwardVenueRoutesTo)
    forwardVenueRoutes(app, opts.forwardVenueRoutesTo, { count: partition.count, db: opts.db.db }, opts.placeOrdersHere ? PLACEMENT_ROUTES : new Set());
  registerInputHygiene(app);
  registerRequestLog(app, opts.logSampleRate ?? 0.01);

  registerSecurityHeaders(app);
  registerAnswerCompression(app);
  // The app serves plain HTTP itself: an answer can only have gone over HTTPS through a proxy it trusts.
  if (opts.trustProxy) addStrictTransportSecurity(app);
  await app.register(formbody);
  // Multipart is parsed only where images are uploaded (common/routes/upload.ts): registered
  // here, its three async hooks would run on every request.
  // Limits are set per route (config.rateLimit); nothing is limited by default.
  // The allow list names client addresses; a route's key may be a user or address + account,
  // so the address is checked, not the key.
  // @fastify/rate-limit appends a limited route's hook to that route's hook array in place, so
  // routes sharing one array (funds' `member`: the wallet, records, cards…) all counted against
  // every money-call limit. Each route gets its own copy first (this onRoute runs before the plugin's).
  app.addHook('onRoute', (route) => {
    for (const name of ['onRequest', 'preValidation', 'preHandler'] as const) {
      const hooks = route[name];
      if (Array.isArray(hooks)) route[name] = [...hooks];
    }
  });
  const allowed = new Set(opts.rateLimitAllowList ?? []);
  await app.register(rateLimit, {
    global: false,
    allowList: (request) => allowed.has(request.ip),
    ...(opts.rateLimitStore ? { store: opts.rateLimitStore } : {}),
  });

  await app.register(openApiPlugin, { routes });
  const startup = new Startup();
  app.decorate('startup', startup);
  await app.register(healthPlugin, { db: opts.db.db, dbKind: opts.db.kind, clock: opts.clock, startup });
  await app.register(commonPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    dataDir: opts.dataDir,
    secret: opts.secret,
    uploadPolicyTtlMs: opts.uploadPolicyTtlMs,
  });
  registerAuthUserDecoration(app);
  const market = opts.market ?? createMarketRuntime({ clock: businessClock });
  app.decorate('market', market);
  // Per-user live events (/ws); modules publish with app.userEvents.publish(userId, event) after commit.
  app.decorate('userEvents', market.userEvents);
  const notifications = withLiveMessages(opts.notifications ?? createOutboxGateway(opts.db.db, opts.clock), opts.db.db, market.userEvents);
  // Set and lifted by identity's operator calls; trading acts on a trading bar in the same transaction.
  const restrictionHooks = createRestrictionHooks();
  await app.register(identityPlugin, { db: opts.db.db, clock: opts.clock, businessClock, notifications, secret: opts.secret, restrictionHooks });
  app.decorate('operatorCredentialNetworks', addressMatcher(opts.operatorCredentialNetworks ?? DEFAULT_OPERATOR_CREDENTIAL_NETWORKS));
  const operatorCache = new OperatorCache(opts.sessionCacheMs ?? 0);
  app.decorate('operatorCache', operatorCache);
  app.addHook('onClose', async () => operatorCache.close());
  await app.register(opsPlugin, { db: opts.db.db, clock: opts.clock, dataDir: opts.dataDir });
  // One FundsExtensions for funds and trading: trading registers its holds and blocker on it.
  const fundsExtensions = opts.funds?.extensions ?? createFundsExtensions();
  const fundsOptions = {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    notifications,
    userEvents: market.userEvents,
    ...opts.funds,
    extensions: fundsExtensions,
  };
  await app.register(fundsPlugin, fundsOptions);
  await app.register(marketPlugin, { db: opts.db.db, clock: opts.clock, runtime: market });
  // The simulated PTS night session beside the simulated TSE; trading routes orders by the session picked.
  const pts = new PtsVenue({ primary: market.market, clock: businessClock, seed: market.market.simulator.seed });
  await app.register(sessionsPlugin, { market: market.market, pts, clock: businessClock });
  // One TradingExtensions for trading and the modules that plug rules into it (credit).
  const tradingExtensions = createTradingExtensions();
  await app.register(tradingPlugin, {
    extensions: tradingExtensions,
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    venue: new VenueRouter(market.market, pts, {
      ...(opts.venueIncarnation === undefined ? {} : { incarnation: opts.venueIncarnation }),
      ...(opts.venueLog ? { inputLog: opts.venueLog.log } : {}),
    }),
    funds: fundsExtensions,
    notifications,
    events: market.userEvents,
    factsCacheMs: opts.sessionCacheMs ?? 0,
    restrictionHooks,
    startup,
    ...(opts.venueLog ? { venueReplay: opts.venueLog.replay } : {}),
    ...opts.trading,
  });
  // Securities-backed loans: plug their sale guard and buying-power exclusion into trading, their
  // withdrawal blocker into funds.
  let creditDeps: CreditDeps | null = null;
  await app.register(creditPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    venue: market.market,
    funds: fundsExtensions,
    trading: tradingExtensions,
    notifications,
    userEvents: market.userEvents,
    ...opts.credit,
    onDeps: (deps) => {
      creditDeps = deps;
      opts.credit?.onDeps?.(deps);
    },
  });
  // Stock lending (credit/lending): a sale recalls lent shares, positions show them, nothing is
  // lent while a loan is pending or outstanding.
  await app.register(lendingPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    venue: market.market,
    trading: tradingExtensions,
    settlementDays: { ...DEFAULT_TRADING_CONFIG, ...opts.trading?.config }.settlementDays,
    ...opts.lending,
  });
  // Dividends and corporate actions: the published schedule feeds the venue's price path; the
  // sweep books entitlements, margin adjustments, splits and payments through the ledger.
  await app.register(corporateActionsPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    market: market.market,
    trading: tradingExtensions,
    notifications,
    userEvents: market.userEvents,
    settlementDays: { ...DEFAULT_TRADING_CONFIG, ...opts.trading?.config }.settlementDays,
    ...opts.corporateActions,
  });
  await app.register(ipoPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    funds: fundsExtensions,
    trading: tradingExtensions,
    notifications,
    ...opts.ipo,
  });
  // Daily sign-in and coupons: an order may claim a fee-discount coupon (trading's order-coupon
  // seam); nothing plugged into funds (a coupon never conditions access to money).
  await app.register(rewardsPlugin, { db: opts.db.db, clock: opts.clock, businessClock, trading: tradingExtensions, ...opts.rewards });
  await app.register(blockTradesPlugin, { db: opts.db.db, clock: opts.clock, businessClock, funds: fundsExtensions, venue: market.market });
  await app.register(priceAlertsPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    venue: market.market,
    notifications,
    ...(partition.count > 1 ? { owns: (code: string) => ownsCode(partition, code) } : {}),
    ...opts.priceAlerts,
  });
  // Order following: mirrors leaders' fills through trading's placement (its fill listener and orders by rule).
  await app.register(strategiesPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    venue: market.market,
    funds: fundsExtensions,
    trading: tradingExtensions,
    notifications,
    ...opts.strategies,
  });
  // Deposits made in the support chat go through funds' own services, built from funds' options
  // (wallet figures are not cached there: it reads none).
  const supportFunds = fundsDepsOf({ ...fundsOptions, walletCacheMs: 0 });
  await app.register(supportPlugin, {
    db: opts.db.db,
    clock: opts.clock,
    businessClock,
    userEvents: market.userEvents,
    funds: supportFunds,
    // Repayments made in the chat are credit's own (its checks, idempotency and postings).
    loans: {
      repay: async (userId, form) => {
        if (!creditDeps) throw new Error('credit is not running');
        return (await repayLoan(creditDeps, { id: userId }, form)).data;
      },
    },
    secret: opts.secret,
    uploadPolicyTtlMs: opts.uploadPolicyTtlMs,
    ...opts.support,
  });
  await app.register(releasesPlugin, { releasesDir: opts.releasesDir });
  if (opts.opsConsoleDir) await app.register(opsConsoleStaticPlugin, { consoleDir: opts.opsConsoleDir });
  // Registered last: every route is in the catalogue, so index.html knows which reads may be first calls.
  await app.register(shellStaticPlugin, { shellDir: opts.shellDir, releasesDir: opts.releasesDir, firstCallPaths: firstCallPaths(routes) });

  return app;
}

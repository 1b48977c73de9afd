// Process entry point: configuration from the environment, database opened and
// migrated, demo configuration seeded, then the server listens until SIGINT/SIGTERM.
import { randomUUID } from 'node:crypto';
import { buildApp } from './app';
import { SESSION_CACHE_MS } from './modules/identity/constants';
import { systemClock, type BusinessClock } from './clock';
import { loadEnv } from './config/env';
import { openMigratedDatabase, type OpenedDatabase } from './db/client';
import { seedDatabase } from './modules/common/seed';
import { demoDepositsFromEnv } from './modules/funds/plugin';
import { seedFundsConfig } from './modules/funds/seed';
import { WALLET_CACHE_MS } from './modules/funds/wallet/wallet-cache';
import { seedIdentityDemo } from './modules/identity/seed';
import { ensureBootstrapOperator } from './modules/ops/bootstrap';
import { seedSampleNews } from './modules/market/news/seed';
import { seedIpoDemo } from './modules/ipo';
import { seedBlockTradesDemo } from './modules/block-trades';
import { createOutboxGateway } from './notifications/gateway';
import { businessClockFromSettings, marketRuntimeFromSettings, marketSettingsFromEnv, readingBusinessClock } from './modules/market/runtime';
import { connectClusterBus, type ClusterBus } from './cluster/bus';
import { acquireLease, leaseFence } from './cluster/lease';
import { fenceTransactions } from './db/fenced';
import { answerForwardedRequests } from './cluster/forward';
import { serveStandbyHealth } from './cluster/standby-health';
import { warmPricing } from './cluster/standby-warmup';
import { answerMarketSnapshots, createClusterMarketBus } from './cluster/market-bus';
import { createClusterSupportLiveHub } from './cluster/support-live';
import { createClusterUserEventHub } from './cluster/user-events';
import { RATE_LIMIT_SWEEP_MS, sharedRateLimits } from './cluster/rate-limits';
import { shareCacheForgets } from './cluster/cache-forgets';
import { MarketSimulator, SteppedBusinessClock, databaseClockStore } from './modules/market';
import type { LoggedVenueInput } from './modules/trading';
import { PartitionInputLog, inputsOfDay, pruneInputLog } from './cluster/venue-input-log';
import { DEFAULT_ALGORITHMS_CONFIG, PUBLISHED_ALGORITHMS } from './modules/strategies';
import type { TradingService } from './modules/trading';
import { HOME_PARTITION, type VenuePartition } from './cluster/partitions';
import { partitionOwnership, serveOtherPartitionsOrders } from './cluster/partition-orders';
import { shareQuotes } from './cluster/partition-quotes';

async function main(): Promise<void> {
  const env = loadEnv();
  const { cluster } = env;
  const marketSettings = marketSettingsFromEnv(process.env);
  // A cluster's process (docs/operations.md "Cluster"): every one reads the same business time and talks over the bus.
  const bus: ClusterBus | null =
    cluster.role === 'all'
      ? null
      : await connectClusterBus({ url: cluster.natsUrl, name: `kabuto-${cluster.role}-${process.pid}`, onError: (error) => console.error('bus', error) });
  const database = await openMigratedDatabase(env.database);
  // One business clock for market, funds windows and dates (docs/operations.md "Business clock"):
  // resumed from its saved state before anything reads it.
  const businessClock =
    cluster.role === 'all'
      ? businessClockFromSettings(marketSettings, systemClock, {
          store: databaseClockStore(database.db),
          tickMs: 1_000,
          onError: (error) => console.error('business clock step failed', error),
        })
      : readingBusinessClock(marketSettings, systemClock);
  let releaseLease: (() => Promise<void>) | null = null;
  let venueLog: { log: PartitionInputLog; replay: LoggedVenueInput[] } | null = null;
  if (cluster.role === 'venue') {
    // A standby waits here until the leader's lease expires; it leads from then on, and the lease
    // ends the process the moment it is not sure it still leads (cluster/lease.ts).
    const stopStandbyHealth = await serveStandbyHealth(env.port, env.host, cluster.partition);
    let warmed = false;
    const lease = await acquireLease({
      databaseUrl: env.database.kind === 'postgres' ? env.database.url : '',
      name: `venue-${cluster.partition}`,
      onWaiting: (leader) => {
        console.log(`standby: venue partition ${cluster.partition} is led by ${leader.holder}`);
        if (warmed) return;
        warmed = true;
        // Off the lease worker's message: the worker goes on polling while this runs.
        setImmediate(() => console.log(`standby: pricing code warmed in ${warmPricing(marketSettings, businessClock).ms} ms`));
      },
    });
    console.log(`leading venue partition ${cluster.partition} (epoch ${lease.epoch}) at ${systemClock.now().toISOString()}`);
    releaseLease = () => lease.release();
    // The partition's input log goes on from the last leader's; its day is replayed when the app is ready.
    const log = await PartitionInputLog.open(database.db, cluster.partition, lease.epoch, businessClock);
    venueLog = { log, replay: await inputsOfDay(database.db, cluster.partition, MarketSimulator.tradingDateAt(businessClock.now())) };
    // Every write of the leader proves it still leads (a paused or cut-off leader cannot write after a
    // takeover), then writes the venue inputs acted on before it: nothing it writes lacks its input.
    const fence = leaseFence(`venue-${cluster.partition}`, lease.epoch);
    fenceTransactions(
      database.db,
      async (tx) => {
        await fence(tx);
        return log.writeIn(tx);
      },
      (seq) => log.committed(seq),
    );
    await stopStandbyHealth();
  }
  if (businessClock instanceof SteppedBusinessClock) await businessClock.open();
  // Which instruments this process's venue holds (cluster/partitions.ts); the home partition seeds and sweeps.
  const partition: VenuePartition =
    cluster.role === 'venue'
      ? { index: cluster.partition, count: cluster.partitions }
      : { index: HOME_PARTITION, count: cluster.role === 'api' ? cluster.partitions : 1 };
  const home = cluster.role !== 'api' && partition.index === HOME_PARTITION;
  if (home) await seedAll(database, businessClock);
  // A cluster's live traffic crosses processes on the bus: per-user events (with ids to resume
  // from), market frames from the venue leader's pump, the operators' support stream.
  const hubs = bus
    ? {
        userEvents: await createClusterUserEventHub(bus, { onError: (error) => console.error('user events', error) }),
        bus: createClusterMarketBus(bus, { name: `${cluster.role}-${process.pid}`, partition, onError: (error) => console.error('market frames', error) }),
        supportLive: createClusterSupportLiveHub(bus, { onError: (error) => console.error('support live', error) }),
      }
    : null;
  // An API server's rate limits count in PostgreSQL, so N servers give one allowance, not N.
  const sharedLimits = cluster.role === 'api' ? sharedRateLimits(database.db, systemClock) : null;
  // What one process forgets (a revoked session, a changed wallet …), every other forgets too.
  const stopSharingForgets = bus
    ? shareCacheForgets(bus, `${cluster.role}-${randomUUID()}`, { onError: (error) => console.error('cache forgets', error) })
    : null;
  const operator = !home ? null : await ensureBootstrapOperator(database.db, systemClock, env.dataDir, process.env.KABUTO_OPERATOR_TOKEN);

  const market = marketRuntimeFromSettings(marketSettings, businessClock, hubs ? { bus: hubs.bus, userEvents: hubs.userEvents } : {});
  // Several partitions: each holds its instruments' books; the others' quotes and orders cross the bus.
  // An API server may write placements itself (KABUTO_PLACEMENTS=api): it holds no book, checks
  // against the partitions' quotes, and sends each order's entry to its partition.
  const placesOrders = bus && cluster.role === 'api' && cluster.placements === 'api' ? bus : null;
  const partitioned = bus && cluster.role === 'venue' ? bus : null;
  const quotesBus = partitioned ?? placesOrders;
  const sharedQuotes = quotesBus
    ? shareQuotes(quotesBus, placesOrders ? { index: null, count: partition.count } : partition, market.board, () => market.market.instruments(), {
        onError: (error) => console.error('partition quotes', error),
      })
    : null;
  if (sharedQuotes) market.market.quoteOthersFrom(sharedQuotes.others);
  let tradingService: TradingService | null = null;
  const app = await buildApp({
    db: database,
    clock: systemClock,
    businessClock,
    dataDir: env.dataDir,
    releasesDir: env.releasesDir,
    shellDir: env.shellDir,
    opsConsoleDir: env.opsConsoleDir,
    secret: env.secret,
    uploadPolicyTtlMs: env.uploadPolicyTtlMs,
    rateLimitAllowList: env.rateLimitAllowList,
    ...(sharedLimits ? { rateLimitStore: sharedLimits.Store } : {}),
    trustProxy: env.trustProxy,
    operatorCredentialNetworks: env.operatorCredentialNetworks,
    logger: true,
    sessionCacheMs: SESSION_CACHE_MS,
    funds: { demo: demoDepositsFromEnv(process.env), walletCacheMs: WALLET_CACHE_MS },
    market,
    venuePartition: partition,
    trading: {
      onService: (service) => {
        tradingService = service;
      },
      ...(partitioned ? { ownership: partitionOwnership(partitioned, partition, (error) => console.error('partition orders', error)) } : {}),
      ...(placesOrders
        ? { ownership: partitionOwnership(placesOrders, { index: null, count: partition.count }, (error) => console.error('partition orders', error)) }
        : {}),
    },
    ...(hubs ? { support: { live: hubs.supportLive } } : {}),
    // The broker's algorithmic strategies (rules published, docs/strategies.md).
    strategies: { config: { algorithms: { ...DEFAULT_ALGORITHMS_CONFIG, definitions: PUBLISHED_ALGORITHMS } } },
    background: cluster.role !== 'api',
    venueIncarnation: `${systemClock.now().getTime().toString(36)}${process.pid.toString(36)}`,
    ...(venueLog ? { venueLog } : {}),
    ...(cluster.role === 'api' && bus ? { forwardVenueRoutesTo: bus, placeOrdersHere: placesOrders !== null } : {}),
  });
  // After the app: the demo offer's price is set from the venue's previous close.
  if (home) await seedBlockTradesDemo({ db: database.db, clock: systemClock, businessClock, venue: app.market.market });
  if (venueLog && cluster.role === 'venue') {
    // The log's old days are deleted hourly (a replay reads only today's).
    const partition = cluster.partition;
    const prune = (): void => {
      pruneInputLog(database.db, partition, MarketSimulator.tradingDateAt(businessClock.now())).catch((error: unknown) =>
        app.log.error({ err: error }, 'venue input log prune failed'),
      );
    };
    prune();
    const timer = setInterval(prune, 3_600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (cluster.role === 'venue' && bus) {
    const stopAnswering = answerForwardedRequests(app, bus, cluster.partition);
    const stopSnapshots = answerMarketSnapshots(bus, app.market.pump, cluster.partition);
    const engine = (tradingService as TradingService | null)?.engine;
    const stopOrders =
      partitioned && engine
        ? serveOtherPartitionsOrders(partitioned, partition, engine, (error) => app.log.error({ err: error }, 'partition order failed'))
        : null;
    app.addHook('onClose', async () => {
      stopAnswering();
      stopSnapshots();
      stopOrders?.();
    });
  }
  if (sharedQuotes) app.addHook('onClose', async () => sharedQuotes.stop());
  if (sharedLimits) {
    // Every API server deletes ended windows; a second delete of the same rows finds none.
    const sweep = setInterval(() => {
      sharedLimits.sweep().catch((error: unknown) => app.log.error({ error }, 'rate-limit sweep failed'));
    }, RATE_LIMIT_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  if (bus && hubs)
    app.addHook('onClose', async () => {
      stopSharingForgets?.();
      hubs.bus.close();
      hubs.supportLive.close();
      await hubs.userEvents.flush();
      await hubs.userEvents.close();
      await bus.close();
    });
  // The modules have registered their steps: catch up what fell due while the server was down.
  await app.ready();
  if (businessClock instanceof SteppedBusinessClock) await businessClock.begin();

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // First: a pass in progress finishes and the clock's state is saved while the modules still run.
      if (businessClock instanceof SteppedBusinessClock) await businessClock.close();
      await app.close();
      // Last: the standby may lead as soon as this one has stopped writing.
      await releaseLease?.();
    } finally {
      await database.close();
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  if (operator)
    app.log.info(
      operator.source === 'env'
        ? 'operator credential: KABUTO_OPERATOR_TOKEN'
        : `operator credential: ${operator.file}${operator.created ? ' (created)' : ''} — use it with npm run ops`,
    );
  if (operator?.retired)
    app.log.warn("operator 'ops' is retired: its credential is refused; operators use their own credentials (KABUTO_OPERATOR_TOKEN for npm run ops)");

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    throw error;
  }
}

/** The demo configuration: one process seeds it (npm start, or a cluster's venue leader). */
async function seedAll(database: OpenedDatabase, businessClock: BusinessClock): Promise<void> {
  await seedDatabase(database.db);
  await seedIdentityDemo(database.db, systemClock);
  await seedFundsConfig(database.db);
  await seedSampleNews(database.db, systemClock);
  await seedIpoDemo({ db: database.db, clock: systemClock, businessClock, notifications: createOutboxGateway(database.db, systemClock) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

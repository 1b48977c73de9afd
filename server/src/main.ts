// Process entry point: configuration from the environment, database opened and
// migrated, demo configuration seeded, then the server listens until SIGINT/SIGTERM.
import { buildApp } from './app';
import { SESSION_CACHE_MS } from './modules/identity/constants';
import { systemClock } from './clock';
import { loadEnv } from './config/env';
import { openMigratedDatabase } from './db/client';
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
import { businessClockFromSettings, marketRuntimeFromSettings, marketSettingsFromEnv } from './modules/market/runtime';
import { SteppedBusinessClock, databaseClockStore } from './modules/market';
import { DEFAULT_ALGORITHMS_CONFIG, PUBLISHED_ALGORITHMS } from './modules/strategies';

async function main(): Promise<void> {
  const env = loadEnv();
  const marketSettings = marketSettingsFromEnv(process.env);
  const database = await openMigratedDatabase(env.database);
  // One business clock for market, funds windows and dates (docs/operations.md "Business clock"):
  // resumed from its saved state before anything reads it.
  const businessClock = businessClockFromSettings(marketSettings, systemClock, {
    store: databaseClockStore(database.db),
    tickMs: 1_000,
    onError: (error) => console.error('business clock step failed', error),
  });
  if (businessClock instanceof SteppedBusinessClock) await businessClock.open();
  await seedDatabase(database.db);
  await seedIdentityDemo(database.db, systemClock);
  await seedFundsConfig(database.db);
  await seedSampleNews(database.db, systemClock);
  await seedIpoDemo({ db: database.db, clock: systemClock, businessClock, notifications: createOutboxGateway(database.db, systemClock) });
  const operator = await ensureBootstrapOperator(database.db, systemClock, env.dataDir, process.env.KABUTO_OPERATOR_TOKEN);

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
    trustProxy: env.trustProxy,
    operatorCredentialNetworks: env.operatorCredentialNetworks,
    logger: true,
    sessionCacheMs: SESSION_CACHE_MS,
    funds: { demo: demoDepositsFromEnv(process.env), walletCacheMs: WALLET_CACHE_MS },
    market: marketRuntimeFromSettings(marketSettings, businessClock),
    // The broker's algorithmic strategies (rules published, docs/strategies.md).
    strategies: { config: { algorithms: { ...DEFAULT_ALGORITHMS_CONFIG, definitions: PUBLISHED_ALGORITHMS } } },
  });
  // After the app: the demo offer's price is set from the venue's previous close.
  await seedBlockTradesDemo({ db: database.db, clock: systemClock, businessClock, venue: app.market.market });
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

  app.log.info(
    operator.source === 'env'
      ? 'operator credential: KABUTO_OPERATOR_TOKEN'
      : `operator credential: ${operator.file}${operator.created ? ' (created)' : ''} — use it with npm run ops`,
  );
  if (operator.retired)
    app.log.warn("operator 'ops' is retired: its credential is refused; operators use their own credentials (KABUTO_OPERATOR_TOKEN for npm run ops)");

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

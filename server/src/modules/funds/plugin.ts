// The funds module: customer calls under /api/vue/funds, operator calls under
// /api/ops/funds, the ledger's database guard, and the demo-mode deposit sweeper.
import type { FastifyInstance } from 'fastify';
import { realBusinessClock, type BusinessClock, type Clock } from '../../clock';
import type { Database } from '../../db/client';
import { createOutboxGateway, type NotificationGateway } from '../../notifications/gateway';
import { createUserEventHub, type UserEventHub } from '../market';
import type { DemoDeposits, FundsDeps } from './deps';
import { approveDueDemoDeposits } from './deposits/deposits';
import { createSimulatedRatesProvider, type RatesProvider } from './exchange/rates';
import { createFundsExtensions, type FundsExtensions } from './extensions';
import { ensureLedgerGuards } from './ledger/immutability';
import { fundsOpsRoutes } from './ops-routes';
import { fundsRoutes } from './routes/funds';
import { createWalletCache } from './wallet/wallet-cache';
import { runEvery } from '../../http/periodic';

export interface FundsPluginOptions {
  db: Database;
  clock: Clock;
  /** Windows and dates; default: `clock` itself. */
  businessClock?: BusinessClock;
  /** Default: the outbox table. */
  notifications?: NotificationGateway;
  /** Default: a hub nobody listens to (tests that do not watch events). */
  userEvents?: UserEventHub;
  rates?: RatesProvider;
  extensions?: FundsExtensions;
  demo?: DemoDeposits;
  /** How long wallet figures are remembered at most (wallet/wallet-cache.ts); default 0 = off, main.ts turns it on. */
  walletCacheMs?: number;
  /** How often the demo sweeper looks for due deposits; default 1 s. */
  demoSweepMs?: number;
}

/** Demo mode from the environment (main.ts): KABUTO_DEMO_AUTO_APPROVE_DEPOSITS=1, KABUTO_DEMO_AUTO_APPROVE_SECONDS. */
export function demoDepositsFromEnv(env: Readonly<Record<string, string | undefined>>): DemoDeposits {
  const seconds = Number(env.KABUTO_DEMO_AUTO_APPROVE_SECONDS ?? '10');
  return {
    autoApprove: env.KABUTO_DEMO_AUTO_APPROVE_DEPOSITS === '1' || env.KABUTO_DEMO_AUTO_APPROVE_DEPOSITS === 'true',
    delaySeconds: Number.isInteger(seconds) && seconds >= 0 ? seconds : 10,
  };
}

export function fundsDepsOf(opts: FundsPluginOptions): FundsDeps {
  return {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock ?? realBusinessClock(opts.clock),
    notifications: opts.notifications ?? createOutboxGateway(opts.db, opts.clock),
    userEvents: opts.userEvents ?? createUserEventHub(),
    rates: opts.rates ?? createSimulatedRatesProvider(),
    extensions: opts.extensions ?? createFundsExtensions(),
    demo: opts.demo ?? { autoApprove: false, delaySeconds: 10 },
    walletCache: createWalletCache(opts.walletCacheMs ?? 0),
  };
}

export async function fundsPlugin(app: FastifyInstance, opts: FundsPluginOptions): Promise<void> {
  const ctx = fundsDepsOf(opts);
  app.addHook('onClose', async () => ctx.walletCache.close());
  await ensureLedgerGuards(ctx.db);
  await fundsRoutes(app, ctx);
  await app.register(async (ops) => fundsOpsRoutes(ops, ctx));

  if (ctx.demo.autoApprove) runEvery(app, 'demo deposit sweep', opts.demoSweepMs ?? 1000, () => approveDueDemoDeposits(ctx));
}

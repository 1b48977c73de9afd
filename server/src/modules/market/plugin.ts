// The market's HTTP calls, WebSocket and operator news (docs/api/market.md). The runtime
// (simulator, board, pump) is created by the caller; this plugin starts its timers when the
// server is ready and stops them on close.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { MarketDeps } from './deps';
import { dataRoutes } from './routes/data';
import { newsRoutes } from './routes/news';
import { userRoutes } from './routes/user';
import { newsOpsRoutes } from './ops-routes';
import type { MarketRuntime } from './runtime';
import { wsRoutes } from './routes/ws';
import { lookupSession } from '../identity';
import { runEvery } from '../../http/periodic';
import { followShocks, SHOCK_FOLLOW_MS } from './shocks/follow';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market runtime (simulator = provider + order entry); the trading module enters orders through `market.market`. */
    market: MarketRuntime;
  }
}

export interface MarketPluginOptions {
  db: Database;
  clock: Clock;
  runtime: MarketRuntime;
}

export async function marketPlugin(app: FastifyInstance, opts: MarketPluginOptions): Promise<void> {
  const { runtime } = opts;
  const deps: MarketDeps = { db: opts.db, clock: opts.clock, market: runtime.market, board: runtime.board };
  await dataRoutes(app, deps);
  await userRoutes(app, deps);
  await newsRoutes(app, deps);
  await wsRoutes(app, {
    market: runtime.market,
    bus: runtime.bus,
    pump: runtime.pump,
    // Sessions are security timers: checked on the real clock.
    users: { hub: runtime.userEvents, lookup: (token, account) => lookupSession(opts.db, opts.clock.now(), token, account) },
  });
  // The operator's saved price shocks move this process's paths before it prices anything, and
  // those another process writes later within SHOCK_FOLLOW_MS.
  const shocks = followShocks(opts.db, opts.clock, runtime.market.simulator);
  await shocks.loadAll();
  runEvery(app, 'market shocks', SHOCK_FOLLOW_MS, () => shocks.catchUp(), { where: 'every-process' });
  // Operator routes get their own context, so their auth hook covers only them.
  await app.register(async (ops) => newsOpsRoutes(ops, deps, shocks));

  app.addHook('onReady', async () => {
    // On a cluster's API servers market frames arrive from the venue leader's pump over the bus.
    if (!app.background) return;
    runtime.pump.start();
    if (runtime.warmup) runtime.board.start();
  });
  app.addHook('onClose', async () => {
    runtime.pump.stop();
    runtime.board.stop();
  });
}

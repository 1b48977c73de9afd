// The block-trades module: customer calls under /api/vue/block, operator calls under /api/ops/block.
// No sweep: an offer's status follows its window on the business clock when it is read.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { FundsExtensions } from '../funds';
import type { BlockTradesDeps } from './deps';
import { blockOpsRoutes } from './ops-routes';
import { blockRoutes } from './routes';

export interface BlockTradesPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  funds: FundsExtensions;
  venue: BlockTradesDeps['venue'];
}

export async function blockTradesPlugin(app: FastifyInstance, opts: BlockTradesPluginOptions): Promise<void> {
  const deps: BlockTradesDeps = { db: opts.db, clock: opts.clock, businessClock: opts.businessClock, funds: opts.funds, venue: opts.venue };
  await blockRoutes(app, deps);
  await app.register(async (ops) => blockOpsRoutes(ops, deps));
}

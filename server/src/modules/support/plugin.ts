// The support module: customer calls under /api/vue/support, operator calls and the operators'
// live stream under /api/ops/support (docs/api/support.md).
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { FundsDeps } from '../funds';
import type { UserEventHub } from '../market';
import type { SupportDeps, SupportLoans } from './deps';
import { createSupportLiveHub, type SupportLiveHub } from './live';
import { supportOpsRoutes } from './ops-routes';
import { supportRoutes } from './routes';

export interface SupportPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  userEvents: UserEventHub;
  funds: FundsDeps;
  /** Loan repayments made in the chat: credit's own repayment. */
  loans: SupportLoans;
  secret: string;
  /** Lifetime of an operator's attachment upload policy (the customers' is the upload routes'). */
  uploadPolicyTtlMs?: number;
  /** The operators' stream; default a new one (tests pass theirs to listen). */
  live?: SupportLiveHub;
}

export async function supportPlugin(app: FastifyInstance, opts: SupportPluginOptions): Promise<void> {
  const deps: SupportDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    userEvents: opts.userEvents,
    live: opts.live ?? createSupportLiveHub(),
    funds: opts.funds,
    loans: opts.loans,
    secret: opts.secret,
    uploadPolicyTtlMs: opts.uploadPolicyTtlMs,
    conversationIds: new Map(),
  };
  await supportRoutes(app, deps);
  // Operator calls get a context of their own, so their guard covers only them.
  await app.register(async (ops) => supportOpsRoutes(ops, deps));
}

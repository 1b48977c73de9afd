// The credit module: customer calls under /api/vue/credit, operator calls under
// /api/ops/credit, the rules it plugs into trading and funds, and the monitor (interest days,
// shortfall notices, forced sales) on the business clock's steps and a timer.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import { businessInstantsBetween, SESSION_TIMES, type UserEventHub } from '../market';
import type { TradingExtensions, TradingVenue } from '../trading';
import { DEFAULT_CREDIT_CONFIG, type CreditConfig } from './config';
import type { CollateralPrices, CreditDeps } from './deps';
import { collateralSaleGuard, creditScoreWithdrawalBlocker, loanProceedsExclusion } from './guards';
import { sweepCredit } from './monitor/monitor';
import { creditOpsRoutes } from './ops-routes';
import { creditRoutes } from './routes';
import { runEvery } from '../../http/periodic';

export interface CreditPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  /** The venue collateral is priced on (previous close). */
  venue: Pick<TradingVenue, 'quote' | 'instrument'>;
  funds: FundsExtensions;
  trading: TradingExtensions;
  notifications: NotificationGateway;
  userEvents?: UserEventHub;
  config?: Partial<CreditConfig>;
  /** Tests price collateral themselves. */
  prices?: CollateralPrices;
  /** Receives the deps (tests drive the monitor). */
  onDeps?: (deps: CreditDeps) => void;
}

/** Collateral priced on the venue's previous close; names from the instrument table. */
export function venuePrices(venue: Pick<TradingVenue, 'quote' | 'instrument'>): CollateralPrices {
  return {
    previousCloseTenths: (code) => {
      if (!venue.instrument(code)) return null;
      return venue.quote(code).previousClose;
    },
    nameOf: (code) => venue.instrument(code)?.name.jp ?? code,
    isListedEquity: (code) => {
      const i = venue.instrument(code);
      return i !== undefined && (i.kind === 'stock' || i.kind === 'etf');
    },
  };
}

export async function creditPlugin(app: FastifyInstance, opts: CreditPluginOptions): Promise<void> {
  const deps: CreditDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    config: { ...DEFAULT_CREDIT_CONFIG, ...opts.config },
    prices: opts.prices ?? venuePrices(opts.venue),
    funds: opts.funds,
    trading: opts.trading,
    notifications: opts.notifications,
    ...(opts.userEvents ? { userEvents: opts.userEvents } : {}),
  };
  opts.trading.registerSaleGuard(collateralSaleGuard(deps));
  opts.trading.registerBuyingPowerExclusion(loanProceedsExclusion());
  opts.funds.registerWithdrawalBlocker(creditScoreWithdrawalBlocker(deps));
  opts.onDeps?.(deps);
  await creditRoutes(app, deps);
  await app.register(async (ops) => creditOpsRoutes(ops, deps));
  const onError = (error: unknown) => app.log.error({ err: error }, 'credit monitor failed');
  // A stepped clock passes nights at once: the monitor stands at each open and close on the way,
  // so interest days are posted and deadlines fall in order.
  opts.businessClock.registerSteps?.({
    name: 'credit',
    dueBetween: async (from, to) => businessInstantsBetween(from, to, [SESSION_TIMES.morningOpen, SESSION_TIMES.close]),
    run: async () => sweepCredit(deps, onError),
  });
  runEvery(app, 'credit monitor', deps.config.sweepMs, () => sweepCredit(deps, onError));
}

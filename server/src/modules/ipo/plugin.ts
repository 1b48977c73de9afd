// The IPO module: customer calls under /api/vue/ipo, operator calls under /api/ops/ipo, and
// the sweep that takes the clock's steps (draw at lottery time, release at the deadline, list).
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import { MarketSimulator } from '../market';
import { IPO_ACCOUNTS, IPO_ESCROW_LINE, type IpoDeps } from './deps';
import { reminderInstants, sweepIssues } from './lifecycle';
import { ipoIssues } from './schema';
import { ipoOpsRoutes } from './ops-routes';
import { ipoRoutes } from './routes';
import { runEvery } from '../../http/periodic';

export interface IpoPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  funds: FundsExtensions;
  notifications: NotificationGateway;
  trading?: IpoDeps['trading'];
  /** Sweep period in ms; 0 = off (tests call sweepIssues). */
  sweepMs?: number;
  onListed?: IpoDeps['onListed'];
  onAnnounced?: IpoDeps['onAnnounced'];
  venueHas?: IpoDeps['venueHas'];
}

export async function ipoPlugin(app: FastifyInstance, opts: IpoPluginOptions): Promise<void> {
  const deps: IpoDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    notifications: opts.notifications,
    ...(opts.trading ? { trading: opts.trading } : {}),
    // The app's simulated venue (decorated by buildApp before the plugins): a listed issue joins it
    // from its listing day, priced from its offer price; an announced one is refused as not yet listed.
    onListed:
      opts.onListed ??
      ((issue) => {
        app.market.market.addListing({
          code: issue.code,
          name: issue.names,
          offerPriceYen: issue.offerPrice,
          listedOn: MarketSimulator.tradingDateAt(issue.listingAt),
        });
      }),
    onAnnounced: opts.onAnnounced ?? ((code) => app.market.market.announceListing(code)),
    venueHas: opts.venueHas ?? ((code) => app.market.market.instrument(code) !== undefined),
  };
  // The escrow is still the customer's money: the wallet shows it and counts it in total assets.
  opts.funds.registerEscrowAccount({ name: IPO_ESCROW_LINE, kind: IPO_ACCOUNTS.escrow });
  await ipoRoutes(app, deps, opts.funds);
  await app.register(async (ops) => ipoOpsRoutes(ops, deps));
  // A stepped business clock passes nights at once: it stands at each lottery, payment
  // reminder, payment deadline and listing on the way, so the steps are taken in order at their own time.
  opts.businessClock.registerSteps?.({
    name: 'ipo',
    dueBetween: async (from, to) => {
      const open = await deps.db.select().from(ipoIssues).where(isNull(ipoIssues.listedAt));
      return open
        .flatMap((i) => {
          const reminders = reminderInstants(i.paymentDeadline);
          return [i.lotteryAt, reminders.dayBefore, reminders.morning, i.paymentDeadline, i.listingAt];
        })
        .filter((at) => at > from && at <= to);
    },
    run: () => sweepIssues(deps),
  });
  // The venue's universe lives in memory: tell it every issue again at start.
  const tellVenue = async (): Promise<void> => {
    for (const issue of await deps.db.select().from(ipoIssues)) {
      if (issue.listedAt && issue.offerPrice !== null)
        deps.onListed?.({ code: issue.code, names: issue.names, offerPrice: issue.offerPrice, listingAt: issue.listingAt });
      else if (!issue.listedAt) deps.onAnnounced?.(issue.code);
    }
  };
  app.addHook('onReady', tellVenue);
  runEvery(app, 'ipo sweep', opts.sweepMs ?? 5_000, () => sweepIssues(deps));
  // The other processes (venue partitions, API servers placing orders) learn of an issue the home
  // partition's sweep listed (both steps are idempotent).
  if (!app.homeBackground) runEvery(app, 'ipo listings', opts.sweepMs ?? 5_000, tellVenue, { where: 'every-process' });
}

// The price-alerts module: customer calls under /api/vue/alerts, and the watcher on the venue's
// tape. Nothing in the simulated venue runs by itself (market README), so a timer brings every
// code with an active alert up to the clock; its trades reach the watcher through onTrade.
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import { createOutboxGateway, type NotificationGateway } from '../../notifications/gateway';
import type { AlertVenue, PriceAlertsDeps } from './deps';
import { priceAlertRoutes } from './routes';
import { AlertWatcher } from './watcher';

export interface PriceAlertsPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  venue: AlertVenue;
  notifications: NotificationGateway;
  /** How often codes with active alerts are advanced, ms; 0 = never (tests drive the venue). Default 1 000. */
  sweepMs?: number;
  /** The outbox inside the firing transaction; default: the outbox table. */
  outboxFor?: PriceAlertsDeps['outboxFor'];
  /** A cluster's venue partition: the instruments whose tape it watches (default every one). */
  owns?: (code: string) => boolean;
  /** Handed the watcher once built (tests wait on it with idle()). */
  onWatcher?: (watcher: AlertWatcher) => void;
}

export async function priceAlertsPlugin(app: FastifyInstance, opts: PriceAlertsPluginOptions): Promise<void> {
  const deps: PriceAlertsDeps = {
    db: opts.db,
    clock: opts.clock,
    businessClock: opts.businessClock,
    venue: opts.venue,
    notifications: opts.notifications,
    outboxFor: opts.outboxFor ?? ((tx) => createOutboxGateway(tx, opts.clock)),
    ...(opts.owns ? { owns: opts.owns } : {}),
  };
  const watcher = new AlertWatcher(deps, (error) => app.log.error({ err: error }, 'price alert failed'));
  opts.onWatcher?.(watcher);
  await priceAlertRoutes(app, deps, watcher);
  const period = opts.sweepMs ?? 1_000;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (!app.background) return;
    await watcher.start();
    if (period <= 0) return;
    timer = setInterval(() => {
      for (const code of watcher.codes()) {
        try {
          deps.venue.quote(code);
        } catch (error) {
          app.log.error({ err: error, code }, 'price alert sweep failed');
        }
      }
    }, period);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    watcher.stop();
    await watcher.idle();
  });
}

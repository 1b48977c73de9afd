// Alerts on the venue's tape (docs/price-alerts.md §4). The venue calls onTrade for every trade;
// trades of codes with active alerts are queued and evaluated one at a time, in tape order,
// after the venue's synchronous step. A met rule fires in one transaction that marks the alert
// fired (guarded by state = 'active' and its revision) and writes the site message and the
// outbox copies (sms + push): a restart re-reads the active alerts, so none is lost, and the
// guard means a trade seen twice (the venue replays the day after a restart) fires nothing twice.
import { and, eq } from 'drizzle-orm';
import { sendNotice, sendPushNotice, storeSiteMessage, users } from '../identity';
import type { Trade } from '../market';
import type { PriceAlertsDeps } from './deps';
import { alertNotice } from './notices';
import { ruleMet, type AlertRule } from './rules';
import { priceAlerts, type PriceAlertRow } from './schema';

export interface ArmedAlert {
  id: number;
  userId: number;
  code: string;
  rule: AlertRule;
  revision: number;
  armedAtMs: number;
}

function armed(row: PriceAlertRow): ArmedAlert {
  return {
    id: row.id,
    userId: row.userId,
    code: row.code,
    rule: { kind: row.kind, price: row.price, moveBp: row.moveBp, direction: row.direction },
    revision: row.revision,
    armedAtMs: row.armedAt.getTime(),
  };
}

/**
 * Marks the alert fired by `trade` and writes its notices, all in one transaction. False when it
 * was no longer active at that revision (fired already, edited or deleted meanwhile).
 */
export async function fireAlert(deps: PriceAlertsDeps, alert: ArmedAlert, trade: Trade, previousClose: number): Promise<boolean> {
  const names = deps.venue.instrument(alert.code)?.name ?? { tw: alert.code, jp: alert.code, en: alert.code };
  const at = new Date(trade.at);
  const notice = alertNotice(alert.code, names, alert.rule, { price: trade.price, at, simulated: deps.businessClock.mode === 'demo' }, previousClose);
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(priceAlerts)
      .set({ state: 'fired', firedAt: at, firedPrice: trade.price, firedTradeId: trade.id, updatedAt: deps.clock.now() })
      .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.state, 'active'), eq(priceAlerts.revision, alert.revision)))
      .returning({ userId: priceAlerts.userId });
    if (!row) return null;
    const [target] = await tx.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!target) throw new Error(`price alert ${alert.id}: user ${row.userId} not found`);
    // Dated in business time, as the trade that fired it; the inbox sorts by it.
    await storeSiteMessage(tx, deps.businessClock, target, notice);
    const outbox = deps.outboxFor(tx);
    await sendNotice(outbox, target, notice);
    await sendPushNotice(outbox, target, notice);
    return target;
  });
  if (!user) return false;
  // After commit: open screens learn of the new site message at once.
  await deps.notifications.siteMessageStored?.(user.id, notice.kind);
  return true;
}

export class AlertWatcher {
  private readonly byCode = new Map<string, Map<number, ArmedAlert>>();
  private readonly queue: Trade[] = [];
  private draining: Promise<void> | null = null;
  private off: (() => void) | null = null;

  constructor(
    private readonly deps: PriceAlertsDeps,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Reads every active alert and starts listening to the tape. */
  async start(): Promise<void> {
    const rows = await this.deps.db.select().from(priceAlerts).where(eq(priceAlerts.state, 'active'));
    for (const row of rows) this.arm(row);
    this.off ??= this.deps.venue.onTrade((trade) => this.onTrade(trade));
  }

  /** Stops listening; queued trades are dropped (the venue replays them after a restart). */
  stop(): void {
    this.off?.();
    this.off = null;
    this.queue.length = 0;
  }

  /** After a committed create or edit: watch the row if it is active, else forget it. */
  arm(row: PriceAlertRow): void {
    this.disarm(row.id);
    // Another partition's instrument: its tape is on that partition, which watches the alert.
    if (row.state !== 'active' || this.deps.owns?.(row.code) === false) return;
    let alerts = this.byCode.get(row.code);
    if (!alerts) this.byCode.set(row.code, (alerts = new Map()));
    alerts.set(row.id, armed(row));
  }

  disarm(id: number): void {
    for (const [code, alerts] of this.byCode) {
      if (alerts.delete(id) && alerts.size === 0) this.byCode.delete(code);
    }
  }

  /** Codes with at least one active alert (the plugin keeps them advancing). */
  codes(): string[] {
    return [...this.byCode.keys()];
  }

  onTrade(trade: Trade): void {
    if (!this.off || !this.byCode.has(trade.code)) return;
    this.queue.push(trade);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once every queued trade has been evaluated. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Let the venue finish its synchronous step before reading it (previous close).
    await Promise.resolve();
    for (let trade = this.queue.shift(); trade; trade = this.queue.shift()) {
      try {
        await this.evaluate(trade);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private async evaluate(trade: Trade): Promise<void> {
    const alerts = this.byCode.get(trade.code);
    if (!alerts) return;
    const businessNow = this.deps.businessClock.now().getTime();
    let previousClose: number | null = null;
    for (const alert of [...alerts.values()]) {
      // Trades before the alert was armed do not count, unless the business clock has gone back
      // past the arming time (the demo clock replays its day): then the replayed day counts.
      if (trade.at < alert.armedAtMs && businessNow >= alert.armedAtMs) continue;
      previousClose ??= this.deps.venue.quote(trade.code).previousClose;
      if (!ruleMet(alert.rule, trade.price, previousClose)) continue;
      // Out of memory first: later trades of the queue must not fire it again meanwhile.
      this.disarm(alert.id);
      try {
        await fireAlert(this.deps, alert, trade, previousClose);
      } catch (error) {
        // Not fired (rolled back): watch it again, the next trade that meets the rule fires it.
        if (!this.byCode.get(alert.code)?.has(alert.id)) this.rearm(alert);
        this.onError(error);
      }
    }
  }

  private rearm(alert: ArmedAlert): void {
    let alerts = this.byCode.get(alert.code);
    if (!alerts) this.byCode.set(alert.code, (alerts = new Map()));
    alerts.set(alert.id, alert);
  }
}

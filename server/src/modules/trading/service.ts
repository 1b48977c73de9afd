// The trading module's running part: the order engine on the venue, the funds hold sources
// and blocker, and the sweep (queued orders into the venue, day-end expiry, margin rules,
// 制度信用 due dates) on a timer.
import type { TradingDeps } from './deps';
import { sweepMargin } from './margin/monitor';
import { OrderEngine } from './orders/engine';
import { positionsBlocker, tradingHoldSources } from './settlement/holds';

export class TradingService {
  readonly deps: TradingDeps;
  readonly engine: OrderEngine;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(deps: TradingDeps, onError: (error: unknown) => void = () => undefined, opts: { writers?: number } = {}) {
    this.deps = deps;
    this.engine = new OrderEngine(deps, { onError, ...opts });
    for (const source of tradingHoldSources(deps)) deps.funds.registerHoldSource(source);
    deps.funds.registerWithdrawalBlocker(positionsBlocker(deps));
    this.engine.start();
  }

  /** One pass of every timed rule; overlapping calls share the running pass. */
  sweep(): Promise<void> {
    if (!this.sweeping) {
      this.sweeping = (async () => {
        await this.engine.sweepOrders();
        await sweepMargin(this.deps, this.engine);
        await this.engine.idle();
      })().finally(() => {
        this.sweeping = null;
      });
    }
    return this.sweeping;
  }

  startTimer(onError: (error: unknown) => void): void {
    if (this.deps.config.sweepMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.sweep().catch(onError);
    }, this.deps.config.sweepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.sweeping) await this.sweeping.catch(() => undefined);
    this.engine.stop();
    await this.engine.idle();
  }
}

// The trading module's running part: the order engine on the venue, the funds hold sources
// and blocker, and the sweep (queued orders into the venue, day-end expiry, margin rules,
// 制度信用 due dates) on a timer.
import type { TradingDeps } from './deps';
import { sweepMargin } from './margin/monitor';
import { OrderEngine, type RecoveryFigures } from './orders/engine';
import { positionsBlocker, tradingHoldSources } from './settlement/holds';

export class TradingService {
  readonly deps: TradingDeps;
  readonly engine: OrderEngine;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private recovering: Promise<RecoveryFigures> | null = null;
  private done = false;
  private markRecovered: (figures: RecoveryFigures) => void = () => undefined;
  /** Resolves once start-up recovery finished (recover()): order calls wait for it. */
  readonly recovered: Promise<RecoveryFigures> = new Promise((resolve) => {
    this.markRecovered = resolve;
  });

  get isRecovered(): boolean {
    return this.done;
  }

  /** True once recovered, false if it is still running after `ms` (a timer: real time). */
  whenRecovered(ms: number): Promise<boolean> {
    if (this.done) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.done), ms);
      void this.recovered.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  constructor(deps: TradingDeps, onError: (error: unknown) => void = () => undefined, opts: { writers?: number } = {}) {
    this.deps = deps;
    this.engine = new OrderEngine(deps, { onError, ...opts });
    for (const source of tradingHoldSources(deps)) deps.funds.registerHoldSource(source);
    deps.funds.registerWithdrawalBlocker(positionsBlocker(deps));
    this.engine.start();
  }

  /**
   * Start-up recovery (OrderEngine.recover): every acknowledged order entered into this
   * process's venue again, or expired. One run per service; a failed run may be retried.
   */
  recover(): Promise<RecoveryFigures> {
    if (!this.recovering) {
      const run = this.engine.recover();
      this.recovering = run;
      run.then(
        (figures) => {
          this.done = true;
          this.markRecovered(figures);
        },
        () => {
          if (this.recovering === run) this.recovering = null;
        },
      );
    }
    return this.recovering;
  }

  /**
   * A process that holds no order of its own in a venue (a cluster's API server): nothing to
   * enter again, so order calls need not wait.
   */
  holdsNoVenueOrders(): void {
    if (this.done) return;
    this.done = true;
    this.markRecovered({ reentered: 0, expired: 0, waiting: 0 });
  }

  /** One pass of every timed rule; overlapping calls share the running pass. */
  sweep(): Promise<void> {
    if (!this.sweeping) {
      this.sweeping = (async () => {
        await this.engine.sweepOrders();
        // Margin spans a customer's instruments: the home partition alone sweeps it (ownership.ts).
        if (this.deps.ownership?.home !== false) await sweepMargin(this.deps, this.engine);
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

// The latest quote of every instrument, for lists and rankings. Simulating a whole day costs
// about 50 ms of CPU per instrument (≈ 12 s for the universe), so the board fills and
// refreshes in the background: short slices scheduled with setImmediate, so HTTP and WS
// work interleaves and the event loop never blocks for more than one instrument. Lists
// answer from what is ready and say how much that is.
import type { MarketDataProvider, Quote } from '../provider';

export interface MarketBoardOptions {
  provider: MarketDataProvider;
  /** Work per slice before yielding to the event loop (ms of CPU). */
  sliceMs?: number;
  /** Pause between two full refresh passes once warm. */
  refreshPauseMs?: number;
}

// Short slices: under load each event-loop turn answers the requests that arrived and then
// runs one slice, so the slice length is the simulation's share of a busy loop (8 ms slices
// take about a third of the CPU from requests while the board warms). When the server is
// idle, slices follow each other at once and warming takes no longer than with long slices.
export const DEFAULT_SLICE_MS = 2;
export const DEFAULT_REFRESH_PAUSE_MS = 1000;

export class MarketBoard {
  private readonly provider: MarketDataProvider;
  private readonly sliceMs: number;
  private readonly refreshPauseMs: number;
  private readonly quotes = new Map<string, Quote>();
  private cursor = 0;
  private running = false;
  private immediate: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: MarketBoardOptions) {
    this.provider = opts.provider;
    this.sliceMs = opts.sliceMs ?? DEFAULT_SLICE_MS;
    this.refreshPauseMs = opts.refreshPauseMs ?? DEFAULT_REFRESH_PAUSE_MS;
  }

  /** Start warming, then keep refreshing, in the background. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.scheduleSlice();
  }

  stop(): void {
    this.running = false;
    if (this.immediate) clearImmediate(this.immediate);
    if (this.timer) clearTimeout(this.timer);
    this.immediate = null;
    this.timer = null;
  }

  /** Instruments with a quote on the board. */
  readyCount(): number {
    return this.quotes.size;
  }

  total(): number {
    return this.provider.instruments().length;
  }

  quote(code: string): Quote | undefined {
    return this.quotes.get(code);
  }

  /** Record a quote computed elsewhere (a quote call, the WS pump): it is at least as fresh. */
  note(quote: Quote): void {
    this.quotes.set(quote.code, quote);
  }

  /** Refresh one instrument now; used by slices and by tests. */
  refresh(code: string): Quote {
    const quote = this.provider.quote(code);
    this.quotes.set(code, quote);
    return quote;
  }

  /** Refresh everything synchronously (tests, small universes). */
  refreshAll(): void {
    for (const i of this.provider.instruments()) this.refresh(i.code);
  }

  private scheduleSlice(): void {
    this.immediate = setImmediate(() => {
      this.immediate = null;
      this.slice();
    });
  }

  private slice(): void {
    if (!this.running) return;
    const instruments = this.provider.instruments();
    const started = performance.now();
    while (this.cursor < instruments.length && performance.now() - started < this.sliceMs) {
      const instrument = instruments[this.cursor];
      this.cursor += 1;
      if (instrument) this.refresh(instrument.code);
    }
    if (this.cursor < instruments.length) {
      this.scheduleSlice();
      return;
    }
    this.cursor = 0;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.scheduleSlice();
    }, this.refreshPauseMs);
    this.timer.unref();
  }
}

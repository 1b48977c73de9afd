// Drives the simulator for what is watched: every interval it brings each subscribed code
// up to the clock and publishes a frame on the bus when its quote or depth changed (the
// simulator runs only when asked, so without the pump nothing would move).
import type { MarketBoard } from '../board/market-board';
import type { MarketDataProvider, Quote, Depth } from '../provider';
import { parseTopic, type Channel, type MarketBus } from './bus';
import { INDEX_CODES, type IndexCode, type IndexQuote } from '@kabuto/shared-sdk/schemas';

export function isIndexCode(code: string): code is IndexCode {
  return (INDEX_CODES as readonly string[]).includes(code);
}

export const PUMP_INTERVAL_MS = 250;

/** Wall-clock epoch ms with sub-millisecond precision, for frames' send stamps. */
export function wallTimeMs(): number {
  return performance.timeOrigin + performance.now();
}

export function frameOf(channel: Channel, code: string, data: Quote | Depth | IndexQuote, t: number): string {
  return `{"channel":"${channel}","code":${JSON.stringify(code)},"t":${t.toFixed(3)},"data":${JSON.stringify(data)}}`;
}

export interface MarketPumpOptions {
  provider: MarketDataProvider;
  bus: MarketBus;
  board?: MarketBoard;
  intervalMs?: number;
}

export class MarketPump {
  private readonly provider: MarketDataProvider;
  private readonly bus: MarketBus;
  private readonly board: MarketBoard | undefined;
  private readonly intervalMs: number;
  /** Last published body per topic, without its time stamp: publish only on change. */
  private readonly lastBody = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: MarketPumpOptions) {
    this.provider = opts.provider;
    this.bus = opts.bus;
    this.board = opts.board;
    this.intervalMs = opts.intervalMs ?? PUMP_INTERVAL_MS;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pump pass; answers how many frames were published. */
  tick(): number {
    const topics = this.bus.activeTopics();
    const active = new Set(topics);
    // Forget what nobody watches, so a later subscriber starts from a fresh comparison.
    for (const topic of this.lastBody.keys()) if (!active.has(topic)) this.lastBody.delete(topic);
    let published = 0;
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (!parsed) continue;
      const data = this.current(parsed.channel, parsed.code);
      if (!data) continue;
      // `at` moves with the clock on every pass; only a change of anything else is news.
      const body = JSON.stringify({ ...data, at: 0 });
      if (this.lastBody.get(topic) === body) continue;
      this.lastBody.set(topic, body);
      // Stamped as it leaves, so a client's latency counts fan-out, not this pass's other codes.
      this.bus.publish(topic, frameOf(parsed.channel, parsed.code, data, wallTimeMs()));
      published += 1;
    }
    return published;
  }

  /** The present value of a topic (for a new subscriber's first frame); null for an unknown code. */
  snapshot(channel: Channel, code: string): string | null {
    const data = this.current(channel, code);
    if (!data) return null;
    // The next pass then publishes only a real change, not this value again.
    this.lastBody.set(`${channel}:${code}`, JSON.stringify({ ...data, at: 0 }));
    return frameOf(channel, code, data, wallTimeMs());
  }

  private current(channel: Channel, code: string): Quote | Depth | IndexQuote | null {
    if (channel === 'index') return isIndexCode(code) ? this.provider.indexQuote(code) : null;
    if (!this.provider.instrument(code)) return null;
    if (channel === 'depth') return this.provider.depth(code);
    const quote = this.provider.quote(code);
    this.board?.note(quote);
    return quote;
  }
}

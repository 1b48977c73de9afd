// Quotes across venue partitions: each partition's leader holds the books of its own instruments,
// so it alone knows their prices with its customers' orders in them. It publishes its board's
// latest quotes of them (those that changed) every PUBLISH_MS on core NATS `kabuto.quotes.<p>`,
// and every partition keeps the latest quote of each instrument the others hold: its lists,
// rankings, valuations and margin figures read those (SimulatedMarket.quoteOthersFrom). A quote
// from another partition is at most about PUBLISH_MS plus its board's refresh pass old. Every
// REPUBLISH_EVERY-th time it sends all of them, changed or not, so a process that started later
// has them all within seconds. An API server that places orders itself (checks against quotes,
// no book of its own) reads them all and publishes none.
import type { OtherPartitionsQuotes, Quote } from '../modules/market';
import type { ClusterBus } from './bus';
import { ownsCode, type VenuePartition } from './partitions';

export const QUOTES_SUBJECT_PREFIX = 'kabuto.quotes.';
export const PUBLISH_MS = 500;
export const REPUBLISH_EVERY = 10;

/** What tells two quotes of one instrument apart for a reader (not the stamp). */
const changeKey = (q: Quote): string =>
  `${q.tradingDate}|${q.phase}|${q.last}|${q.volume}|${q.bestBid}|${q.bestAsk}|${q.high}|${q.low}|${q.specialQuote ?? ''}|${q.upperLimit}|${q.lowerLimit}`;

export interface SharedQuotes {
  /** Hand to SimulatedMarket.quoteOthersFrom. */
  others: OtherPartitionsQuotes;
  stop(): void;
}

export function shareQuotes(
  bus: ClusterBus,
  partition: VenuePartition | { index: null; count: number },
  board: { quote(code: string): Quote | undefined },
  instruments: () => readonly { code: string }[],
  opts: { publishMs?: number; onError?: (error: unknown) => void } = {},
): SharedQuotes {
  const onError = opts.onError ?? (() => undefined);
  const index = partition.index;
  const owns = index === null ? () => false : (code: string): boolean => ownsCode({ index, count: partition.count }, code);
  const theirs = new Map<string, Quote>();
  const off = bus.subscribe(`${QUOTES_SUBJECT_PREFIX}*`, (text, subject) => {
    if (subject === `${QUOTES_SUBJECT_PREFIX}${index}`) return;
    try {
      for (const q of JSON.parse(text) as Quote[]) if (!owns(q.code)) theirs.set(q.code, q);
    } catch (error) {
      onError(error);
    }
  });
  const sent = new Map<string, string>();
  let beat = 0;
  const timer =
    index === null
      ? null
      : setInterval(() => {
          try {
            const all = beat++ % REPUBLISH_EVERY === 0;
            const changed: Quote[] = [];
            for (const { code } of instruments()) {
              if (!owns(code)) continue;
              const q = board.quote(code);
              if (!q) continue;
              const key = changeKey(q);
              if (!all && sent.get(code) === key) continue;
              sent.set(code, key);
              changed.push(q);
            }
            if (changed.length > 0) bus.publish(`${QUOTES_SUBJECT_PREFIX}${index}`, JSON.stringify(changed));
          } catch (error) {
            onError(error);
          }
        }, opts.publishMs ?? PUBLISH_MS);
  timer?.unref();
  return {
    others: { owns, latest: (code) => theirs.get(code) },
    stop() {
      if (timer) clearInterval(timer);
      off();
    },
  };
}

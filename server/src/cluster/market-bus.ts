// Market frames across a cluster (docs/api/market.md §6): the pump runs on the venue only and
// publishes each topic's frame on core NATS `kabuto.md.<topic>`; an API server's sockets
// subscribe there. The pump produces only what someone watches: every API server announces its
// watched topics on `kabuto.md.interest` every ANNOUNCE_MS, and the venue's activeTopics() is
// the union of the announcements younger than INTEREST_TTL_MS (an API server that stops
// announcing — gone, or cut off — stops costing the pump within that time).
import { parseTopic, type BusHandler, type Channel, type MarketBus } from '../modules/market';
import type { ClusterBus } from './bus';
import { HOME_PARTITION, SINGLE_PARTITION, partitionOf, type VenuePartition } from './partitions';

export const MARKET_SUBJECT_PREFIX = 'kabuto.md.';
export const INTEREST_SUBJECT = 'kabuto.md.interest';
/** Request/reply: a topic's present frame from the venue partition holding its instrument (answerMarketSnapshots). */
export const snapshotSubject = (partition: number): string => `kabuto.md.snapshot.${partition}`;
export const SNAPSHOT_TIMEOUT_MS = 1_000;
export const ANNOUNCE_MS = 2_000;
export const INTEREST_TTL_MS = 6_000;

export interface ClusterMarketBus extends MarketBus {
  snapshot(topic: string): Promise<string | null>;
  close(): void;
}

export interface ClusterMarketBusOptions {
  /** Names this server in its announcements (unique per process). */
  name: string;
  announceMs?: number;
  interestTtlMs?: number;
  /**
   * The cluster's venue partitions, and on a venue leader its own: its pump publishes the topics of
   * its own instruments only (the indices on the home partition), and snapshots are asked of the
   * partition holding the topic's instrument. Default one partition holding everything.
   */
  partition?: VenuePartition;
  /** Monotonic ms (tests pass their own). */
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Interest {
  from: string;
  topics: string[];
}

/** The partition whose pump publishes a topic: its instrument's, the indices' the home partition's. */
function topicPartition(topic: string, count: number): number {
  const parsed = parseTopic(topic);
  return parsed && parsed.channel !== 'index' ? partitionOf(parsed.code, count) : HOME_PARTITION;
}

export function createClusterMarketBus(bus: ClusterBus, opts: ClusterMarketBusOptions): ClusterMarketBus {
  const partition = opts.partition ?? SINGLE_PARTITION;
  const now = opts.now ?? (() => performance.now());
  const ttl = opts.interestTtlMs ?? INTEREST_TTL_MS;
  const onError = opts.onError ?? (() => undefined);
  /** This server's sockets per topic, the one NATS subscription behind each topic and its latest frame. */
  const local = new Map<string, { handlers: Set<BusHandler>; off: () => void; latest: string | null }>();
  /** Other servers' announcements (and this one's): server name → topics and when heard. */
  const heard = new Map<string, { topics: string[]; at: number }>();

  const announce = () => {
    const topics = [...local.keys()];
    const interest: Interest = { from: opts.name, topics };
    bus.publish(INTEREST_SUBJECT, JSON.stringify(interest));
  };

  const offInterest = bus.subscribe(INTEREST_SUBJECT, (data) => {
    try {
      const interest = JSON.parse(data) as Interest;
      if (typeof interest.from !== 'string' || !Array.isArray(interest.topics)) return;
      heard.set(interest.from, { topics: interest.topics.filter((t): t is string => typeof t === 'string'), at: now() });
    } catch (error) {
      onError(error);
    }
  });
  const timer = setInterval(announce, opts.announceMs ?? ANNOUNCE_MS);
  timer.unref();

  return {
    publish(topic, frame) {
      bus.publish(`${MARKET_SUBJECT_PREFIX}${topic}`, frame);
    },
    subscribe(topic, handler) {
      let entry = local.get(topic);
      if (!entry) {
        const handlers = new Set<BusHandler>();
        const off = bus.subscribe(`${MARKET_SUBJECT_PREFIX}${topic}`, (frame) => {
          created.latest = frame;
          for (const h of handlers) {
            try {
              h(topic, frame);
            } catch {
              // One socket's failure (closing mid-send) must not stop the others.
            }
          }
        });
        const created = { handlers, off, latest: null as string | null };
        entry = created;
        local.set(topic, entry);
        // A new topic is news for the pump now, not at the next beat.
        announce();
      }
      entry.handlers.add(handler);
      const mine = entry;
      return () => {
        mine.handlers.delete(handler);
        if (mine.handlers.size === 0 && local.get(topic) === mine) {
          mine.off();
          local.delete(topic);
        }
      };
    },
    async snapshot(topic) {
      // Watched here already: the latest frame the venue sent is the present value.
      const latest = local.get(topic)?.latest;
      if (latest) return latest;
      const answer = await bus.request(snapshotSubject(topicPartition(topic, partition.count)), topic, SNAPSHOT_TIMEOUT_MS);
      return answer === '' ? null : answer;
    },
    activeTopics() {
      const at = now();
      const topics = new Set<string>(local.keys());
      for (const [from, interest] of heard) {
        if (at - interest.at > ttl) heard.delete(from);
        else for (const t of interest.topics) topics.add(t);
      }
      return [...topics].filter((t) => topicPartition(t, partition.count) === partition.index);
    },
    close() {
      clearInterval(timer);
      offInterest();
      for (const entry of local.values()) entry.off();
      local.clear();
      heard.clear();
    },
  };
}

/**
 * On the venue: answers API servers' snapshot requests with the pump's present frame of a topic
 * ('' for an unknown one). Queue group: one answer per request. Returns the stop function.
 */
export function answerMarketSnapshots(
  bus: ClusterBus,
  pump: { snapshot(channel: Channel, code: string): string | null },
  partition: number = HOME_PARTITION,
): () => void {
  return bus.reply(
    snapshotSubject(partition),
    (topic) => {
      const parsed = parseTopic(topic);
      return Promise.resolve(parsed ? (pump.snapshot(parsed.channel, parsed.code) ?? '') : '');
    },
    { queue: `venue-${partition}` },
  );
}

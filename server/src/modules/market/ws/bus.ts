// The in-process market-data bus between the pump (publisher) and WebSocket connections
// (subscribers). Topics are `${channel}:${code}`; messages are frames already serialised
// once, so fan-out costs one send per connection. A Redis/NATS bus could implement the same
// interface when the pump runs elsewhere.

export type BusHandler = (topic: string, frame: string) => void;

export interface MarketBus {
  publish(topic: string, frame: string): void;
  /** Returns the unsubscribe. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Topics with at least one subscriber: what the pump has to produce. */
  activeTopics(): string[];
  /**
   * The topic's present frame from where the pump runs, for a new subscriber (null: none). Absent
   * when the pump is in this process: connections ask the pump itself.
   */
  snapshot?(topic: string): Promise<string | null>;
}

export function createInProcessBus(): MarketBus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    publish(topic, frame) {
      const set = handlers.get(topic);
      if (!set) return;
      for (const h of set) {
        try {
          h(topic, frame);
        } catch {
          // One subscriber's failure (a socket closing mid-send) must not stop the others.
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        const s = handlers.get(topic);
        if (!s) return;
        s.delete(handler);
        if (s.size === 0) handlers.delete(topic);
      };
    },
    activeTopics: () => [...handlers.keys()],
  };
}

export const CHANNELS = ['quote', 'depth', 'index'] as const;
export type Channel = (typeof CHANNELS)[number];

export function topicOf(channel: Channel, code: string): string {
  return `${channel}:${code}`;
}

export function parseTopic(topic: string): { channel: Channel; code: string } | null {
  const at = topic.indexOf(':');
  const channel = topic.slice(0, at);
  if (channel !== 'quote' && channel !== 'depth' && channel !== 'index') return null;
  return { channel, code: topic.slice(at + 1) };
}

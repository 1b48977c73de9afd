// Per-user trading events (docs/api/trading.md §6). The publisher is an interface so the
// WebSocket user channel (or a message bus between API servers) can carry them; the default
// keeps listeners in process (tests subscribe to it).
import type { TradingUserEvent } from '@kabuto/shared-sdk/schemas';

export interface TradingEventPublisher {
  publish(userId: number, event: TradingUserEvent): void;
}

export interface InProcessTradingEvents extends TradingEventPublisher {
  subscribe(listener: (userId: number, event: TradingUserEvent) => void): () => void;
}

export function createInProcessTradingEvents(): InProcessTradingEvents {
  const listeners = new Set<(userId: number, event: TradingUserEvent) => void>();
  return {
    publish(userId, event) {
      for (const l of listeners) {
        try {
          l(userId, event);
        } catch {
          // A failing listener (a closed socket) must not stop the others or the engine.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Per-user events on `/ws` (docs/api/market.md §6.2): any module publishes a UserEvent for a
// user id after its change has committed; every connection authenticated as that user gets
// it as `{ channel: 'user', event, data, t }`. In-process, like the market bus.
import type { UserEvent } from '@kabuto/shared-sdk/schemas';
import { wallTimeMs } from './pump';

export type UserFrameHandler = (frame: string) => void;

export interface UserEventHub {
  /** Sends `event` to the user's open connections (none open: nothing happens). */
  publish(userId: number, event: UserEvent): void;
  /** Returns the unsubscribe. */
  subscribe(userId: number, handler: UserFrameHandler): () => void;
  /** Open authenticated connections of a user (tests, metrics). */
  listeners(userId: number): number;
}

export function userPushFrame(event: UserEvent, t: number = wallTimeMs()): string {
  return JSON.stringify({ channel: 'user', event: event.event, data: event.data, t });
}

export function createUserEventHub(): UserEventHub {
  const handlers = new Map<number, Set<UserFrameHandler>>();
  return {
    publish(userId, event) {
      const set = handlers.get(userId);
      if (!set || set.size === 0) return;
      const frame = userPushFrame(event);
      for (const h of set) {
        try {
          h(frame);
        } catch {
          // A socket closing mid-send must not stop the others.
        }
      }
    },
    subscribe(userId, handler) {
      let set = handlers.get(userId);
      if (!set) {
        set = new Set();
        handlers.set(userId, set);
      }
      set.add(handler);
      return () => {
        const s = handlers.get(userId);
        if (!s) return;
        s.delete(handler);
        if (s.size === 0) handlers.delete(userId);
      };
    },
    listeners: (userId) => handlers.get(userId)?.size ?? 0,
  };
}

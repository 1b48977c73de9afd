// Per-user events on `/ws` (docs/api/market.md §6.2): any module publishes a UserEvent for a
// user id after its change has committed; every connection authenticated as that user gets
// it as `{ channel: 'user', id, event, data, t }`. `id` is the event's place in the hub's order,
// opaque to clients: a client that reconnects sends its last id and gets what it missed
// (replay), or is told to refetch when the hub no longer has it. This hub is in-process (one
// server, `npm start`); the cluster's hub over NATS JetStream is server/src/cluster/user-events.ts.
import { randomBytes } from 'node:crypto';
import type { UserEvent } from '@kabuto/shared-sdk/schemas';
import { wallTimeMs } from './pump';

/** `id`: the frame's event id (the same as in the frame's JSON). */
export type UserFrameHandler = (frame: string, id: string) => void;

/** The open sockets of each user in this process, as handlers: what every hub delivers to. */
export interface UserSockets {
  deliver(userId: number, frame: string, id: string): void;
  subscribe(userId: number, handler: UserFrameHandler): () => void;
  has(userId: number): boolean;
  listeners(userId: number): number;
  clear(): void;
}

export function createUserSockets(): UserSockets {
  const handlers = new Map<number, Set<UserFrameHandler>>();
  return {
    deliver(userId, frame, id) {
      const set = handlers.get(userId);
      if (!set) return;
      for (const h of set) {
        try {
          h(frame, id);
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
    has: (userId) => handlers.has(userId),
    listeners: (userId) => handlers.get(userId)?.size ?? 0,
    clear: () => handlers.clear(),
  };
}

export interface UserFrame {
  id: string;
  frame: string;
}

/** What a reconnecting client missed, and where the hub stands now. */
export interface UserReplay {
  /** The user's frames after the given id, oldest first. */
  frames: UserFrame[];
  /** The hub's latest id now (a client without an id starts from here). */
  last: string;
}

export interface UserEventHub {
  /** Sends `event` to the user's open connections, and keeps it for resuming ones. */
  publish(userId: number, event: UserEvent): void;
  /** Returns the unsubscribe. */
  subscribe(userId: number, handler: UserFrameHandler): () => void;
  /**
   * The user's frames published after `afterId` (none when absent) and the latest id; 'gap'
   * when `afterId` is unknown here or older than what the hub keeps (the client must refetch).
   */
  replay(userId: number, afterId?: string): Promise<UserReplay | 'gap'>;
  /** Where an id of this hub stands in its order (greater: later); NaN for an id not of this hub. */
  position(id: string): number;
  /** Open authenticated connections of a user on this process (tests, metrics). */
  listeners(userId: number): number;
}

export function userPushFrame(event: UserEvent, id: string, t: number = wallTimeMs()): string {
  return JSON.stringify({ channel: 'user', id, event: event.event, data: event.data, t });
}

/** Frames kept per user, and for how long (ms): the in-process resume window. */
export const RING_SIZE = 200;
export const RING_AGE_MS = 10 * 60_000;

interface Kept {
  seq: number;
  at: number;
  frame: string;
}

interface Ring {
  frames: Kept[];
  /** The highest sequence of this user's frames dropped from the ring (0: none). */
  dropped: number;
}

export interface UserEventHubOptions {
  ringSize?: number;
  ringAgeMs?: number;
  /** Monotonic ms for the ring's age (tests pass their own). */
  now?: () => number;
}

export function createUserEventHub(opts: UserEventHubOptions = {}): UserEventHub {
  const ringSize = opts.ringSize ?? RING_SIZE;
  const ringAgeMs = opts.ringAgeMs ?? RING_AGE_MS;
  const now = opts.now ?? (() => performance.now());
  // Ids name this process's run: after a restart a client's old id is unknown (a gap), never
  // mistaken for a position in the new run's count.
  const run = randomBytes(4).toString('hex');
  const idOf = (seq: number) => `${run}.${seq}`;
  const positionOf = (id: string): number => {
    const dot = id.indexOf('.');
    const n = Number(id.slice(dot + 1));
    return id.slice(0, dot) === run && Number.isSafeInteger(n) ? n : Number.NaN;
  };
  const sockets = createUserSockets();
  const rings = new Map<number, Ring>();
  let seq = 0;
  /** Everything up to here was dropped from rings that were removed whole (aged out). */
  let forgottenUpTo = 0;
  let lastSweep = now();

  const sweep = (at: number) => {
    lastSweep = at;
    for (const [userId, ring] of rings) {
      while (ring.frames.length > 0 && at - ring.frames[0]!.at > ringAgeMs) ring.dropped = ring.frames.shift()!.seq;
      if (ring.frames.length === 0) {
        forgottenUpTo = Math.max(forgottenUpTo, ring.dropped);
        rings.delete(userId);
      }
    }
  };

  return {
    publish(userId, event) {
      seq += 1;
      const id = idOf(seq);
      const frame = userPushFrame(event, id);
      const at = now();
      let ring = rings.get(userId);
      if (!ring) {
        ring = { frames: [], dropped: 0 };
        rings.set(userId, ring);
      }
      ring.frames.push({ seq, at, frame });
      if (ring.frames.length > ringSize) ring.dropped = ring.frames.shift()!.seq;
      if (at - lastSweep > 60_000) sweep(at);
      sockets.deliver(userId, frame, id);
    },
    subscribe: (userId, handler) => sockets.subscribe(userId, handler),
    replay(userId, afterId) {
      const last = idOf(seq);
      if (afterId === undefined) return Promise.resolve({ frames: [], last });
      const after = positionOf(afterId);
      if (!(after >= 0 && after <= seq)) return Promise.resolve('gap');
      sweep(now());
      const ring = rings.get(userId);
      if (after < forgottenUpTo || (ring && after < ring.dropped)) return Promise.resolve('gap');
      const frames = (ring?.frames ?? []).filter((k) => k.seq > after).map((k) => ({ id: idOf(k.seq), frame: k.frame }));
      return Promise.resolve({ frames, last });
    },
    position: positionOf,
    listeners: (userId) => sockets.listeners(userId),
  };
}

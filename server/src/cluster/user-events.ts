// Per-user events across a cluster (docs/api/market.md §6.2): any process publishes to the
// JetStream stream KABUTO_USER_EVENTS on `kabuto.user.<userId>`; every API server reads the
// stream live with one ordered consumer and hands the frames to its own sockets. A frame's id
// is its stream sequence, so a customer who reconnects to any API server resumes from the last
// id it saw: the server reads the user's subject from there (direct get), within the stream's
// one hour. Older or unknown ids are a gap: the client is told to refetch.
import { randomBytes } from 'node:crypto';
import type { UserEvent } from '@kabuto/shared-sdk/schemas';
import { createUserSockets, wallTimeMs, type UserEventHub, type UserFrame } from '../modules/market';
import type { ClusterBus } from './bus';

export const USER_EVENTS_STREAM = 'KABUTO_USER_EVENTS';
export const USER_SUBJECT_PREFIX = 'kabuto.user.';
/** The resume window: how long the stream keeps an event. */
export const USER_EVENTS_MAX_AGE_MS = 60 * 60_000;
/** More missed frames than this on one resume: refetching is cheaper than replaying. */
export const MAX_REPLAY_FRAMES = 500;
/** Publishes waiting for the bus (a nats-server restart) beyond this are dropped, and said so. */
export const MAX_PENDING_PUBLISHES = 10_000;
/**
 * Publishes awaiting their acknowledgement at once. One at a time, the stream's round trip capped
 * a process at a few hundred events a second: the support bench on the cluster (300 customers,
 * ~600 events a second) fell behind by seconds and lost most live replies. Sent together on one
 * connection they are still stored in the order sent; only a retry (a lost acknowledgement, a
 * nats-server restart) can land after a later event, and a frame's id then says where it is.
 */
const PUBLISH_WINDOW = 256;
const RETRY_MS = 250;
const PUBLISH_ACK_TIMEOUT_MS = 1_000;

export interface ClusterUserEventHub extends UserEventHub {
  /** Resolves once nothing published waits to be stored (each stored, or dropped after the bus failed for good). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface ClusterUserEventHubOptions {
  /** A publish that failed and is retried, a frame that could not be read, a publish dropped. */
  onError?: (error: unknown) => void;
  maxAgeMs?: number;
}

interface StoredEvent {
  event: UserEvent['event'];
  data: unknown;
}

function frameOf(stored: StoredEvent, seq: number): string {
  return JSON.stringify({ channel: 'user', id: String(seq), event: stored.event, data: stored.data, t: wallTimeMs() });
}

function positionOf(id: string): number {
  const n = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** Creates the stream if it is not there (any number of processes may call this at once). */
export async function ensureUserEventsStream(bus: ClusterBus, maxAgeMs = USER_EVENTS_MAX_AGE_MS): Promise<void> {
  const config = {
    name: USER_EVENTS_STREAM,
    subjects: [`${USER_SUBJECT_PREFIX}>`],
    storage: 'file' as const,
    max_age: maxAgeMs * 1_000_000,
    // Replay reads the user's subject with direct get.
    allow_direct: true,
    duplicate_window: 2 * 60_000 * 1_000_000,
  };
  try {
    await bus.streams.streams.info(USER_EVENTS_STREAM);
    return;
  } catch {
    // Not there yet.
  }
  try {
    await bus.streams.streams.add(config);
  } catch (error) {
    // Another process created it meanwhile.
    await bus.streams.streams.info(USER_EVENTS_STREAM).catch(() => {
      throw error;
    });
  }
}

export async function createClusterUserEventHub(bus: ClusterBus, opts: ClusterUserEventHubOptions = {}): Promise<ClusterUserEventHub> {
  const onError = opts.onError ?? (() => undefined);
  await ensureUserEventsStream(bus, opts.maxAgeMs);
  const sockets = createUserSockets();
  // Nats-Msg-Id of each publish: a retry after a lost acknowledgement is stored once.
  const origin = randomBytes(6).toString('hex');
  let published = 0;
  /** Published and not yet stored (queued or awaiting the acknowledgement). */
  let pending = 0;
  let closed = false;
  const queue: { subject: string; data: string; msgId: string }[] = [];
  let sending = 0;
  let idle: (() => void)[] = [];
  /** The stream sequence this process's reader has reached: everything after it still comes live. */
  let lastSeen = 0;

  const deliver = (userId: number, frame: string, id: string) => sockets.deliver(userId, frame, id);

  const consumer = await bus.jetstream.consumers.get(USER_EVENTS_STREAM, { deliver_policy: 'new' });
  // Short pulls: after a nats-server restart the reader notices the lost consumer within ~2
  // heartbeats (1 s each) and recreates it where it was, instead of after the default 30 s pull.
  const messages = await consumer.consume({ expires: 2_000 });
  const reading = (async () => {
    for await (const m of messages) {
      lastSeen = m.seq;
      const userId = Number(m.subject.slice(USER_SUBJECT_PREFIX.length));
      if (!sockets.has(userId)) continue;
      try {
        deliver(userId, frameOf(m.json<StoredEvent>(), m.seq), String(m.seq));
      } catch (error) {
        onError(error);
      }
    }
  })().catch(onError);

  const persist = async (subject: string, data: string, msgId: string): Promise<void> => {
    for (;;) {
      try {
        // A short wait for the acknowledgement: after a nats-server restart the first try may go
        // unanswered, and the retry (same message id: stored once) should not wait 5 s for it.
        await bus.jetstream.publish(subject, data, { msgID: msgId, timeout: PUBLISH_ACK_TIMEOUT_MS });
        return;
      } catch (error) {
        if (closed) throw error;
        onError(error);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  };

  // Sends in the order published, up to PUBLISH_WINDOW awaiting their acknowledgement.
  const pump = (): void => {
    while (sending < PUBLISH_WINDOW && queue.length > 0) {
      const next = queue.shift()!;
      sending += 1;
      void persist(next.subject, next.data, next.msgId)
        .catch(onError)
        .finally(() => {
          sending -= 1;
          pending -= 1;
          if (pending === 0) {
            const waiting = idle;
            idle = [];
            for (const resolve of waiting) resolve();
          }
          pump();
        });
    }
  };
  const flush = (): Promise<void> => (pending === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)));

  return {
    publish(userId, event) {
      if (pending >= MAX_PENDING_PUBLISHES) {
        onError(new Error(`user event dropped: ${MAX_PENDING_PUBLISHES} publishes already wait for the bus (user ${userId}, ${event.event})`));
        return;
      }
      published += 1;
      pending += 1;
      const data = JSON.stringify({ event: event.event, data: event.data } satisfies StoredEvent);
      queue.push({ subject: `${USER_SUBJECT_PREFIX}${userId}`, data, msgId: `${origin}-${published}` });
      pump();
    },
    subscribe: (userId, handler) => sockets.subscribe(userId, handler),
    async replay(userId, afterId) {
      // A fresh auth (no id) starts where the reader is: what comes later reaches the subscription
      // made before this call. No stream call, so a crowd of reconnecting clients costs the bus nothing.
      if (afterId === undefined && lastSeen > 0) return { frames: [], last: String(lastSeen) };
      const info = await bus.streams.streams.info(USER_EVENTS_STREAM);
      const last = String(Math.max(info.state.last_seq, lastSeen));
      if (afterId === undefined) return { frames: [], last };
      const after = positionOf(afterId);
      // Unknown (ahead of the stream: another stream), or older than what the stream still keeps.
      if (!(after <= info.state.last_seq) || after + 1 < info.state.first_seq) return 'gap';
      const frames: UserFrame[] = [];
      const subject = `${USER_SUBJECT_PREFIX}${userId}`;
      let from = after + 1;
      while (from <= info.state.last_seq) {
        const m = await bus.streams.direct.getMessage(USER_EVENTS_STREAM, { seq: from, next_by_subj: subject });
        if (!m || m.seq > info.state.last_seq) break;
        if (frames.length >= MAX_REPLAY_FRAMES) return 'gap';
        frames.push({ id: String(m.seq), frame: frameOf(m.json<StoredEvent>(), m.seq) });
        from = m.seq + 1;
      }
      return { frames, last };
    },
    position: positionOf,
    listeners: (userId) => sockets.listeners(userId),
    flush,
    async close() {
      // Publishes still waiting get one more try each, not a retry loop.
      closed = true;
      await flush();
      await messages.close();
      await reading;
      sockets.clear();
    },
  };
}

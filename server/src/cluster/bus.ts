// The message bus between a cluster's processes (docs/operations.md "Cluster"): NATS core for
// request/reply and fan-out, JetStream where a message must outlive a process. The only file
// that imports the NATS client, so the rest of the server sees strings on subjects.
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection, type Subscription } from '@nats-io/transport-node';

export interface ClusterBus {
  /** Fire and forget (core NATS: delivered to whoever listens now). */
  publish(subject: string, data: string): void;
  /** `queue`: one member of the group gets each message. Returns the unsubscribe. */
  subscribe(subject: string, handler: (data: string, subject: string) => void, opts?: { queue?: string }): () => void;
  /** Request/reply; rejects after `timeoutMs` or when nobody answers. */
  request(subject: string, data: string, timeoutMs: number): Promise<string>;
  /** Answers requests on `subject` (a queue group: one answer per request). Returns the unsubscribe. */
  reply(subject: string, handler: (data: string) => Promise<string>, opts?: { queue?: string }): () => void;
  /** Publishes to a JetStream stream, deduplicated by `msgId` (Nats-Msg-Id); resolves with the stream sequence. */
  persist(subject: string, data: string, msgId?: string): Promise<number>;
  readonly jetstream: JetStreamClient;
  readonly streams: JetStreamManager;
  close(): Promise<void>;
}

export interface ClusterBusOptions {
  /** KABUTO_NATS_URL, comma-separated for several servers. */
  url: string;
  /** Shown in the server's connection list. */
  name: string;
  onError?: (error: unknown) => void;
}

/**
 * Connects and keeps reconnecting for ever: a restarted nats-server stalls the cluster, and it
 * goes on by itself when the server is back (requests in between fail and are retried by callers).
 */
export async function connectClusterBus(opts: ClusterBusOptions): Promise<ClusterBus> {
  const nc: NatsConnection = await connect({
    servers: opts.url.split(',').map((s) => s.trim()),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
  });
  const streams = await jetstreamManager(nc);
  const js = jetstream(nc);
  const subs = new Set<Subscription>();
  const onError = opts.onError ?? (() => undefined);

  const listen = (subject: string, queue: string | undefined, each: (sub: Subscription) => Promise<void>): (() => void) => {
    const sub = nc.subscribe(subject, queue ? { queue } : {});
    subs.add(sub);
    each(sub).catch(onError);
    return () => {
      subs.delete(sub);
      sub.unsubscribe();
    };
  };

  return {
    publish: (subject, data) => nc.publish(subject, data),
    subscribe: (subject, handler, o) =>
      listen(subject, o?.queue, async (sub) => {
        for await (const m of sub) {
          try {
            handler(m.string(), m.subject);
          } catch (error) {
            onError(error);
          }
        }
      }),
    request: async (subject, data, timeoutMs) => (await nc.request(subject, data, { timeout: timeoutMs })).string(),
    reply: (subject, handler, o) =>
      listen(subject, o?.queue, async (sub) => {
        for await (const m of sub) {
          handler(m.string()).then(
            (answer) => m.respond(answer),
            (error: unknown) => onError(error),
          );
        }
      }),
    persist: async (subject, data, msgId) => {
      const h = headers();
      if (msgId) h.set('Nats-Msg-Id', msgId);
      return (await js.publish(subject, data, { headers: h })).seq;
    },
    jetstream: js,
    streams,
    close: async () => {
      for (const s of subs) s.unsubscribe();
      subs.clear();
      await nc.drain().catch(() => nc.close());
    },
  };
}

// One WebSocket connection's subscriptions (docs/api/market.md §6): parses client frames,
// answers acks and error frames, and forwards bus frames with a per-topic throttle — at
// most one push per code and channel every THROTTLE_MS (200 ms), the latest value winning. A
// connection's mistakes only ever produce error frames on that connection.
import { z } from 'zod';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { MAX_SUBSCRIPTION_CODES, type MarketDataProvider } from '../provider';
import { CHANNELS, topicOf, type Channel, type MarketBus } from './bus';
import { isIndexCode, wallTimeMs, type MarketPump } from './pump';
import type { SessionLookup } from '../../identity';
import type { UserEventHub, UserFrame, UserReplay } from './user-events';

/**
 * A little under the pump's 250 ms, so the pump's own timer jitter never holds a frame back
 * a whole pass; it still caps anything faster (snapshot then first change, bursts).
 */
export const THROTTLE_MS = 200;
/** Above this many bytes waiting in the socket, pushes wait (latest kept) until it drains. */
export const MAX_BUFFERED_BYTES = 512 * 1024;
const DRAIN_RETRY_MS = 50;
const OPEN = 1;

export interface PushSocket {
  send(data: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

export type WsErrorCode = 'unknown-code' | 'too-many-codes' | 'bad-channel' | 'bad-frame' | 'bad-auth';

/** How often an authenticated connection checks that its session is still live (logout, expiry). */
export const SESSION_RECHECK_MS = 30_000;

/** Per-user events (docs/api/market.md §6.2): the hub and how to check a session. */
export interface UserChannel {
  hub: UserEventHub;
  lookup(token: string, account: string): Promise<SessionLookup>;
  recheckMs?: number;
}

const idSchema = z.union([z.string().max(64), z.number()]).optional();
const frameSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), channel: z.string(), codes: z.array(z.string().max(8)), id: idSchema }),
  z.object({ op: z.literal('unsubscribe'), channel: z.string(), codes: z.array(z.string().max(8)), id: idSchema }),
  z.object({ op: z.literal('ping'), id: idSchema }),
  z.object({ op: z.literal('auth'), token: z.string().max(200), account: z.string().max(20), after: z.string().max(64).optional(), id: idSchema }),
  z.object({ op: z.literal('deauth'), id: idSchema }),
]);
type ClientFrame = z.infer<typeof frameSchema>;

export interface ClientStreamOptions {
  socket: PushSocket;
  bus: MarketBus;
  pump: MarketPump;
  market: MarketDataProvider;
  /** Without it, `auth` frames are refused (bad-auth). */
  users?: UserChannel;
  throttleMs?: number;
  maxCodes?: number;
  /** Monotonic ms (tests may pass their own). */
  now?: () => number;
}

export class ClientStream {
  private readonly socket: PushSocket;
  private readonly bus: MarketBus;
  private readonly pump: MarketPump;
  private readonly market: MarketDataProvider;
  private readonly throttleMs: number;
  private readonly maxCodes: number;
  private readonly now: () => number;
  private readonly codes: Record<Channel, Set<string>> = { quote: new Set(), depth: new Set(), index: new Set() };
  private readonly users: UserChannel | undefined;
  /** The authenticated user's subscription, session recheck and credentials. */
  private auth: { off: () => void; recheck: NodeJS.Timeout; token: string; account: string } | null = null;
  /** Bumped by every auth/deauth, so a slow lookup cannot apply after a newer frame. */
  private authSeq = 0;
  private readonly unsubscribes = new Map<string, () => void>();
  private readonly lastSentAt = new Map<string, number>();
  private readonly pending = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(opts: ClientStreamOptions) {
    this.socket = opts.socket;
    this.bus = opts.bus;
    this.pump = opts.pump;
    this.market = opts.market;
    this.users = opts.users;
    this.throttleMs = opts.throttleMs ?? THROTTLE_MS;
    this.maxCodes = opts.maxCodes ?? MAX_SUBSCRIPTION_CODES;
    this.now = opts.now ?? (() => performance.now());
  }

  /** A text frame from the client. */
  handle(raw: string): void {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.error('bad-frame', MSG.wsBadFrame);
      return;
    }
    const parsed = frameSchema.safeParse(json);
    if (!parsed.success) {
      const id = typeof json === 'object' && json !== null && 'id' in json ? idSchema.safeParse(json.id).data : undefined;
      this.error('bad-frame', MSG.wsBadFrame, { id });
      return;
    }
    this.apply(parsed.data);
  }

  close(): void {
    this.closed = true;
    this.authSeq += 1;
    this.dropAuth();
    for (const off of this.unsubscribes.values()) off();
    this.unsubscribes.clear();
    this.pending.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Codes subscribed on a channel (tests, metrics). */
  subscribed(channel: Channel): string[] {
    return [...this.codes[channel]];
  }

  private apply(frame: ClientFrame): void {
    if (frame.op === 'ping') {
      this.sendJson({ op: 'pong', t: wallTimeMs(), ...(frame.id === undefined ? {} : { id: frame.id }) });
      return;
    }
    const id = frame.id === undefined ? {} : { id: frame.id };
    if (frame.op === 'auth') {
      void this.authenticate(frame.token, frame.account, frame.after, id);
      return;
    }
    if (frame.op === 'deauth') {
      this.authSeq += 1;
      this.dropAuth();
      this.sendJson({ op: 'deauthed', ...id });
      return;
    }
    if (!(CHANNELS as readonly string[]).includes(frame.channel)) {
      this.error('bad-channel', MSG.wsBadChannel, { ...id, channel: frame.channel });
      return;
    }
    const channel = frame.channel as Channel;
    const codes = [...new Set(frame.codes.map((c) => c.trim().toUpperCase()))];
    const set = this.codes[channel];
    if (frame.op === 'unsubscribe') {
      for (const code of codes) {
        const topic = topicOf(channel, code);
        this.unsubscribes.get(topic)?.();
        this.unsubscribes.delete(topic);
        this.pending.delete(topic);
        this.lastSentAt.delete(topic);
        set.delete(code);
      }
      this.sendJson({ op: 'unsubscribed', channel, codes: [...set], ...id });
      return;
    }
    const added = codes.filter((c) => !set.has(c));
    if (set.size + added.length > this.maxCodes) {
      this.error('too-many-codes', MSG.tooManyStockCodes, { ...id, channel, codes: added });
      return;
    }
    const unknown = added.filter((c) => (channel === 'index' ? !isIndexCode(c) : !this.market.instrument(c)));
    if (unknown.length > 0) {
      this.error('unknown-code', MSG.unknownStockCode, { ...id, channel, codes: unknown });
      return;
    }
    for (const code of added) {
      set.add(code);
      const topic = topicOf(channel, code);
      this.unsubscribes.set(
        topic,
        this.bus.subscribe(topic, (t, f) => this.offer(t, f)),
      );
    }
    this.sendJson({ op: 'subscribed', channel, codes: [...set], ...id });
    // The present value first, so the client does not wait for the next change.
    for (const code of added) {
      const topic = topicOf(channel, code);
      if (this.bus.snapshot) void this.remoteSnapshot(topic);
      else {
        const frameText = this.pump.snapshot(channel, code);
        if (frameText) this.offer(topic, frameText);
      }
    }
  }

  /** The pump runs in another process (a cluster's venue): its present frame, unless a live one came first. */
  private async remoteSnapshot(topic: string): Promise<void> {
    const unsubscribe = this.unsubscribes.get(topic);
    let frameText: string | null = null;
    try {
      frameText = (await this.bus.snapshot?.(topic)) ?? null;
    } catch {
      // The venue did not answer: the next change arrives as usual.
    }
    // Still subscribed (not even unsubscribed and subscribed again), and nothing newer sent or waiting.
    if (!frameText || this.unsubscribes.get(topic) !== unsubscribe) return;
    if (this.lastSentAt.has(topic) || this.pending.has(topic)) return;
    this.offer(topic, frameText);
  }

  /**
   * Binds the connection to the session's user: their events arrive from now on. With `after`
   * (the last event id the client saw) the events it missed come first, each once and in order;
   * when the hub no longer has them the client gets `resync` and refetches.
   */
  private async authenticate(token: string, account: string, after: string | undefined, id: { id?: string | number }): Promise<void> {
    const seq = ++this.authSeq;
    const users = this.users;
    if (!users) {
      this.error('bad-auth', MSG.loginRequired, id);
      return;
    }
    let found: SessionLookup;
    try {
      found = await users.lookup(token, account);
    } catch {
      found = 'unknown';
    }
    // Closed, or another auth/deauth came while this one was looked up.
    if (this.closed || seq !== this.authSeq) return;
    if (typeof found === 'string') {
      this.dropAuth();
      this.error('bad-auth', found === 'ended' ? MSG.sessionExpired : MSG.loginRequired, id);
      return;
    }
    this.dropAuth();
    const userId = found.userId;
    const hub = users.hub;
    // Frames go out in the hub's order, each once: live ones wait until the replay is out (the
    // replay may hold some of them), and nothing at or before what the client has is sent again.
    let newest = Number.NEGATIVE_INFINITY;
    const send = (frame: string, frameId: string) => {
      const at = hub.position(frameId);
      if (at <= newest) return;
      newest = at;
      this.sendText(frame);
    };
    let held: { frame: string; id: string }[] | null = [];
    const off = hub.subscribe(userId, (frame, frameId) => {
      if (held) held.push({ frame, id: frameId });
      else send(frame, frameId);
    });
    const recheck = setInterval(() => void this.recheckSession(), users.recheckMs ?? SESSION_RECHECK_MS);
    recheck.unref();
    this.auth = { off, recheck, token, account };
    const replayed = await this.replay(hub, userId, after);
    if (this.closed || seq !== this.authSeq) return;
    this.sendJson({ op: 'authed', account, ...(replayed.last === undefined ? {} : { at: replayed.last }), ...id });
    if (replayed.resync) this.sendJson({ op: 'resync', ...(replayed.last === undefined ? {} : { at: replayed.last }) });
    else if (after !== undefined) newest = hub.position(after);
    for (const f of replayed.frames) send(f.frame, f.id);
    const waiting = held;
    held = null;
    for (const f of waiting) send(f.frame, f.id);
  }

  /** What the client missed since `after`; `resync` when the hub cannot say (unknown, too old, bus down). */
  private async replay(hub: UserEventHub, userId: number, after: string | undefined): Promise<{ frames: UserFrame[]; last?: string; resync: boolean }> {
    let found: UserReplay | 'gap' = 'gap';
    try {
      found = await hub.replay(userId, after);
      if (found !== 'gap') return { frames: found.frames, last: found.last, resync: false };
      found = await hub.replay(userId);
    } catch {
      // The bus is away: the client refetches, and live frames flow when it is back.
    }
    return { frames: [], ...(found === 'gap' ? {} : { last: found.last }), resync: true };
  }

  /** The session ended (logout, expiry, revocation): stop the user's events and say so. */
  private async recheckSession(): Promise<void> {
    const auth = this.auth;
    if (!auth || !this.users) return;
    const seq = this.authSeq;
    let found: SessionLookup;
    try {
      found = await this.users.lookup(auth.token, auth.account);
    } catch {
      return; // A failed check (database busy) is not a logout; try again next time.
    }
    if (this.closed || seq !== this.authSeq || typeof found !== 'string') return;
    this.dropAuth();
    this.sendJson({ op: 'deauthed' });
  }

  private dropAuth(): void {
    if (!this.auth) return;
    this.auth.off();
    clearInterval(this.auth.recheck);
    this.auth = null;
  }

  /** A bus frame: send now, or keep it as the topic's latest until the throttle allows. */
  private offer(topic: string, frame: string): void {
    if (this.closed) return;
    const last = this.lastSentAt.get(topic);
    const now = this.now();
    if (!this.pending.has(topic) && (last === undefined || now - last >= this.throttleMs) && this.socket.bufferedAmount <= MAX_BUFFERED_BYTES) {
      this.push(topic, frame, now);
      return;
    }
    this.pending.set(topic, frame);
    this.schedule();
  }

  private push(topic: string, frame: string, now: number): void {
    if (this.socket.readyState !== OPEN) return;
    this.lastSentAt.set(topic, now);
    this.socket.send(frame);
  }

  private schedule(): void {
    if (this.timer || this.pending.size === 0) return;
    const now = this.now();
    let due = Infinity;
    for (const topic of this.pending.keys()) due = Math.min(due, (this.lastSentAt.get(topic) ?? -Infinity) + this.throttleMs);
    const wait = this.socket.bufferedAmount > MAX_BUFFERED_BYTES ? DRAIN_RETRY_MS : Math.max(0, due - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
    // The socket keeps the process alive while it matters; a throttle timer alone must not.
    this.timer.unref();
  }

  private flush(): void {
    if (this.closed) return;
    const now = this.now();
    for (const [topic, frame] of this.pending) {
      if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) break;
      const last = this.lastSentAt.get(topic);
      if (last !== undefined && now - last < this.throttleMs) continue;
      this.pending.delete(topic);
      this.push(topic, frame, now);
    }
    this.schedule();
  }

  private error(code: WsErrorCode, msg: MessageKey, extra: Record<string, unknown> = {}): void {
    const fields = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
    this.sendJson({ op: 'error', code, msg, ...fields });
  }

  private sendJson(value: Record<string, unknown>): void {
    this.sendText(JSON.stringify(value));
  }

  private sendText(text: string): void {
    if (this.socket.readyState === OPEN) this.socket.send(text);
  }
}

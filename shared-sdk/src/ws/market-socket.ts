// One shared connection to the market WebSocket `/ws` on the page origin. Components
// subscribe to codes per channel; the socket counts references, so a code is subscribed on
// the server once however many components watch it, and unsubscribed when the last leaves.
// The connection opens on the first subscription and, when it drops, comes back with
// exponential backoff (0.5 s doubling to 30 s, with jitter) and subscribes everything again.
import {
  MAX_CODES_PER_CHANNEL,
  isErrorFrame,
  isPush,
  isUserPush,
  parseServerFrame,
  type MarketChannel,
  type MarketErrorFrame,
  type MarketPush,
  type UserPush,
} from './frames';

/** The session the connection's user events belong to (the same values as the HTTP headers). */
export interface SocketCredentials {
  token: string;
  account: string;
}

/** What MarketSocket needs of a WebSocket (the browser's fits). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export type MarketSocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface MarketSocketOptions {
  /** Default: ws(s)://<page host>/ws. */
  url?: string;
  /** Default: the browser's WebSocket. */
  createSocket?: WebSocketFactory;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** 0…1; default Math.random (jitter spreads reconnects of many clients). */
  random?: () => number;
}

export const MIN_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 30_000;
const OPEN = 1;

type PushListener = (push: MarketPush) => void;

/** The page's `/ws` address: same host, wss on https. */
export function defaultMarketSocketUrl(): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  const host = typeof location !== 'undefined' ? location.host : 'localhost';
  return `${secure ? 'wss' : 'ws'}://${host}/ws`;
}

export class MarketSocket {
  private readonly url: string;
  private readonly createSocket: WebSocketFactory;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly random: () => number;
  /** `${channel}:${code}` → listeners. */
  private readonly listeners = new Map<string, Set<PushListener>>();
  private readonly errorListeners = new Set<(frame: MarketErrorFrame) => void>();
  private readonly statusListeners = new Set<(status: MarketSocketStatus) => void>();
  /** Codes to (un)subscribe on the next flush, per channel. */
  private readonly toSubscribe: Record<MarketChannel, Set<string>> = { quote: new Set(), depth: new Set(), index: new Set() };
  private readonly toUnsubscribe: Record<MarketChannel, Set<string>> = { quote: new Set(), depth: new Set(), index: new Set() };
  /** Codes the server refused as unknown: not asked for again on this connection. */
  private readonly refused = new Set<string>();
  /** Subscribe requests in flight by id, to resend the good codes of a refused batch. */
  private readonly inFlight = new Map<number, { channel: MarketChannel; codes: string[] }>();
  private socket: WebSocketLike | null = null;
  private status: MarketSocketStatus = 'idle';
  private attempt = 0;
  private nextId = 1;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private flushQueued = false;
  private closedByUser = false;
  /** The signed-in session whose events this connection asks for (docs/api/market.md §6.2). */
  private credentials: SocketCredentials | null = null;
  private readonly userListeners = new Set<(push: UserPush) => void>();
  private readonly resyncListeners = new Set<() => void>();
  /** The last user event id of this account: sent as `after` on re-auth, so nothing is missed. */
  private lastEventId: string | null = null;
  /** An auth went out for these credentials before: a later one without an id may have missed events. */
  private authedBefore = false;
  /** The auth in flight went without an id after an earlier one: resync when it is answered. */
  private pendingResync = false;

  constructor(opts: MarketSocketOptions = {}) {
    this.url = opts.url ?? defaultMarketSocketUrl();
    this.createSocket = opts.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.minBackoffMs = opts.minBackoffMs ?? MIN_BACKOFF_MS;
    this.maxBackoffMs = opts.maxBackoffMs ?? MAX_BACKOFF_MS;
    this.random = opts.random ?? Math.random;
  }

  /**
   * Pushes of `codes` on `channel` go to `onPush` until the returned function is called.
   * Codes are upper-cased ('285a' → '285A').
   */
  subscribe<T = unknown>(channel: MarketChannel, codes: readonly string[], onPush: (push: MarketPush<T>) => void): () => void {
    const listener = onPush as PushListener;
    const topics = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => c))].map((code) => ({ code, topic: `${channel}:${code}` }));
    for (const { code, topic } of topics) {
      let set = this.listeners.get(topic);
      if (!set) {
        set = new Set();
        this.listeners.set(topic, set);
        this.toUnsubscribe[channel].delete(code);
        this.toSubscribe[channel].add(code);
      }
      set.add(listener);
    }
    this.closedByUser = false;
    this.ensureConnected();
    this.queueFlush();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      for (const { code, topic } of topics) {
        const set = this.listeners.get(topic);
        if (!set) continue;
        set.delete(listener);
        if (set.size === 0) {
          this.listeners.delete(topic);
          this.toSubscribe[channel].delete(code);
          this.toUnsubscribe[channel].add(code);
        }
      }
      this.queueFlush();
    };
  }

  /**
   * Binds the connection to a session (null: none). Sent now when open, and again after every
   * reconnect; while someone listens to user events the connection stays open for them.
   */
  authenticate(credentials: SocketCredentials | null): void {
    const same = credentials?.token === this.credentials?.token && credentials?.account === this.credentials?.account;
    if (same) return;
    const wasAuthed = this.credentials !== null;
    // A new token of the same account (signed in again) goes on from the same place; another account starts afresh.
    if (credentials?.account !== this.credentials?.account) {
      this.lastEventId = null;
      this.authedBefore = false;
    }
    this.credentials = credentials;
    const socket = this.socket;
    if (socket && socket.readyState === OPEN) {
      if (credentials) this.sendAuth(socket, credentials);
      else if (wasAuthed) socket.send(JSON.stringify({ op: 'deauth' }));
    }
    this.ensureConnected();
  }

  /**
   * Called when the user's events since the last one seen could not be replayed (the server no
   * longer has them, or none had been seen yet): the user's data must be refetched. Returns the remover.
   */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** The signed-in user's events (verification, deposit, withdrawal, balance, bank card, message); returns the remover. */
  onUserEvent(listener: (push: UserPush) => void): () => void {
    this.userListeners.add(listener);
    this.closedByUser = false;
    this.ensureConnected();
    return () => this.userListeners.delete(listener);
  }

  /** Error frames (unknown codes, too many codes …); returns the remover. */
  onError(listener: (frame: MarketErrorFrame) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  onStatus(listener: (status: MarketSocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  getStatus(): MarketSocketStatus {
    return this.status;
  }

  /** Codes subscribed (or about to be) on a channel. */
  codes(channel: MarketChannel): string[] {
    const prefix = `${channel}:`;
    return [...this.listeners.keys()].filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length));
  }

  /** Closes the connection and stops reconnecting (subscriptions are kept for a later subscribe). */
  close(): void {
    this.closedByUser = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close();
    }
    this.setStatus('closed');
  }

  // ---- internals -------------------------------------------------------------------------

  private setStatus(status: MarketSocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.statusListeners.forEach((l) => l(status));
  }

  private wanted(): boolean {
    return this.listeners.size > 0 || (this.credentials !== null && this.userListeners.size > 0);
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer || !this.wanted() || this.closedByUser) return;
    this.connect();
  }

  private connect(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: WebSocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.refused.clear();
      this.inFlight.clear();
      this.setStatus('open');
      // A fresh connection knows nothing: subscribe everything watched now.
      for (const channel of ['quote', 'depth', 'index'] as const) {
        this.toUnsubscribe[channel].clear();
        this.toSubscribe[channel] = new Set(this.codes(channel));
      }
      this.flush();
      if (this.credentials) this.sendAuth(socket, this.credentials);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.closedByUser) this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
  }

  private sendAuth(socket: WebSocketLike, credentials: SocketCredentials): void {
    const after = this.lastEventId;
    // Without an id, whatever happened since the last auth is unknown: refetch once bound.
    this.pendingResync = after === null && this.authedBefore;
    this.authedBefore = true;
    socket.send(JSON.stringify({ op: 'auth', token: credentials.token, account: credentials.account, ...(after === null ? {} : { after }) }));
  }

  private resync(): void {
    this.resyncListeners.forEach((l) => l());
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closedByUser) return;
    this.setStatus('reconnecting');
    const base = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    const delay = Math.round(base * (0.5 + this.random() / 2));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted() && !this.closedByUser) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Subscriptions made in the same task (a page mounting its rows) go out as one frame.
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    for (const channel of ['quote', 'depth', 'index'] as const) {
      const off = [...this.toUnsubscribe[channel]];
      this.toUnsubscribe[channel].clear();
      for (let i = 0; i < off.length; i += MAX_CODES_PER_CHANNEL) {
        socket.send(JSON.stringify({ op: 'unsubscribe', channel, codes: off.slice(i, i + MAX_CODES_PER_CHANNEL) }));
      }
      const on = [...this.toSubscribe[channel]].filter((c) => !this.refused.has(c));
      this.toSubscribe[channel].clear();
      for (let i = 0; i < on.length; i += MAX_CODES_PER_CHANNEL) {
        const codes = on.slice(i, i + MAX_CODES_PER_CHANNEL);
        const id = this.nextId++;
        this.inFlight.set(id, { channel, codes });
        socket.send(JSON.stringify({ op: 'subscribe', channel, codes, id }));
      }
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    const frame = parseServerFrame(data);
    if (!frame) return;
    if (isPush(frame)) {
      const set = this.listeners.get(`${frame.channel}:${frame.code}`);
      set?.forEach((l) => l(frame));
      return;
    }
    if (isUserPush(frame)) {
      if (typeof frame.id === 'string') this.lastEventId = frame.id;
      this.userListeners.forEach((l) => l(frame));
      return;
    }
    if (!('op' in frame)) return;
    if (frame.op === 'authed') {
      if (this.lastEventId === null && typeof frame.at === 'string') this.lastEventId = frame.at;
      if (this.pendingResync) {
        this.pendingResync = false;
        this.resync();
      }
      return;
    }
    if (frame.op === 'resync') {
      this.pendingResync = false;
      this.lastEventId = typeof frame.at === 'string' ? frame.at : null;
      this.resync();
      return;
    }
    if (frame.op === 'subscribed' && typeof frame.id === 'number') {
      this.inFlight.delete(frame.id);
      return;
    }
    if (isErrorFrame(frame)) {
      const batch = typeof frame.id === 'number' ? this.inFlight.get(frame.id) : undefined;
      if (typeof frame.id === 'number') this.inFlight.delete(frame.id);
      if (frame.code === 'unknown-code' && batch) {
        // The server refuses a whole batch for one bad code: ask again for the good ones.
        for (const bad of frame.codes ?? []) this.refused.add(bad);
        for (const code of batch.codes) {
          if (!this.refused.has(code) && this.listeners.has(`${batch.channel}:${code}`)) this.toSubscribe[batch.channel].add(code);
        }
        this.queueFlush();
      }
      this.errorListeners.forEach((l) => l(frame));
    }
  }
}

let shared: MarketSocket | null = null;

/** The page's one market socket (created on first use). */
export function getMarketSocket(): MarketSocket {
  shared ??= new MarketSocket();
  return shared;
}

/** Tests: forget the shared socket (closing it). */
export function resetMarketSocket(): void {
  shared?.close();
  shared = null;
}

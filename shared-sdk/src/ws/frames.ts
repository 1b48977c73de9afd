// The frames of the WebSocket `/ws` (docs/api/market.md §6): public market channels
// (quote, depth, index) and, after an `auth` frame with the session token, the signed-in
// user's own events (docs/api/market.md §6.2). The index and user-event payload types live in
// the node-safe '@kabuto/shared-sdk/schemas' (schemas/live-events.ts) so the server shares them.
import { INDEX_CODES, type IndexCode, type IndexQuote, type UserEvent } from '../schemas/live-events';

export { INDEX_CODES, type IndexCode, type IndexQuote };
export type {
  BalanceEvent,
  BankCardEvent,
  DepositEvent,
  MessageEvent,
  UserEvent,
  UserEventName,
  VerificationEvent,
  WithdrawalEvent,
} from '../schemas/live-events';

/** `index`: the simulated Nikkei 225 and TOPIX (codes in INDEX_CODES). */
export type MarketChannel = 'quote' | 'depth' | 'index';

export const MAX_CODES_PER_CHANNEL = 50;

/** A push: the latest value of one code on one channel. `t` = server send time (epoch ms). */
export interface MarketPush<T = unknown> {
  channel: MarketChannel;
  code: string;
  data: T;
  t: number;
}

export type MarketWsErrorCode = 'unknown-code' | 'too-many-codes' | 'bad-channel' | 'bad-frame' | 'bad-auth';

export interface MarketErrorFrame {
  op: 'error';
  code: MarketWsErrorCode;
  /** Catalogue key (translate with translateMessage). */
  msg: string;
  codes?: string[];
  channel?: string;
  id?: string | number;
}

export interface MarketAckFrame {
  op: 'subscribed' | 'unsubscribed';
  channel: MarketChannel;
  codes: string[];
  id?: string | number;
}

// ---- Per-user events (docs/api/market.md §6.2) ----

/**
 * Client → server: bind this connection to a session (same values as the `token`/`account` headers).
 * `after`: the id of the last user event this client got; the server sends what came after it first.
 */
export interface AuthClientFrame {
  op: 'auth';
  token: string;
  account: string;
  after?: string;
  id?: string | number;
}

/** Client → server: stop the user events on this connection (e.g. on logout); market channels stay. */
export interface DeauthClientFrame {
  op: 'deauth';
  id?: string | number;
}

/**
 * Server → client: the connection now receives this account's events (answer to `auth`). `at`: the
 * latest event id now, where a client that has no id yet resumes from after a reconnect.
 */
export interface AuthedFrame {
  op: 'authed';
  account: string;
  at?: string;
  id?: string | number;
}

/**
 * Server → client, after `authed`: the events after the `after` id can no longer be sent (too old,
 * or an id another server run gave); the client refetches the user's data. `at` as in AuthedFrame.
 */
export interface ResyncFrame {
  op: 'resync';
  at?: string;
}

/** Server → client: answer to `deauth`, or sent unasked when the session ends (logout, expiry, revocation). */
export interface DeauthedFrame {
  op: 'deauthed';
  id?: string | number;
}

/** Server → client: one user event. `id`: its place in the server's order (opaque; sent back as `after`). `t` = server send time (epoch ms). */
export type UserPush = UserEvent & { channel: 'user'; id?: string; t: number };

export type MarketServerFrame =
  MarketPush | UserPush | MarketErrorFrame | MarketAckFrame | AuthedFrame | DeauthedFrame | ResyncFrame | { op: 'pong'; t: number; id?: string | number };

export function isPush(frame: MarketServerFrame): frame is MarketPush {
  return !('op' in frame) && (frame.channel === 'quote' || frame.channel === 'depth' || frame.channel === 'index') && typeof frame.code === 'string';
}

export function isUserPush(frame: MarketServerFrame): frame is UserPush {
  return !('op' in frame) && frame.channel === 'user' && typeof frame.event === 'string';
}

export function isErrorFrame(frame: MarketServerFrame): frame is MarketErrorFrame {
  return 'op' in frame && frame.op === 'error';
}

/** A text frame as a server frame, or null when it is not JSON of the expected shape. */
export function parseServerFrame(text: string): MarketServerFrame | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as MarketServerFrame) : null;
  } catch {
    return null;
  }
}

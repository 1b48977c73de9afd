// The frames of the market WebSocket `/ws` (docs/api/market.md §6).

export type MarketChannel = 'quote' | 'depth';

export const MAX_CODES_PER_CHANNEL = 50;

/** A push: the latest value of one code on one channel. `t` = server send time (epoch ms). */
export interface MarketPush<T = unknown> {
  channel: MarketChannel;
  code: string;
  data: T;
  t: number;
}

export type MarketWsErrorCode = 'unknown-code' | 'too-many-codes' | 'bad-channel' | 'bad-frame';

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

export type MarketServerFrame = MarketPush | MarketErrorFrame | MarketAckFrame | { op: 'pong'; t: number; id?: string | number };

export function isPush(frame: MarketServerFrame): frame is MarketPush {
  return !('op' in frame) && (frame.channel === 'quote' || frame.channel === 'depth') && typeof frame.code === 'string';
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

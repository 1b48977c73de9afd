// The answer envelope of every /api call (spec §7): { status, msg, data }. A failure
// carries a catalogue key (Traditional Chinese text) in msg, which the client translates.
import type { MessageKey } from '@kabuto/shared-sdk/messages';

/** Envelope status the client reads as "session ended" (spec §8 → /pages/logon?v=1). */
export const SESSION_ENDED_STATUS = 410002;

export interface OkEnvelope<T> {
  status: 1;
  msg: string;
  data: T;
}

export interface FailEnvelope<T = null> {
  status: 0;
  msg: string;
  data: T | null;
}

export type Envelope<T> = OkEnvelope<T> | FailEnvelope;

export function ok<T>(data: T, msg = ''): OkEnvelope<T> {
  return { status: 1, msg, data };
}

export function fail<T = null>(msgKey: MessageKey, data: T | null = null): FailEnvelope<T> {
  return { status: 0, msg: msgKey, data };
}

/**
 * Thrown by route code to end a call with status 0 and a catalogue key; the error
 * handler turns it into the envelope with HTTP 200.
 */
export class ApiFailure extends Error {
  constructor(
    readonly msgKey: MessageKey,
    readonly data: unknown = null,
  ) {
    super(msgKey);
    this.name = 'ApiFailure';
  }
}

/** One page of a list the server already holds whole (the spec's `page` / `size` paging). */
export function pageOfAll<T>(all: T[], pageNo: number, size: number) {
  return { list: all.slice((pageNo - 1) * size, pageNo * size), page: pageNo, size, total: all.length, hasMore: pageNo * size < all.length };
}

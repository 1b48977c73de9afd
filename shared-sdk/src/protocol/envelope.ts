// The answer envelope {status, msg, data} and its rules (spec §7, §8), as pure functions
// so each rule is unit-testable apart from fetch.
import { MSG } from '../messages/catalogue';

/** Why a call did not succeed. */
export type FailureKind =
  /** The server answered status 0 with a catalogue message. */
  | 'rejected'
  /** The session ended (401 / 410002 / HTTP 401 / HTTP 403); the user was sent to logon. */
  | 'unauthorized'
  /** No usable answer: network error, time-out, or a body that is not an envelope. */
  | 'network'
  /** The caller aborted through its signal; nothing was shown. */
  | 'aborted';

export interface EnvelopeSuccess<T> {
  status: 1;
  msg: string;
  data: T;
}

export interface EnvelopeFailure {
  status: 0;
  /** The catalogue key (untranslated), '' when the call was aborted or redirected. */
  msg: string;
  data: unknown;
  failure: FailureKind;
}

/** Check `status === 1` before reading `data`. */
export type Envelope<T> = EnvelopeSuccess<T> | EnvelopeFailure;

/** The `v` parameter of ROUTES.sessionEnded: 1 session ended (status 401/410002), 2 HTTP 401, 3 HTTP 403. */
export type LogonVersion = 1 | 2 | 3;

export type Answer =
  | { kind: 'success'; msg: string; data: unknown }
  /** `rejected`: the server's own status-0 answer; `network`: no usable envelope. */
  | { kind: 'failure'; msg: string; data: unknown; failure: 'rejected' | 'network' }
  | { kind: 'unauthorized'; logonVersion: LogonVersion };

/** Status 1, '1' or any other non-zero value is success (1); 0, '0', '', null, false or missing is failure (0). */
export function normaliseStatus(status: unknown): 0 | 1 {
  if (status === undefined || status === null || status === false || status === '') return 0;
  if (typeof status === 'string' && status.trim() !== '' && Number(status) === 0) return 0;
  if (status === 0 || status === 0n) return 0;
  return 1;
}

const SESSION_ENDED_STATUSES = new Set(['401', '410002']);

interface EnvelopeLike {
  status: unknown;
  msg?: unknown;
  data?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'status' in body;
}

function failureMessage(body: EnvelopeLike): string {
  return typeof body.msg === 'string' && body.msg !== '' ? body.msg : MSG.systemBusy;
}

/**
 * HTTP 401 → logon v=2; HTTP 403 → logon v=3; an envelope with status 401 or 410002 →
 * logon v=1; otherwise the normalised status decides. A body that is not an envelope, or
 * a non-2xx answer without a failure message of its own, is 'system busy'.
 */
export function classifyAnswer(httpStatus: number, body: unknown): Answer {
  if (httpStatus === 401) return { kind: 'unauthorized', logonVersion: 2 };
  if (httpStatus === 403) return { kind: 'unauthorized', logonVersion: 3 };
  if (!isEnvelope(body)) return { kind: 'failure', msg: MSG.systemBusy, data: undefined, failure: 'network' };
  if (SESSION_ENDED_STATUSES.has(String(body.status))) return { kind: 'unauthorized', logonVersion: 1 };
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok && normaliseStatus(body.status) === 1) {
    return { kind: 'success', msg: typeof body.msg === 'string' ? body.msg : '', data: body.data };
  }
  if (normaliseStatus(body.status) === 0) {
    return { kind: 'failure', msg: failureMessage(body), data: body.data, failure: 'rejected' };
  }
  // A non-2xx answer that claims success is not trusted.
  return { kind: 'failure', msg: MSG.systemBusy, data: body.data, failure: 'network' };
}

/** The body of the raw call variant: a `null(...)` wrapper (JSONP-style) is removed. */
export function unwrapNullWrapper(text: string): string {
  const m = /^\s*null\(([\s\S]*)\)\s*;?\s*$/.exec(text);
  return m?.[1] ?? text;
}

/** Raw body → its JSON value after unwrapping, or the (unwrapped) text when it is not JSON. */
export function parseRawBody(text: string): unknown {
  const inner = unwrapNullWrapper(text);
  try {
    return JSON.parse(inner);
  } catch {
    return inner;
  }
}

// One form POST (or GET) with the session headers and the 60 s time-out (spec §7, §9).
import { REQUEST_TIMEOUT_MS } from '../constants';
import { FIRST_CALLS_GLOBAL, FIRST_CALL_MAX_AGE_MS, firstCallKey, type EarlyAnswer } from '../remote/first-calls';
import { readStoredSession } from '../session/storage';

export type RequestParams = Record<string, string | number | boolean | undefined>;

export type TransportResult = { kind: 'answer'; httpStatus: number; text: string } | { kind: 'network' } | { kind: 'aborted' };

/** location.origin + '/api' (just '/api' outside a browser). */
export function apiBase(): string {
  return typeof location === 'undefined' ? '/api' : `${location.origin}/api`;
}

function trimSlashes(segment: string): string {
  return segment.replace(/^\/+|\/+$/g, '');
}

/** `${apiBase()}/vue/${group}/${action}`; slashes around the segments are tolerated ('/user/'). */
export function apiUrl(group: string, action: string): string {
  return `${apiBase()}/vue/${trimSlashes(group)}/${trimSlashes(action)}`;
}

/** Form body; undefined values are left out, others are sent as text. */
export function encodeParams(params: RequestParams = {}): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) body.append(key, String(value));
  }
  return body;
}

/** The `token` and `account` headers, when stored. */
export function sessionHeaders(): Record<string, string> {
  const { token, account } = readStoredSession();
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (account) headers.account = account;
  return headers;
}

/**
 * fetch with a time-out that also covers reading the body. A caller's abort gives
 * 'aborted'; a time-out or any network failure gives 'network'.
 */
export async function fetchWithTimeout(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: URLSearchParams | FormData },
  callerSignal?: AbortSignal,
): Promise<TransportResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { kind: 'answer', httpStatus: response.status, text };
  } catch {
    return callerSignal?.aborted ? { kind: 'aborted' } : { kind: 'network' };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The answer index.html's boot script already asked for, when this is the same call with the
 * same stored token and not stale; taken once (remote/first-calls.ts). Undefined otherwise,
 * which is every call after the first screen's: the store is then empty or gone.
 */
function takeEarlyAnswer(url: string, params: RequestParams | undefined, token: string): { answer: EarlyAnswer['answer']; age: number } | undefined {
  const store = (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
  if (typeof store !== 'object' || store === null) return undefined;
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) pairs.push([name, String(value)]);
  const key = firstCallKey(new URL(url, 'http://localhost').pathname, pairs);
  const answers = store as Record<string, EarlyAnswer | undefined>;
  const early = answers[key];
  if (!early) return undefined;
  delete answers[key];
  // The last one taken: later calls need not look again.
  if (Object.keys(answers).length === 0) delete (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
  const age = Date.now() - early.at;
  if (early.token !== token || !(age >= 0 && age <= FIRST_CALL_MAX_AGE_MS)) return undefined;
  return { answer: early.answer, age };
}

export async function postForm(url: string, params: RequestParams | undefined, signal?: AbortSignal): Promise<TransportResult> {
  const headers = sessionHeaders();
  const early = takeEarlyAnswer(url, params, headers.token ?? '');
  if (early) {
    // The early request counts against the same time-out as one sent now.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, REQUEST_TIMEOUT_MS - early.age));
    });
    const answer = await Promise.race([early.answer, timedOut]);
    clearTimeout(timer);
    if (signal?.aborted) return { kind: 'aborted' };
    // A failed early request is simply made again.
    if (answer) return { kind: 'answer', httpStatus: answer.httpStatus, text: answer.text };
  }
  return fetchWithTimeout(
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', ...headers },
      body: encodeParams(params),
    },
    signal,
  );
}

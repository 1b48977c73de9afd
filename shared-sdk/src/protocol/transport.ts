// One form POST (or GET) with the session headers and the 60 s time-out (spec §7, §9).
import { REQUEST_TIMEOUT_MS } from '../constants';
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

export function postForm(url: string, params: RequestParams | undefined, signal?: AbortSignal): Promise<TransportResult> {
  return fetchWithTimeout(
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', ...sessionHeaders() },
      body: encodeParams(params),
    },
    signal,
  );
}

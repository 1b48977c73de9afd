// The protocol client (spec §7, §8): every business call goes through `request`.
import { TOAST_BACK_MS, TOAST_MS } from '../constants';
import { MSG } from '../messages/catalogue';
import { translateMessage } from '../messages/translate';
import { classifyAnswer, parseRawBody, type Answer, type Envelope } from './envelope';
import { getHost, goBack } from './host';
import { apiUrl, postForm, type RequestParams } from './transport';
import { readStoredSession } from '../session/storage';
import { handleUnauthorized } from './unauthorized';
import { isSupportHint } from './support-hint';

export interface RequestOptions {
  /** Receives the translated failure message instead of the default toast. */
  onError?: (message: string) => void;
  /** Toast for TOAST_BACK_MS, then go one step back (ignored when onError is given). */
  backAfterError?: boolean;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Shows a status-0 message: the caller's handler, or a toast (then back, when asked). A refusal
 * whose data points to the support chat (`data`: isSupportHint) is shown with a way there.
 */
export function reportFailure(msg: string, options: RequestOptions = {}, data?: unknown): void {
  const host = getHost();
  const text = translateMessage(msg, host.getLang());
  if (options.onError) {
    options.onError(text);
  } else if (host.offerSupport && isSupportHint(data)) {
    host.offerSupport(text);
  } else if (options.backAfterError) {
    host.toast(text, TOAST_BACK_MS);
    setTimeout(goBack, TOAST_BACK_MS);
  } else {
    host.toast(text, TOAST_MS);
  }
}

/**
 * POST {base}/vue/{group}/{action}, form-encoded, with the session headers. Resolves
 * (never rejects) with the envelope, success normalised to status 1. On status 0 the
 * message is shown (onError or toast) before resolving; on a session end the login is
 * cleared and the user is sent to logon. `T` is the shape the caller expects `data` to
 * have: the server is trusted, nothing checks it at run time.
 */
export async function request<T>(group: string, action: string, params?: RequestParams, options: RequestOptions = {}): Promise<Envelope<T>> {
  const tokenAtSend = readStoredSession().token;
  const sent = await postForm(apiUrl(group, action), params, options.signal);
  if (sent.kind === 'aborted') return { status: 0, msg: '', data: undefined, failure: 'aborted' };
  const answer: Answer =
    sent.kind === 'network'
      ? { kind: 'failure', msg: MSG.systemBusy, data: undefined, failure: 'network' }
      : classifyAnswer(sent.httpStatus, parseJson(sent.text));
  switch (answer.kind) {
    case 'success':
      return { status: 1, msg: answer.msg, data: answer.data as T };
    case 'unauthorized':
      // Only the session that made the call can be ended by its answer: a call still in
      // flight when the user signed out (or signed in again) must not send them to logon.
      if (readStoredSession().token === tokenAtSend) handleUnauthorized(answer.logonVersion, tokenAtSend !== null);
      return { status: 0, msg: '', data: undefined, failure: 'unauthorized' };
    case 'failure':
      reportFailure(answer.msg, options, answer.data);
      return { status: 0, msg: answer.msg, data: answer.data, failure: answer.failure };
  }
}

/**
 * The raw call variant (spec §7): same POST, no envelope rules; the body is parsed as
 * JSON after removing a `null(...)` wrapper, or returned as text. Rejects with an Error
 * whose message is MSG.systemBusy when no answer arrives.
 */
export async function requestRaw(group: string, action: string, params?: RequestParams, options: { signal?: AbortSignal } = {}): Promise<unknown> {
  const sent = await postForm(apiUrl(group, action), params, options.signal);
  if (sent.kind !== 'answer') throw new Error(MSG.systemBusy);
  return parseRawBody(sent.text);
}

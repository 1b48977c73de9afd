// The operators' support live stream (GET /api/ops/support/live): server-sent events read with
// fetch and a stream reader, because EventSource cannot send the Authorization header the
// console session needs. Events are hints: on each one, and after every reconnect, the screens
// refetch what they show from the ordinary calls.
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';
import { OPS_ROUTES } from './route-table';

/**
 * Splits a text/event-stream into the `data` of each event. Chunks may cut a frame (or a line)
 * anywhere; comments (`: keep-alive`) and other fields are skipped; the lines of a multi-line
 * `data` are joined with "\n", as the SSE specification says.
 */
export class SseFrameParser {
  private buffer = '';
  private data: string[] = [];

  /** The data of every event completed by `chunk`. */
  feed(chunk: string): string[] {
    this.buffer += chunk;
    const done: string[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      // A lone "\r" at the end of the buffer may be the first half of "\r\n": wait for more.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (this.data.length > 0) done.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data')) {
        const colon = line.indexOf(':');
        if (colon === 4) this.data.push(line.slice(5).replace(/^ /, ''));
        else if (line === 'data') this.data.push('');
      }
    }
    return done;
  }
}

/** The stream's events; frames that are not a known event (a newer server's) are dropped. */
export function liveEventOf(data: string): OpsSupportLiveEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const event = parsed as { type?: unknown; conversationId?: unknown };
    const known = ['message', 'typing', 'read', 'status', 'assign'];
    return typeof event.type === 'string' && known.includes(event.type) && typeof event.conversationId === 'number' ? (parsed as OpsSupportLiveEvent) : null;
  } catch {
    return null;
  }
}

/** What the follower reads of window.fetch's answer. */
export interface StreamResponse {
  ok: boolean;
  status: number;
  body: ReadableStream<Uint8Array> | null;
}
export type StreamFetch = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<StreamResponse>;

export interface LiveOptions {
  fetch: StreamFetch;
  token: () => string | null;
  onEvent: (event: OpsSupportLiveEvent) => void;
  /** The stream is (re)connected: refetch, since events may have been missed meanwhile. */
  onConnected: () => void;
  /** Waits between attempts; injectable so tests need not sleep. */
  wait?: (ms: number) => Promise<void>;
}

/** Reconnect delays: 1 s doubling up to 30 s, back to 1 s once a stream was opened. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Follows the stream until the returned stop() is called. */
export function followSupportLive(options: LiveOptions): () => void {
  const abort = new AbortController();
  const wait = options.wait ?? realWait;
  void (async () => {
    let failures = 0;
    while (!abort.signal.aborted) {
      const token = options.token();
      try {
        if (!token) throw new Error('no console session');
        const response = await options.fetch(OPS_ROUTES.support.live.path, {
          headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
        failures = 0;
        options.onConnected();
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const parser = new SseFrameParser();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const data of parser.feed(decoder.decode(value, { stream: true }))) {
            const event = liveEventOf(data);
            if (event) options.onEvent(event);
          }
        }
      } catch {
        // Refused, dropped or aborted: try again after the backoff unless stopped.
      }
      if (abort.signal.aborted) break;
      await wait(backoffMs(failures));
      failures += 1;
    }
  })();
  return () => abort.abort();
}

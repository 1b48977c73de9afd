import { TextDecoder, TextEncoder } from 'node:util';
import { ReadableStream } from 'node:stream/web';
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';
import { backoffMs, followSupportLive, liveEventOf, SseFrameParser, type StreamFetch } from './support-live';

// jsdom has no TextDecoder; the browser has.
Object.assign(globalThis, { TextDecoder });

describe('the SSE frame parser', () => {
  it('answers the data of complete frames only, across cut chunks and line endings', () => {
    const parser = new SseFrameParser();
    expect(parser.feed('data: {"a"')).toEqual([]);
    expect(parser.feed(':1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual(['{"a":1}']);
    expect(parser.feed('data: one\r\n\r\ndata: two\r')).toEqual(['one']);
    expect(parser.feed('\n\r\n')).toEqual(['two']);
  });

  it('skips comments and other fields, and joins multi-line data', () => {
    const parser = new SseFrameParser();
    expect(parser.feed(': keep-alive\n\nevent: support\nid: 7\ndata: first\ndata:second\n\n')).toEqual(['first\nsecond']);
    expect(parser.feed('datax: no\n\n')).toEqual([]);
  });

  it('keeps only known events', () => {
    expect(liveEventOf('{"type":"typing","conversationId":3,"account":"0901234567","author":"customer","typing":true}')).toMatchObject({ type: 'typing' });
    expect(liveEventOf('{"type":"other","conversationId":3}')).toBeNull();
    expect(liveEventOf('not json')).toBeNull();
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 5, 9].map(backoffMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe('following the live stream', () => {
  it('sends the session bearer, hands over events, and reconnects after the stream ends', async () => {
    const event: OpsSupportLiveEvent = { type: 'status', conversationId: 4, account: '0901234567', status: 'open' };
    const encoder = new TextEncoder();
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const waits: number[] = [];
    const events: OpsSupportLiveEvent[] = [];
    let connected = 0;
    let stop: () => void = () => undefined;
    const fetch: StreamFetch = async (url, init) => {
      calls.push({ url, headers: init.headers });
      if (calls.length === 1) return { ok: false, status: 503, body: null };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(': keep-alive\n\ndata: '));
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n\n`));
          controller.close();
        },
      });
      return { ok: true, status: 200, body: body as unknown as globalThis.ReadableStream<Uint8Array> };
    };
    await new Promise<void>((resolve) => {
      stop = followSupportLive({
        fetch,
        token: () => 'session-token',
        onEvent: (e) => events.push(e),
        onConnected: () => (connected += 1),
        wait: async (ms) => {
          waits.push(ms);
          if (waits.length === 2) resolve();
        },
      });
    });
    stop();
    expect(calls[0]).toEqual({ url: '/api/ops/support/live', headers: { accept: 'text/event-stream', authorization: 'Bearer session-token' } });
    expect(events).toEqual([event]);
    expect(connected).toBe(1);
    // Refused first (1 s), then the opened stream ended: back to 1 s.
    expect(waits).toEqual([1000, 1000]);
  });
});

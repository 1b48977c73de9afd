import { streamMarketUpdates } from './cache-stream';
import { FakeWebSocket } from '../test-utils/fake-websocket';
import { MarketSocket } from './market-socket';
import type { MarketErrorFrame, MarketPush } from './frames';

const flush = () => Promise.resolve();

function makeSocket() {
  FakeWebSocket.all = [];
  return new MarketSocket({ url: 'ws://test/ws', createSocket: (url) => new FakeWebSocket(url), random: () => 1 });
}
const latest = () => FakeWebSocket.all[FakeWebSocket.all.length - 1] as FakeWebSocket;

describe('MarketSocket', () => {
  afterEach(() => jest.useRealTimers());

  it('connects on first use, batches subscriptions, counts references and unsubscribes the last', async () => {
    const socket = makeSocket();
    const a: MarketPush[] = [];
    const b: MarketPush[] = [];
    const offA = socket.subscribe('quote', ['7203', '6758'], (p) => a.push(p));
    const offB = socket.subscribe('quote', ['7203'], (p) => b.push(p));
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://test/ws');
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: 'quote', codes: ['7203', '6758'], id: 1 }]);

    latest().receive({ channel: 'quote', code: '7203', data: { last: 1 }, t: 1 });
    latest().receive({ channel: 'quote', code: '6758', data: { last: 2 }, t: 1 });
    expect(a.map((p) => p.code)).toEqual(['7203', '6758']);
    expect(b.map((p) => p.code)).toEqual(['7203']);

    offA();
    await flush();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'quote', codes: ['6758'] });
    offB();
    await flush();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'quote', codes: ['7203'] });
    latest().receive({ channel: 'quote', code: '7203', data: { last: 3 }, t: 2 });
    expect(a).toHaveLength(2);
    socket.close();
  });

  it('reconnects with growing backoff and subscribes everything again', async () => {
    jest.useFakeTimers();
    const socket = makeSocket();
    const statuses: string[] = [];
    socket.onStatus((s) => statuses.push(s));
    socket.subscribe('depth', ['7203'], () => undefined);
    socket.subscribe('quote', ['1306'], () => undefined);
    latest().open();
    latest().drop();
    expect(FakeWebSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(499);
    expect(FakeWebSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(2); // 0.5 s
    latest().drop();
    jest.advanceTimersByTime(999);
    expect(FakeWebSocket.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(3); // 1 s
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'subscribe', channel: 'quote', codes: ['1306'], id: expect.any(Number) },
      { op: 'subscribe', channel: 'depth', codes: ['7203'], id: expect.any(Number) },
    ]);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    // After a successful open the backoff starts again from the minimum.
    latest().drop();
    jest.advanceTimersByTime(500);
    expect(FakeWebSocket.all).toHaveLength(4);
    socket.close();
  });

  it('remembers the last user event id and sends it on re-auth; a resync or an unknown past is reported', () => {
    jest.useFakeTimers();
    const socket = makeSocket();
    const resyncs: number[] = [];
    socket.onResync(() => resyncs.push(1));
    socket.onUserEvent(() => undefined);
    socket.authenticate({ token: 't1', account: 'acc' });
    latest().open();
    expect(latest().sent).toEqual([{ op: 'auth', token: 't1', account: 'acc' }]);
    // The first auth was never answered: after the reconnect the client cannot know what it missed.
    latest().drop();
    jest.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'auth', token: 't1', account: 'acc' }]);
    latest().receive({ op: 'authed', account: 'acc', at: '10' });
    expect(resyncs).toHaveLength(1);
    // No event yet: resumes from where the server stood at auth.
    latest().drop();
    jest.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'auth', token: 't1', account: 'acc', after: '10' }]);
    latest().receive({ op: 'authed', account: 'acc', at: '12' });
    latest().receive({ channel: 'user', id: '11', event: 'balance', data: { reason: 'deposit' }, t: 1 });
    latest().receive({ channel: 'user', id: '14', event: 'balance', data: { reason: 'deposit' }, t: 1 });
    latest().drop();
    jest.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'auth', token: 't1', account: 'acc', after: '14' }]);
    latest().receive({ op: 'authed', account: 'acc', at: '20' });
    expect(resyncs).toHaveLength(1);
    latest().receive({ op: 'resync', at: '20' });
    expect(resyncs).toHaveLength(2);
    // A new token of the same account keeps the place; another account starts afresh.
    socket.authenticate({ token: 't2', account: 'acc' });
    expect(latest().sent.at(-1)).toEqual({ op: 'auth', token: 't2', account: 'acc', after: '20' });
    socket.authenticate({ token: 't3', account: 'other' });
    expect(latest().sent.at(-1)).toEqual({ op: 'auth', token: 't3', account: 'other' });
    socket.close();
  });

  it('reports error frames and resubscribes the good codes of a refused batch', async () => {
    const socket = makeSocket();
    const errors: MarketErrorFrame[] = [];
    socket.onError((e) => errors.push(e));
    socket.subscribe('quote', ['7203', '0000'], () => undefined);
    latest().open();
    const [first] = latest().sent;
    latest().receive({ op: 'error', code: 'unknown-code', msg: '股票代碼不存在', codes: ['0000'], channel: 'quote', id: first?.id });
    await flush();
    expect(errors.map((e) => e.code)).toEqual(['unknown-code']);
    expect(latest().sent.at(-1)).toEqual({ op: 'subscribe', channel: 'quote', codes: ['7203'], id: expect.any(Number) });
    socket.close();
  });
});

describe('streamMarketUpdates', () => {
  it('applies pushes to the cached value after the first answer, and stops when the entry goes', async () => {
    const socket = makeSocket();
    let cached = { code: '7203', last: 100 };
    let loaded!: () => void;
    let removed!: () => void;
    const lifecycle = {
      cacheDataLoaded: new Promise<void>((r) => (loaded = r)),
      cacheEntryRemoved: new Promise<void>((r) => (removed = r)),
      updateCachedData: (recipe: (draft: { code: string; last: number }) => void) => {
        updates += 1;
        const draft = { ...cached };
        recipe(draft);
        cached = draft;
      },
    };
    let updates = 0;
    const frames: (() => void)[] = [];
    const idle: (() => void)[] = [];
    const done = streamMarketUpdates<{ code: string; last: number }, { last: number }>(lifecycle, {
      socket,
      channel: 'quote',
      codes: ['7203'],
      apply: (draft, push) => {
        draft.last = push.data.last;
      },
      schedule: (run) => frames.push(run),
      whenIdle: (run) => idle.push(run),
    });
    await flush();
    expect(FakeWebSocket.all).toHaveLength(0); // not before the data is loaded
    loaded();
    await flush();
    await flush();
    // Nor while the page is still busy starting: the socket opens at the first idle moment.
    expect(idle).toHaveLength(1);
    expect(FakeWebSocket.all).toHaveLength(0);
    idle.shift()?.();
    await flush();
    latest().open();
    latest().receive({ channel: 'quote', code: '7203', data: { last: 123 }, t: 1 });
    latest().receive({ channel: 'quote', code: '7203', data: { last: 124 }, t: 2 });
    // Both pushes of one frame land in one cache update, in order, when the frame comes.
    expect(cached.last).toBe(100);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(cached.last).toBe(124);
    expect(updates).toBe(1);
    latest().receive({ channel: 'quote', code: '7203', data: { last: 125 }, t: 3 });
    removed();
    await done;
    // A frame that comes after the entry went away changes nothing.
    frames.shift()?.();
    expect(cached.last).toBe(124);
    await flush();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'quote', codes: ['7203'] });
    socket.close();
  });

  it('never subscribes when the entry is removed while it waits for an idle moment', async () => {
    const socket = makeSocket();
    let removed!: () => void;
    const idle: (() => void)[] = [];
    const lifecycle = { cacheDataLoaded: Promise.resolve(), cacheEntryRemoved: new Promise<void>((r) => (removed = r)), updateCachedData: () => undefined };
    const done = streamMarketUpdates(lifecycle, { socket, channel: 'quote', codes: ['7203'], apply: () => undefined, whenIdle: (run) => idle.push(run) });
    await flush();
    removed();
    await flush();
    idle.shift()?.();
    await done;
    expect(FakeWebSocket.all).toHaveLength(0);
  });

  it('does nothing when the entry is removed before its data loads', async () => {
    const socket = makeSocket();
    const lifecycle = { cacheDataLoaded: Promise.reject(new Error('gone')), cacheEntryRemoved: Promise.resolve(), updateCachedData: () => undefined };
    await streamMarketUpdates(lifecycle, { socket, channel: 'depth', codes: ['7203'], apply: () => undefined });
    expect(FakeWebSocket.all).toHaveLength(0);
  });
});

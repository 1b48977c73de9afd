import { api, makeStore, resetHost, resetMarketSocket } from '@kabuto/shared-sdk';
import { FakeWebSocket } from '@kabuto/shared-sdk/test-utils/fake-websocket';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { codesOfFirstAnswer, liveCodes, marketApi, mergeQuote, type ListRow, type PendingRow, type Quote, type WatchlistItem } from './market';

const realWebSocket = globalThis.WebSocket;
/** Lets the cache lifecycle and the socket's queued flush run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeWebSocket.all = [];
  globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  installRecordingHost();
});
afterEach(() => {
  resetMarketSocket();
  globalThis.WebSocket = realWebSocket;
  resetHost();
});

function quote(code: string, last: number): Quote {
  return {
    code,
    name: { jp: `jp${code}`, en: `en${code}`, tw: `tw${code}` },
    kind: 'stock',
    simulated: true,
    tradingDate: '2025-01-06',
    phase: 'zaraba',
    last,
    open: last,
    high: last,
    low: last,
    previousClose: last,
    change: 0,
    changePercent: 0,
    volume: 0,
    turnover: 0,
    pe: null,
    industryPe: null,
    upperLimit: last * 2,
    lowerLimit: 1,
    bestBid: null,
    bestAsk: null,
    specialQuote: null,
    lot: 100,
    at: 1,
  };
}

function watchlistItem(code: string, position: number, last: number): WatchlistItem {
  return { code, position, addedAt: '2025-01-06T00:00:00Z', quote: { ...quote(code, last), displayName: `en${code}`, sector: 'x', sectorName: 'X' } };
}

describe('liveCodes / mergeQuote / codesOfFirstAnswer', () => {
  it('leaves pending rows out of the streamed codes', () => {
    const ready: ListRow = { ...quote('7203', 10), displayName: 'Toyota', sector: 'a', sectorName: 'A', ready: true };
    const pending: PendingRow = {
      ready: false,
      code: '6758',
      name: ready.name,
      displayName: 'Sony',
      kind: 'stock',
      sector: 'a',
      sectorName: 'A',
      lot: 100,
      simulated: true,
    };
    expect(liveCodes([ready, pending])).toEqual(['7203']);
  });

  it('takes the pushed prices but keeps the row’s language texts', () => {
    const row = { ...quote('7203', 10), displayName: 'Toyota', sector: 'a', sectorName: 'A' };
    const merged = mergeQuote(row, { ...quote('7203', 25), name: { jp: 'other', en: 'other', tw: 'other' } });
    expect(merged.last).toBe(25);
    expect(merged.displayName).toBe('Toyota');
    expect(merged.name.en).toBe('en7203');
  });

  it('answers null when the entry went away before its first answer', async () => {
    await expect(codesOfFirstAnswer(Promise.resolve({ data: [1, 2] }), (data) => data.map(String))).resolves.toEqual(['1', '2']);
    await expect(codesOfFirstAnswer(Promise.reject(new Error('removed')), () => ['x'])).resolves.toBeNull();
  });
});

describe('getWatchlist streaming', () => {
  it('subscribes the codes of its first answer, writes pushes into the cache and unsubscribes when the entry goes', async () => {
    installFakeFetch(json(200, { status: 1, data: { items: [watchlistItem('7203', 0, 100), watchlistItem('6758', 1, 200)] } }));
    const store = makeStore();
    const subscription = store.dispatch(marketApi.endpoints.getWatchlist.initiate());
    await subscription;
    await settle();
    // The stream subscribes at the first idle moment after the answer (a timer in jsdom).
    await settle();

    expect(FakeWebSocket.all).toHaveLength(1);
    const socket = FakeWebSocket.all[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', channel: 'quote', codes: ['7203', '6758'], id: 1 }]);

    socket.receive({ channel: 'quote', code: '6758', data: quote('6758', 215), t: 1 });
    // Pushes land in the cache once per animation frame (or after 100 ms in a hidden tab).
    await new Promise((resolve) => setTimeout(resolve, 150));
    // A second subscriber of the same entry reads the cached (pushed-into) data.
    const reader = store.dispatch(marketApi.endpoints.getWatchlist.initiate());
    const items = (await reader).data;
    reader.unsubscribe();
    expect(items?.map((item) => item.quote.last)).toEqual([100, 215]);
    expect(items?.[1]?.quote.displayName).toBe('en6758');

    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
    await settle();
    expect(socket.sent[socket.sent.length - 1]).toMatchObject({ op: 'unsubscribe', channel: 'quote', codes: ['7203', '6758'] });
  });

  it('opens no connection for an empty list', async () => {
    installFakeFetch(json(200, { status: 1, data: { items: [] } }));
    const store = makeStore();
    await store.dispatch(marketApi.endpoints.getWatchlist.initiate());
    await settle();
    expect(FakeWebSocket.all).toHaveLength(0);
  });
});

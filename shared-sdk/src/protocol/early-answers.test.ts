// index.html's boot script sends a page's first calls before the app has loaded
// (remote/first-calls.ts); the page's own request takes that answer once, only when it is the
// same call, with the same stored token, and fresh.
import { STORAGE_KEYS } from '../constants';
import { FIRST_CALLS_GLOBAL, FIRST_CALL_MAX_AGE_MS, firstCallKey, type EarlyAnswer } from '../remote/first-calls';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { resetHost } from './host';
import { request } from './request';

type Store = Record<string, EarlyAnswer>;

function leaveEarlyAnswer(path: string, params: [string, string][], body: unknown, options: { token?: string; ageMs?: number } = {}): Store {
  const store = ((globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL] ??= {}) as Store;
  store[firstCallKey(path, params)] = {
    token: options.token ?? '',
    at: Date.now() - (options.ageMs ?? 0),
    answer: Promise.resolve({ httpStatus: 200, text: JSON.stringify(body) }),
  };
  return store;
}

beforeEach(() => {
  localStorage.clear();
  installRecordingHost();
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
  resetHost();
});

describe('early answers of the first calls', () => {
  it('the same call takes the early answer once, whatever the order of its params', async () => {
    const store = leaveEarlyAnswer(
      '/api/vue/market/rankings',
      [
        ['type', 'hot'],
        ['limit', '8'],
      ],
      { status: 1, msg: '', data: { early: true } },
    );
    const calls = installFakeFetch(json(200, { status: 1, msg: '', data: { early: false } }));

    const first = await request<{ early: boolean }>('market', 'rankings', { limit: 8, type: 'hot' });
    const second = await request<{ early: boolean }>('market', 'rankings', { limit: 8, type: 'hot' });

    expect(first.data).toEqual({ early: true });
    expect(second.data).toEqual({ early: false });
    expect(calls).toHaveLength(1);
    expect(Object.keys(store)).toHaveLength(0);
    expect((globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL]).toBeUndefined();
  });

  it('another call, another token or a stale answer goes to the server', async () => {
    leaveEarlyAnswer('/api/vue/market/rankings', [['type', 'hot']], { status: 1, msg: '', data: 'early' });
    leaveEarlyAnswer('/api/vue/market/indices', [], { status: 1, msg: '', data: 'early' }, { token: '' });
    leaveEarlyAnswer('/api/vue/market/quote', [['code', '7203']], { status: 1, msg: '', data: 'early' }, { ageMs: FIRST_CALL_MAX_AGE_MS + 1 });
    localStorage.setItem(STORAGE_KEYS.token, 'signed-in-since');
    const calls = installFakeFetch(json(200, { status: 1, msg: '', data: 'server' }));

    expect((await request('market', 'rankings', { type: 'losers' })).data).toBe('server');
    expect((await request('market', 'indices')).data).toBe('server');
    expect((await request('market', 'quote', { code: '7203' })).data).toBe('server');
    expect(calls).toHaveLength(3);
  });

  it('a failed early request is made again', async () => {
    const store = ((globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL] = {}) as Store;
    store[firstCallKey('/api/vue/market/indices', [])] = { token: '', at: Date.now(), answer: Promise.resolve(null) };
    const calls = installFakeFetch(json(200, { status: 1, msg: '', data: 'server' }));

    expect((await request('market', 'indices')).data).toBe('server');
    expect(calls).toHaveLength(1);
  });
});

describe('firstCallKey', () => {
  it('sorts by name and encodes names and values', () => {
    expect(
      firstCallKey('/api/vue/market/news', [
        ['offset', '0'],
        ['lang', 'jp'],
        ['q', 'a b&c'],
      ]),
    ).toBe('/api/vue/market/news?lang=jp&offset=0&q=a%20b%26c');
    expect(firstCallKey('/api/vue/market/indices', [])).toBe('/api/vue/market/indices?');
  });
});

import { STORAGE_KEYS } from '../constants';
import { MSG } from '../messages/catalogue';
import { resetHost } from '../protocol/host';
import { unauthorizedRedirectDone } from '../protocol/unauthorized';
import { makeStore } from '../state/store';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { api } from './base-api';
import { errorDetail } from '../identity/call-outcome';
import { containsSymbol, watchlistApi } from './watchlist';
import { ROUTES } from '../routes/route-table';

beforeEach(() => {
  localStorage.clear();
  unauthorizedRedirectDone();
});
afterEach(() => resetHost());

const probeApi = api.injectEndpoints({
  endpoints: (builder) => ({
    probe: builder.query<unknown, { silent?: boolean }>({
      query: ({ silent }) => ({ group: 'probe', action: 'get', params: { n: 1 }, silent }),
    }),
  }),
});

describe('containsSymbol', () => {
  it('finds the symbol in an array or an object map', () => {
    expect(containsSymbol([{ symbol: '7203' }, { symbol: '6758' }], '6758')).toBe(true);
    expect(containsSymbol({ a: { symbol: '7203' }, b: { symbol: '9984' } }, '9984')).toBe(true);
    expect(containsSymbol({ a: { symbol: 7203 } }, '7203')).toBe(true);
  });

  it('answers false otherwise', () => {
    expect(containsSymbol([{ symbol: '7203' }], '6758')).toBe(false);
    expect(containsSymbol({}, '7203')).toBe(false);
    expect(containsSymbol([], '7203')).toBe(false);
    expect(containsSymbol(null, '7203')).toBe(false);
    expect(containsSymbol('7203', '7203')).toBe(false);
    expect(containsSymbol([null, 1, { code: '7203' }, { symbol: null }], '7203')).toBe(false);
  });
});

describe('isOnWatchlist', () => {
  it("calls user/Optionallist with offset 0 and the caller's type", async () => {
    installRecordingHost();
    const calls = installFakeFetch(json(200, { status: 1, data: { x: { symbol: '7203' } } }));
    const store = makeStore();
    const result = await store.dispatch(watchlistApi.endpoints.isOnWatchlist.initiate({ symbol: '7203', type: 'jp' }));
    expect(result.data).toBe(true);
    expect(calls[0]!.url).toBe(`${location.origin}/api/vue/user/Optionallist`);
    expect(calls[0]!.body?.toString()).toBe('offset=0&type=jp');
  });

  it('answers false when the symbol is not listed, and leaves type out when not given', async () => {
    installRecordingHost();
    const calls = installFakeFetch(json(200, { status: 1, data: [{ symbol: '6758' }] }));
    const result = await makeStore().dispatch(watchlistApi.endpoints.isOnWatchlist.initiate({ symbol: '7203' }));
    expect(result.data).toBe(false);
    expect(calls[0]!.body?.toString()).toBe('offset=0');
  });

  it('fails without a toast', async () => {
    const host = installRecordingHost();
    installFakeFetch(json(200, { status: 0, msg: MSG.systemBusy }));
    const result = await makeStore().dispatch(watchlistApi.endpoints.isOnWatchlist.initiate({ symbol: '7203' }));
    expect(result.isError).toBe(true);
    expect(host.toasts).toEqual([]);
  });
});

describe('kabutoBaseQuery', () => {
  it('returns data on success', async () => {
    installRecordingHost();
    installFakeFetch(json(200, { status: '1', data: { ok: true } }));
    const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate({}));
    expect(result.data).toEqual({ ok: true });
  });

  it('returns { status: 0, message } with the translated message, after the toast', async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, { status: 0, msg: MSG.notOpen }));
    const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate({}));
    expect(result.error).toEqual({ status: 0, message: 'This feature is not open yet', msg: MSG.notOpen, failure: 'rejected' });
    expect(host.toasts.map((t) => t.text)).toEqual(['This feature is not open yet']);
  });

  it('keeps the figures a refusal names (its rule and amounts) as detail; none when it names none', async () => {
    installRecordingHost('jp');
    const figures = {
      rule: 'buying-power',
      required: { currency: 'JPY', minor: '267300', amount: '267300' },
      buyingPower: { currency: 'JPY', minor: '0', amount: '0' },
    };
    installFakeFetch(json(200, { status: 0, msg: MSG.insufficientBuyingPower, data: figures }));
    const refusedWith = await makeStore().dispatch(probeApi.endpoints.probe.initiate({}));
    expect(refusedWith.error).toMatchObject({ msg: MSG.insufficientBuyingPower, detail: figures });
    expect(errorDetail(refusedWith.error)).toEqual(figures);
    installFakeFetch(json(200, { status: 0, msg: MSG.notOpen, data: null }));
    const refusedBare = await makeStore().dispatch(probeApi.endpoints.probe.initiate({}));
    expect(refusedBare.error).not.toHaveProperty('detail');
    expect(errorDetail(refusedBare.error)).toBeNull();
  });

  it('stays quiet when silent', async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, { status: 0, msg: MSG.notOpen }));
    const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate({ silent: true }));
    expect(result.error).toMatchObject({ status: 0, message: 'This feature is not open yet' });
    expect(host.toasts).toEqual([]);
  });

  it('ends the session in the store on an unauthorised answer', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    const host = installRecordingHost();
    installFakeFetch(json(200, { status: 410002 }));
    const store = makeStore();
    expect(store.getState().session.token).toBe('tok');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(result.error).toMatchObject({ status: 0, failure: 'unauthorized' });
    expect(store.getState().session).toMatchObject({ token: null, account: null });
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`]);
  });
});

import { STORAGE_KEYS, TOAST_BACK_MS, TOAST_MS } from '../constants';
import { MSG } from '../messages/catalogue';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { resetHost } from './host';
import { request, requestRaw } from './request';
import { apiBase, apiUrl } from './transport';
import { isUnauthorizedRedirectPending, unauthorizedRedirectDone } from './unauthorized';
import { ROUTES } from '../routes/route-table';

beforeEach(() => {
  localStorage.clear();
  unauthorizedRedirectDone();
});
afterEach(() => {
  resetHost();
  jest.useRealTimers();
});

describe('apiBase / apiUrl', () => {
  it('uses the page origin + /api and /vue/{group}/{action}', () => {
    expect(apiBase()).toBe(`${location.origin}/api`);
    expect(apiUrl('user', 'Optionallist')).toBe(`${location.origin}/api/vue/user/Optionallist`);
    expect(apiUrl('/common/', '/config')).toBe(`${location.origin}/api/vue/common/config`);
  });
});

describe('a refusal that points to the support chat', () => {
  const seat = { status: 0, msg: MSG.seatAccountSupportOnly, data: { rule: 'seat-account-support-only', support: true } };

  it('is offered with the chat through the host, not toasted', async () => {
    const host = installRecordingHost('en');
    const offered: string[] = [];
    host.offerSupport = (text) => offered.push(text);
    installFakeFetch(json(200, seat));
    const answer = await request('funds', 'wallet');
    expect(answer).toMatchObject({ status: 0, msg: MSG.seatAccountSupportOnly, data: { support: true } });
    expect(offered).toHaveLength(1);
    expect(offered[0]).not.toBe(MSG.seatAccountSupportOnly);
    expect(host.toasts).toEqual([]);
  });

  it('is a toast on a host that cannot offer the chat, and the caller’s own handler still wins', async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, seat), json(200, seat));
    await request('funds', 'wallet');
    expect(host.toasts).toHaveLength(1);
    const offered: string[] = [];
    host.offerSupport = (text) => offered.push(text);
    const handled: string[] = [];
    await request('funds', 'wallet', undefined, { onError: (text) => handled.push(text) });
    expect(handled).toHaveLength(1);
    expect(offered).toEqual([]);
  });

  it('only a refusal whose data says so offers the chat', async () => {
    const host = installRecordingHost('en');
    const offered: string[] = [];
    host.offerSupport = (text) => offered.push(text);
    installFakeFetch(json(200, { status: 0, msg: MSG.systemBusy, data: { rule: 'other' } }));
    await request('funds', 'wallet');
    expect(offered).toEqual([]);
    expect(host.toasts).toHaveLength(1);
  });
});

describe('request', () => {
  it('POSTs a form with the token and account headers, leaving out undefined params', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    installRecordingHost();
    const calls = installFakeFetch(json(200, { status: 1, msg: '', data: [{ name: 'logo' }] }));

    const answer = await request<Array<{ name: string }>>('common', 'config', { type: 'all', page: 1, flag: true, none: undefined });

    expect(answer).toEqual({ status: 1, msg: '', data: [{ name: 'logo' }] });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(`${location.origin}/api/vue/common/config`);
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      token: 'tok',
      account: '9012345678',
    });
    expect(call.body?.toString()).toBe('type=all&page=1&flag=true');
  });

  it('sends no session headers when nothing is stored', async () => {
    installRecordingHost();
    const calls = installFakeFetch(json(200, { status: 1 }));
    await request('common', 'config');
    expect(calls[0]!.headers).not.toHaveProperty('token');
    expect(calls[0]!.headers).not.toHaveProperty('account');
  });

  it("normalises status '1' and other non-zero values to 1", async () => {
    installRecordingHost();
    installFakeFetch(json(200, { status: '1', data: 7 }), json(200, { status: 3, data: 8 }));
    await expect(request('a', 'b')).resolves.toEqual({ status: 1, msg: '', data: 7 });
    await expect(request('a', 'b')).resolves.toEqual({ status: 1, msg: '', data: 8 });
  });

  it('toasts the translated status-0 message for TOAST_MS', async () => {
    const host = installRecordingHost('jp');
    installFakeFetch(json(200, { status: 0, msg: MSG.insufficientBalance }));
    const answer = await request('funds', 'withdraw');
    expect(answer).toEqual({ status: 0, msg: MSG.insufficientBalance, data: undefined, failure: 'rejected' });
    expect(host.toasts).toEqual([{ text: '残高が不足しています', durationMs: TOAST_MS }]);
  });

  it('gives the translated message to onError instead of toasting', async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, { status: 0, msg: '某個未翻譯的錯誤' }));
    const onError = jest.fn();
    await request('a', 'b', {}, { onError });
    expect(onError).toHaveBeenCalledWith('Error');
    expect(host.toasts).toEqual([]);
  });

  it('toasts for TOAST_BACK_MS then goes back when backAfterError', async () => {
    jest.useFakeTimers();
    const host = installRecordingHost('en');
    installFakeFetch(json(200, { status: 0, msg: MSG.orderNotFound }));
    await request('trade', 'detail', {}, { backAfterError: true });
    expect(host.toasts).toEqual([{ text: 'Order does not exist', durationMs: TOAST_BACK_MS }]);
    expect(host.backs).toBe(0);
    jest.advanceTimersByTime(TOAST_BACK_MS);
    expect(host.backs).toBe(1);
  });

  it.each([
    [200, { status: 401 }, `${ROUTES.sessionEnded}?v=1`],
    [200, { status: 410002 }, `${ROUTES.sessionEnded}?v=1`],
    [401, {}, `${ROUTES.sessionEnded}?v=2`],
    [403, {}, `${ROUTES.sessionEnded}?v=3`],
  ])('HTTP %p with %p clears the login and goes to %p', async (httpStatus, body, path) => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    localStorage.setItem(STORAGE_KEYS.userInfo, '{"level":1}');
    const host = installRecordingHost();
    installFakeFetch(json(httpStatus, body));
    const answer = await request('user', 'info');
    expect(answer).toMatchObject({ status: 0, failure: 'unauthorized' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBe('{"level":1}');
    expect(host.navigations).toEqual([path]);
    expect(host.toasts).toEqual([]);
  });

  it('keeps the session-ended page when a call made without a session is answered HTTP 401 there', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    const host = installRecordingHost();
    installFakeFetch(json(200, { status: 410002 }));
    await request('user', 'info');
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`]);
    // The logon page is shown (and allows the next redirect); a screen behind it still asks, now without a session.
    window.location.hash = `#${ROUTES.sessionEnded}?v=1`;
    unauthorizedRedirectDone();
    installFakeFetch(json(401, {}));
    expect(await request('user', 'messageUnread')).toMatchObject({ status: 0, failure: 'unauthorized' });
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`]);
    // Elsewhere, a visitor's call that needs a session still goes to logon v=2.
    window.location.hash = `#${ROUTES.market}`;
    await request('user', 'messageUnread');
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`, `${ROUTES.sessionEnded}?v=2`]);
  });

  it('does not send to logon when the session changed while the call was in flight', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    const host = installRecordingHost();
    installFakeFetch(json(401, {}));
    const pending = request('user', 'messageUnread');
    // The user signs out before the answer comes back.
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.account);
    const answer = await pending;
    expect(answer).toMatchObject({ status: 0, failure: 'unauthorized' });
    expect(host.navigations).toEqual([]);
  });

  it('runs only one redirect at a time until the logon page reports it is done', async () => {
    const host = installRecordingHost();
    installFakeFetch(json(200, { status: 401 }));
    await Promise.all([request('a', '1'), request('a', '2'), request('a', '3')]);
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`]);
    expect(isUnauthorizedRedirectPending()).toBe(true);
    unauthorizedRedirectDone();
    await request('a', '4');
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=1`, `${ROUTES.sessionEnded}?v=1`]);
  });

  it("takes a network error down the status-0 path with 'system busy'", async () => {
    const host = installRecordingHost('tw');
    installFakeFetch(new TypeError('Failed to fetch'));
    const answer = await request('a', 'b');
    expect(answer).toEqual({ status: 0, msg: MSG.systemBusy, data: undefined, failure: 'network' });
    expect(host.toasts).toEqual([{ text: '系統繁忙，請稍後再試', durationMs: TOAST_MS }]);
  });

  it("treats a body that is not JSON as 'system busy'", async () => {
    const host = installRecordingHost('en');
    installFakeFetch({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(request('a', 'b')).resolves.toMatchObject({ status: 0, failure: 'network' });
    expect(host.toasts[0]?.text).toBe('System busy, please try again later');
  });

  it('gives up after 60 s', async () => {
    jest.useFakeTimers();
    const host = installRecordingHost('en');
    let seenSignal: AbortSignal | undefined;
    globalThis.fetch = ((_url: string, init: RequestInit) => {
      seenSignal = init.signal ?? undefined;
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    }) as typeof fetch;
    const pending = request('a', 'slow');
    jest.advanceTimersByTime(59_999);
    expect(seenSignal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(pending).resolves.toMatchObject({ status: 0, msg: MSG.systemBusy, failure: 'network' });
    expect(host.toasts).toHaveLength(1);
  });

  it("resolves 'aborted' without a toast when the caller aborts", async () => {
    const host = installRecordingHost('en');
    globalThis.fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      })) as typeof fetch;
    const controller = new AbortController();
    const pending = request('a', 'b', {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toEqual({ status: 0, msg: '', data: undefined, failure: 'aborted' });
    expect(host.toasts).toEqual([]);
  });
});

describe('requestRaw', () => {
  it('returns the parsed body, unwrapping null(...)', async () => {
    installRecordingHost();
    const calls = installFakeFetch({ status: 200, body: 'null({"list":[1]})' });
    await expect(requestRaw('market', 'kline', { code: '7203' })).resolves.toEqual({ list: [1] });
    expect(calls[0]!.body?.toString()).toBe('code=7203');
  });

  it('applies no envelope rules', async () => {
    const host = installRecordingHost();
    installFakeFetch(json(200, { status: 401 }));
    await expect(requestRaw('a', 'b')).resolves.toEqual({ status: 401 });
    expect(host.navigations).toEqual([]);
  });

  it('rejects when no answer arrives', async () => {
    installRecordingHost();
    installFakeFetch(new Error('offline'));
    await expect(requestRaw('a', 'b')).rejects.toThrow(MSG.systemBusy);
  });
});

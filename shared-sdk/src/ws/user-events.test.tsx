// Screens follow the server, as the user sees it: the verification page is open while an operator
// approves the identity check; the page shows verified without a reload. A site message
// changes the bell's count at once; a dropped connection resumes, and refetches only when told to resync.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { Provider } from 'react-redux';
import { useGetMessageUnreadQuery, useGetRealNameStatusQuery } from '../api/identity';
import { resetHost } from '../protocol/host';
import { sessionSlice } from '../state/session-slice';
import { makeStore } from '../state/store';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { FakeWebSocket as FakeWs } from '../test-utils/fake-websocket';
import { MarketSocket } from './market-socket';
import { startUserEvents } from './user-events';

const latest = () => FakeWs.all[FakeWs.all.length - 1] as FakeWs;

const status = (state: string) => ({
  status: 1,
  data: {
    state,
    rejectReason: null,
    realName: 'ヤマダ タロウ',
    nameKana: 'ヤマダタロウ',
    idNumberMasked: '****1234',
    docType: 'passport',
    submittedAt: '2026-11-23T10:00:00Z',
  },
});

function VerificationPage() {
  const { data } = useGetRealNameStatusQuery();
  const { data: unread } = useGetMessageUnreadQuery();
  return (
    <>
      <p data-testid="verification">{data?.state ?? 'loading'}</p>
      <p data-testid="unread">{unread?.unread ?? '-'}</p>
    </>
  );
}

function signedIn() {
  installRecordingHost('tw');
  FakeWs.all = [];
  const socket = new MarketSocket({ url: 'ws://test/ws', createSocket: (url) => new FakeWs(url), random: () => 0 });
  const store = makeStore();
  store.dispatch(sessionSlice.actions.loggedIn({ token: 'tok-1', account: '9012345678' }));
  const target = new EventTarget() as unknown as Window;
  const stop = startUserEvents(store, { socket, target });
  return { socket, store, stop, target };
}

afterEach(() => {
  resetHost();
  jest.useRealTimers();
});

test('an operator approves identity verification while the page is open: it shows verified without a reload', async () => {
  const { store, stop } = signedIn();
  const calls = installFakeFetch(json(200, status('under_review')), json(200, { status: 1, data: { unread: 0 } }), json(200, status('verified')));
  render(
    <Provider store={store}>
      <VerificationPage />
    </Provider>,
  );
  expect((await screen.findByText('under_review')).textContent).toBe('under_review');

  // The connection opens and binds to the session.
  act(() => latest().open());
  expect(latest().sent).toContainEqual({ op: 'auth', token: 'tok-1', account: '9012345678' });
  act(() => latest().receive({ op: 'authed', account: '9012345678' }));

  // The operator approves: the server pushes the user's event.
  act(() => latest().receive({ channel: 'user', event: 'verification', data: { state: 'verified' }, t: 1 }));
  expect(await screen.findByText('verified')).toBeTruthy();
  expect(calls.filter((call) => call.url.endsWith('/realNameStatus'))).toHaveLength(2);
  stop();
});

test('a new site message sets the bell count from the event at once', async () => {
  const { store, stop } = signedIn();
  // The refetch that follows answers slowly; the count is already there.
  installFakeFetch(json(200, status('verified')), json(200, { status: 1, data: { unread: 2 } }));
  render(
    <Provider store={store}>
      <VerificationPage />
    </Provider>,
  );
  await screen.findByText('2');
  act(() => latest().open());
  installFakeFetch(json(200, { status: 1, data: { unread: 3 } }));
  act(() => latest().receive({ channel: 'user', event: 'message', data: { kind: 'deposit.approved', unread: 3 }, t: 1 }));
  expect(screen.getByTestId('unread').textContent).toBe('3');
  stop();
});

test('a dropped connection resumes from the last event id; only a resync refetches; signing out unbinds', async () => {
  jest.useFakeTimers();
  const { store, stop } = signedIn();
  const calls = installFakeFetch(json(200, status('under_review')), json(200, { status: 1, data: { unread: 0 } }));
  render(
    <Provider store={store}>
      <VerificationPage />
    </Provider>,
  );
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  act(() => latest().open());
  act(() => latest().receive({ op: 'authed', account: '9012345678', at: '40' }));
  act(() => latest().receive({ channel: 'user', id: '41', event: 'bankCard', data: { change: 'added' }, t: 1 }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  const before = calls.length;

  act(() => latest().drop());
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  act(() => latest().open());
  // The server replays what came after 41: nothing to refetch on the reconnect itself.
  expect(latest().sent).toContainEqual({ op: 'auth', token: 'tok-1', account: '9012345678', after: '41' });
  act(() => latest().receive({ op: 'authed', account: '9012345678', at: '57' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  expect(calls.length).toBe(before);

  // Away too long: the server says resync, and the user's data is fetched again.
  act(() => latest().receive({ op: 'resync', at: '57' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  expect(calls.length).toBeGreaterThan(before);

  act(() => {
    store.dispatch(sessionSlice.actions.loggedOut());
  });
  expect(latest().sent).toContainEqual({ op: 'deauth' });
  stop();
});

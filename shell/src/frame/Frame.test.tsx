import { act, fireEvent, screen, within } from '@testing-library/react';
import { ROUTES, SDK_CONTRACT, TABS, handleUnauthorized, sessionExpired } from '@kabuto/shared-sdk';
import { renderApp } from '../test-utils/render-app';
import { fakeRegistry, fakeRoutesModule } from '../test-utils/remote-fixtures';
import { loadRemoteModule } from '../remotes/federation';
import { createRemoteLoader } from '../remotes/remote-loader';
import { TARGET_PATH_KEY } from './target-path';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

const remotes = {
  mf_market: fakeRoutesModule('mf_market', [ROUTES.home, ROUTES.market, ROUTES.news, ROUTES.search]),
  mf_trade: fakeRoutesModule('mf_trade', [ROUTES.positions]),
  mf_account: fakeRoutesModule('mf_account', [ROUTES.mine, ROUTES.messages]),
};

function loader() {
  return createRemoteLoader({
    readRegistry: async () => fakeRegistry({ mf_market: SDK_CONTRACT, mf_trade: SDK_CONTRACT, mf_account: SDK_CONTRACT }),
  });
}

beforeEach(() => {
  sessionStorage.clear();
  // A signed-in test's session is persisted: the next test starts as a visitor again.
  localStorage.clear();
  jest.mocked(loadRemoteModule).mockClear();
  jest.mocked(loadRemoteModule).mockImplementation(async (id: string) => {
    const name = id.split('/')[0] as keyof typeof remotes;
    return remotes[name];
  });
});

test('the bottom menu shows the five tabs in the spec order and marks the active one', async () => {
  renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');

  const menu = screen.getByTestId('bottom-menu');
  const tabs = within(menu).getAllByRole('link');
  expect(tabs.map((tab) => tab.getAttribute('data-testid'))).toEqual(TABS.map((tab) => `tab-${tab.key}`));
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Home', 'Market', 'Trade', 'News', 'Profile']);
  expect(screen.getByTestId('tab-market').getAttribute('aria-current')).toBe('page');
  for (const key of ['home', 'trade', 'news', 'mine']) {
    expect(screen.getByTestId(`tab-${key}`).getAttribute('aria-current')).toBeNull();
  }
});

test('a tap on a tab opens it and moves the active mark', async () => {
  const { router } = renderApp(ROUTES.market, { remoteLoader: loader(), loggedIn: true });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByTestId('tab-trade'));
  expect(await screen.findByText(`page ${ROUTES.positions}`)).toBeTruthy();
  expect(router.state.location.pathname).toBe(ROUTES.positions);
  expect(screen.getByTestId('tab-trade').getAttribute('aria-current')).toBe('page');
  expect(screen.getByTestId('tab-market').getAttribute('aria-current')).toBeNull();
});

test('the bottom menu is shown on the tab pages only', async () => {
  renderApp(ROUTES.search, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  expect(screen.queryByTestId('bottom-menu')).toBeNull();
  // Not a tab: a back button instead.
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
});

test('the header title follows the route: shell pages by their own title', async () => {
  renderApp(`${ROUTES.sessionEnded}?v=1`);
  expect(screen.getByTestId('header-title').textContent).toBe('Sign in');
  expect(screen.queryByTestId('bottom-menu')).toBeNull();
  // Access pages: no bell or gear, they need a session.
  expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
});

test('the header title follows the route: remote pages by their titleKey', async () => {
  const { router } = renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  expect(screen.getByTestId('header-title').textContent).toBe(`Title of ${ROUTES.market}`);
  await act(async () => void router.navigate(ROUTES.news));
  await screen.findByText(`page ${ROUTES.news}`);
  expect(screen.getByTestId('header-title').textContent).toBe(`Title of ${ROUTES.news}`);
});

test('home has the search box, which opens search', async () => {
  const { router } = renderApp(ROUTES.home, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByTestId('header-search'));
  expect(router.state.location.pathname).toBe(ROUTES.search);
  expect(await screen.findByText(`page ${ROUTES.search}`)).toBeTruthy();
});

test('the bell opens the site messages', async () => {
  const { router } = renderApp(ROUTES.news, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
  expect(router.state.location.pathname).toBe(ROUTES.messages);
  expect(await screen.findByText(`page ${ROUTES.messages}`)).toBeTruthy();
});

test('the gear stores the current path, then opens the personal centre', async () => {
  const { router, store } = renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByRole('button', { name: 'Personal centre' }));
  expect(router.state.location.pathname).toBe(ROUTES.mine);
  expect(await screen.findByText(`page ${ROUTES.mine}`)).toBeTruthy();
  expect(store.getState().ui.targetPath).toBe(ROUTES.market);
  expect(sessionStorage.getItem(TARGET_PATH_KEY)).toBe(ROUTES.market);
});

test('back goes one step back in history', async () => {
  const { router } = renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  await act(async () => void router.navigate(ROUTES.search));
  fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
  await screen.findByText(`page ${ROUTES.market}`);
  expect(router.state.location.pathname).toBe(ROUTES.market);
});

test('a second tap on the tab shown adds no history entry; Back and Forward move between the pages', async () => {
  const { router } = renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByTestId('tab-home'));
  expect(await screen.findByText(`page ${ROUTES.home}`)).toBeTruthy();
  expect(router.state.historyAction).toBe('PUSH');
  fireEvent.click(screen.getByTestId('tab-home'));
  expect(router.state.historyAction).toBe('REPLACE');
  await act(async () => void router.navigate(-1));
  expect(await screen.findByText(`page ${ROUTES.market}`)).toBeTruthy();
  expect(router.state.location.pathname).toBe(ROUTES.market);
  await act(async () => void router.navigate(1));
  expect(await screen.findByText(`page ${ROUTES.home}`)).toBeTruthy();
  expect(router.state.location.pathname).toBe(ROUTES.home);
});

test('a page opened directly has nothing to go back to: its Back goes home in place of it', async () => {
  const { router } = renderApp(ROUTES.search, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  expect(router.state.location.key).toBe('default');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByText(`page ${ROUTES.home}`)).toBeTruthy();
  expect(router.state.historyAction).toBe('REPLACE');
});

test('an access page opened directly shows no Back; reached from another page it does', async () => {
  const { router } = renderApp(ROUTES.login, { remoteLoader: loader() });
  await screen.findByTestId('app-version');
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  await act(async () => void router.navigate(ROUTES.register));
  expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy();
});

test('a broken remote leaves the header and the other tabs working', async () => {
  jest.mocked(loadRemoteModule).mockImplementation(async (id: string) => {
    if (id.startsWith('mf_trade')) throw new Error('ChunkLoadError');
    return remotes[id.split('/')[0] as keyof typeof remotes];
  });
  const { router } = renderApp(ROUTES.positions, { remoteLoader: loader(), loggedIn: true });
  expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
  fireEvent.click(screen.getByTestId('tab-market'));
  expect(await screen.findByText(`page ${ROUTES.market}`)).toBeTruthy();
  expect(router.state.location.pathname).toBe(ROUTES.market);
});

test('the page the app opens on appears at once; a page change fades it in and brings the header after its delay (spec §2)', async () => {
  const { router } = renderApp(ROUTES.search, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  // index.html's static frame already painted this page and its header.
  expect(document.querySelector('.kabuto-page-enter')).toBeNull();
  expect(screen.getByTestId('app-header').classList.contains('kabuto-header-enter')).toBe(false);

  await act(async () => {
    void router.navigate(ROUTES.market);
  });
  await screen.findByText(`page ${ROUTES.market}`);
  expect(document.querySelector('.kabuto-page-enter')).not.toBeNull();
  // The header stayed mounted across the change: no class added late (that would start its animation then).
  expect(screen.getByTestId('app-header').classList.contains('kabuto-header-enter')).toBe(false);

  // Back on the page it opened on: that is a page change too.
  await act(async () => {
    void router.navigate(ROUTES.search);
  });
  await screen.findByText(`page ${ROUTES.search}`);
  expect(document.querySelector('.kabuto-page-enter')).not.toBeNull();
});

test('a header that a page change brings appears after its delay', async () => {
  const { router } = renderApp(ROUTES.start, { remoteLoader: loader() });
  expect(screen.queryByTestId('app-header')).toBeNull();
  await act(async () => {
    void router.navigate(ROUTES.search);
  });
  await screen.findByTestId('remote-page');
  expect(screen.getByTestId('app-header').classList.contains('kabuto-header-enter')).toBe(true);
});

test("a visitor on a page of the customer's own data goes to logon (v=2) at once, without its remote", async () => {
  const { router } = renderApp(ROUTES.market, { remoteLoader: loader() });
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByTestId('tab-trade'));
  expect(await screen.findByText('You are not signed in. Please sign in to continue.')).toBeTruthy();
  expect(router.state.location.pathname + router.state.location.search).toBe(`${ROUTES.sessionEnded}?v=2`);
  expect(jest.mocked(loadRemoteModule).mock.calls.map(([id]) => id.split('/')[0])).not.toContain('mf_trade');
  // Back leaves the logon page for the page before: the trade tab was replaced, not stacked.
  await act(async () => void router.navigate(-1));
  expect(router.state.location.pathname).toBe(ROUTES.market);
});

test('a session that ends on the trade tab lands on logon as ended (v=1), not as a visitor (v=2)', async () => {
  const { router, store } = renderApp(ROUTES.positions, { remoteLoader: loader(), loggedIn: true });
  expect(await screen.findByText(`page ${ROUTES.positions}`)).toBeTruthy();
  // What an unauthorised answer does (protocol/request.ts, api/base-api.ts): redirect, then end the session in the store.
  await act(async () => {
    handleUnauthorized(1);
    store.dispatch(sessionExpired());
  });
  expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
  expect(router.state.location.pathname + router.state.location.search).toBe(`${ROUTES.sessionEnded}?v=1`);
});

test("an address in other capitals or with a trailing slash moves to the table's spelling, with its tab chrome", async () => {
  const { router } = renderApp('/PAGES/market/market/?tab=gainers', { remoteLoader: loader() });
  expect(await screen.findByText(`page ${ROUTES.market}`)).toBeTruthy();
  expect(router.state.location.pathname + router.state.location.search).toBe(`${ROUTES.market}?tab=gainers`);
  expect(screen.getByTestId('tab-market').getAttribute('aria-current')).toBe('page');
});

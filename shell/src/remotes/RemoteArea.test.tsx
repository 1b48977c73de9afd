import { act, fireEvent, screen } from '@testing-library/react';
import { ROUTES, PAGE_PLACEHOLDER_DELAY_MS, PAGE_TIMEOUT_MS, SDK_CONTRACT } from '@kabuto/shared-sdk';
import { renderApp } from '../test-utils/render-app';
import { fakeRegistry, fakeRoutesModule } from '../test-utils/remote-fixtures';
import { loadRemoteModule, registerRemoteEntries } from './federation';
import { createRemoteLoader } from './remote-loader';

jest.mock('./federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);
const register = jest.mocked(registerRemoteEntries);

const MARKET = ROUTES.market;
const marketModule = () => fakeRoutesModule('mf_market', [MARKET, ROUTES.home]);

function loaderWith(contract = SDK_CONTRACT) {
  return createRemoteLoader({ readRegistry: async () => fakeRegistry({ mf_market: contract, mf_trade: SDK_CONTRACT }) });
}

/** Lets pending promises (registry, load) settle inside act. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

beforeEach(() => {
  loadRemote.mockReset();
  register.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

test('registers the registry entries and renders the remote page with its title', async () => {
  loadRemote.mockResolvedValue(marketModule());
  renderApp(MARKET, { remoteLoader: loaderWith() });

  expect(await screen.findByTestId('remote-page')).toHaveProperty('textContent', `page ${MARKET}`);
  expect(loadRemote).toHaveBeenCalledWith('mf_market/routes');
  expect(register).toHaveBeenCalledWith([
    { name: 'mf_market', entry: '/releases/mf_market/1.0.0/mf-manifest.json' },
    { name: 'mf_trade', entry: '/releases/mf_trade/1.0.0/mf-manifest.json' },
  ]);
  expect(screen.getByTestId('header-title').textContent).toBe(`Title of ${MARKET}`);
  expect(screen.getByTestId('remote-area-mf_market')).toBeTruthy();
});

test('the placeholder appears only after 200 ms', async () => {
  jest.useFakeTimers();
  loadRemote.mockReturnValue(new Promise(() => undefined)); // never settles
  renderApp(MARKET, { remoteLoader: loaderWith() });
  await settle();

  act(() => jest.advanceTimersByTime(PAGE_PLACEHOLDER_DELAY_MS - 1));
  expect(screen.queryByTestId('page-placeholder')).toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('page-placeholder')).toBeTruthy();
});

test('a failed load shows "Loading chunk failed" in that area only, and Retry really loads again', async () => {
  loadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(marketModule());
  renderApp(MARKET, { remoteLoader: loaderWith() });

  expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
  // The frame around the area keeps working.
  expect(screen.getByTestId('app-header')).toBeTruthy();
  expect(screen.getByTestId('bottom-menu')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('remote-page')).toBeTruthy();
  expect(loadRemote).toHaveBeenCalledTimes(2);
  // The runtime's cached failure is dropped before the second try.
  expect(register).toHaveBeenLastCalledWith([{ name: 'mf_market', entry: '/releases/mf_market/1.0.0/mf-manifest.json' }], { force: true });
});

test('a load that takes longer than 60 s fails with a retry', async () => {
  jest.useFakeTimers();
  loadRemote.mockReturnValue(new Promise(() => undefined));
  renderApp(MARKET, { remoteLoader: loaderWith() });
  await settle();

  act(() => jest.advanceTimersByTime(PAGE_TIMEOUT_MS));
  await settle();
  expect(screen.getByText('Loading chunk failed')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
});

test('a remote the registry lists with another contract is refused before any code loads', async () => {
  renderApp(MARKET, { remoteLoader: loaderWith(SDK_CONTRACT + 1) });

  expect(await screen.findByText('This section was built for another app version.')).toBeTruthy();
  expect(loadRemote).not.toHaveBeenCalled();
  expect(register).toHaveBeenCalledWith([{ name: 'mf_trade', entry: '/releases/mf_trade/1.0.0/mf-manifest.json' }]);
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});

test('a module whose own contract differs from the registry is refused too', async () => {
  loadRemote.mockResolvedValue({ ...marketModule(), contract: SDK_CONTRACT + 1 });
  renderApp(MARKET, { remoteLoader: loaderWith() });

  expect(await screen.findByText('This section was built for another app version.')).toBeTruthy();
  expect(screen.queryByTestId('remote-page')).toBeNull();
});

test('a render error inside the page shows the fallback, and Retry renders again', async () => {
  let broken = true;
  const module = marketModule();
  module.routes[0] = {
    path: MARKET,
    titleKey: `title.${MARKET}`,
    Component: () => {
      if (broken) throw new Error('boom');
      return <p data-testid="remote-page">fixed</p>;
    },
  };
  loadRemote.mockResolvedValue(module);
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderApp(MARKET, { remoteLoader: loaderWith() });

  expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
  expect(screen.getByTestId('bottom-menu')).toBeTruthy();
  broken = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect((await screen.findByTestId('remote-page')).textContent).toBe('fixed');
  consoleError.mockRestore();
});

test('without a registry the area fails with a retry that reads the registry again', async () => {
  const readRegistry = jest
    .fn()
    .mockResolvedValueOnce(null)
    .mockResolvedValueOnce(fakeRegistry({ mf_market: SDK_CONTRACT }));
  loadRemote.mockResolvedValue(marketModule());
  renderApp(MARKET, { remoteLoader: createRemoteLoader({ readRegistry }) });

  expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('remote-page')).toBeTruthy();
  expect(readRegistry).toHaveBeenCalledTimes(2);
});

test("the remote texts are added to the page's texts and follow the language", async () => {
  loadRemote.mockResolvedValue(marketModule());
  renderApp(MARKET, { remoteLoader: loaderWith(), lang: 'jp' });
  expect(await screen.findByTestId('remote-page')).toBeTruthy();
  expect(screen.getByTestId('header-title').textContent).toBe(`タイトル ${MARKET}`);
});

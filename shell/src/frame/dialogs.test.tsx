// A dialog belongs to its page. The user opens a dialog on home (an imperative antd-mobile
// Dialog, as pages' confirmations and the support offer are), then goes Back: the dialog must
// not stay over the page they come back to.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { ROUTES, SDK_CONTRACT } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';
import { renderApp } from '../test-utils/render-app';
import { fakeRegistry, fakeRoutesModule } from '../test-utils/remote-fixtures';
import { loadRemoteModule } from '../remotes/federation';
import { createRemoteLoader } from '../remotes/remote-loader';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

function HomeWithSupport() {
  return (
    <button type="button" onClick={() => void Dialog.alert({ title: 'Customer support', content: 'Chat with us', confirmText: 'Close' })}>
      Customer support
    </button>
  );
}

const market = fakeRoutesModule('mf_market', [ROUTES.home, ROUTES.market]);
market.routes = market.routes.map((route) => (route.path === ROUTES.home ? { ...route, Component: HomeWithSupport } : route));

beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));

beforeEach(() => {
  sessionStorage.clear();
  jest.mocked(loadRemoteModule).mockImplementation(async () => market);
});

function renderShell(path: string) {
  return renderApp(path, { remoteLoader: createRemoteLoader({ readRegistry: async () => fakeRegistry({ mf_market: SDK_CONTRACT }) }) });
}

test('the support dialog opened on home is gone after Back', async () => {
  const { router } = renderShell(ROUTES.market);
  await screen.findByTestId('remote-page');
  fireEvent.click(screen.getByTestId('tab-home'));
  fireEvent.click(await screen.findByRole('button', { name: 'Customer support' }));
  expect(await screen.findByText('Chat with us')).toBeTruthy();

  await act(async () => {
    void router.navigate(-1);
  });

  expect(router.state.location.pathname).toBe(ROUTES.market);
  await waitFor(() => expect(screen.queryByText('Chat with us')).toBeNull());
  expect(document.querySelector('.adm-dialog')).toBeNull();
});

test('a toast raised before leaving a page is still shown on the next one', async () => {
  const { router } = renderShell(ROUTES.home);
  await screen.findByRole('button', { name: 'Customer support' });
  act(() => {
    Toast.show({ content: 'Saved', duration: 0 });
  });
  expect(await screen.findByText('Saved')).toBeTruthy();

  await act(async () => {
    void router.navigate(ROUTES.market);
  });

  await screen.findByTestId('remote-page');
  expect(screen.getByText('Saved')).toBeTruthy();
  act(() => Toast.clear());
});

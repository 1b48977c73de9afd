import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../test-utils/render-app';
import { ROUTES } from '@kabuto/shared-sdk';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

test.each([
  ['1', 'Your session has ended. Please sign in again.'],
  ['2', 'You are not signed in. Please sign in to continue.'],
  ['3', 'You do not have permission to see this page. Contact customer support if you think this is wrong.'],
  ['9', 'Please sign in to continue.'],
])('logon with v=%s explains the cause', (v, message) => {
  renderApp(`${ROUTES.sessionEnded}?v=${v}`);
  expect(screen.getByTestId('logon-message').textContent).toBe(message);
});

test('logon in Japanese, and its button leads to sign-in', async () => {
  const { router } = renderApp(`${ROUTES.sessionEnded}?v=1`, { lang: 'jp' });
  expect(screen.getByTestId('logon-message').textContent).toBe('セッションが終了しました。もう一度ログインしてください。');
  fireEvent.click(screen.getByRole('link', { name: 'ログイン' }));
  expect(router.state.location.pathname).toBe(ROUTES.login);
  expect(await screen.findByTestId('app-version')).toBeTruthy();
});

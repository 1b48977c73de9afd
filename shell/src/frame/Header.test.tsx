// First, so the SDK loads with its request mocked.
import { send } from '../test-utils/offline-shell';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test-utils/render-app';
import { unreadBadgeText } from './Header';
import { ROUTES } from '@kabuto/shared-sdk';

beforeEach(() => {
  localStorage.clear();
  send.mockReset();
  send.mockImplementation(async (_group, action) =>
    action === 'messageUnread' ? { status: 1, msg: '', data: { unread: 3 } } : { status: 0, msg: '', data: null, failure: 'rejected' },
  );
});

test('the badge text: nothing for none, the count, then 99+', () => {
  expect(unreadBadgeText(undefined)).toBeNull();
  expect(unreadBadgeText(0)).toBeNull();
  expect(unreadBadgeText(7)).toBe('7');
  expect(unreadBadgeText(99)).toBe('99');
  expect(unreadBadgeText(120)).toBe('99+');
});

test('signed in, the bell shows the unread count', async () => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('account', '9012345678');
  renderApp(ROUTES.settings);
  expect((await screen.findByTestId('unread-badge')).textContent).toBe('3');
  expect(screen.getByRole('button', { name: 'Messages (3)' })).toBeTruthy();
  expect(send.mock.calls.filter((call) => call[1] === 'messageUnread')).toHaveLength(1);
});

test('signed out, the count is not asked for', async () => {
  renderApp(ROUTES.settings);
  await screen.findByRole('button', { name: 'Messages' });
  await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  expect(send.mock.calls.filter((call) => call[1] === 'messageUnread')).toHaveLength(0);
});

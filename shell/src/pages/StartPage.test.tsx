import { act, screen } from '@testing-library/react';
import { renderApp } from '../test-utils/render-app';
import { START_LOGO_MS } from './StartPage';
import { ROUTES } from '@kabuto/shared-sdk';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test('without a session the start page shows the mark, then goes to sign-in', async () => {
  const { router } = renderApp('/');
  expect(screen.getByTestId('start-page')).toBeTruthy();
  expect(screen.queryByTestId('app-header')).toBeNull();
  await act(async () => jest.advanceTimersByTime(START_LOGO_MS));
  expect(router.state.location.pathname).toBe(ROUTES.login);
});

test('with token and account stored it goes home', async () => {
  localStorage.setItem('token', 't-1');
  localStorage.setItem('account', '9012345678');
  const { router } = renderApp(ROUTES.start);
  await act(async () => jest.advanceTimersByTime(START_LOGO_MS));
  expect(router.state.location.pathname).toBe(ROUTES.home);
});

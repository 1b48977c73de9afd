// The home entry (the dailySignIn widget's body): whether today is done, the streak, and the way
// to the coupons page; it signs nothing in by itself.
import { screen } from '@testing-library/react';
import { ROUTES, resetHost } from '@kabuto/shared-sdk';
import type { SignInStatus } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, renderTrade } from '../test-utils/render-trade';
import { DailySignIn } from './DailySignIn';

afterEach(() => resetHost());

const status = (signedInToday: boolean): SignInStatus => ({
  today: '2026-12-03',
  businessDay: true,
  signedInToday,
  streak: signedInToday ? 4 : 3,
  points: 40,
  calendar: [{ date: '2026-12-03', signedIn: signedInToday }],
  rewards: [{ streak: 1, points: 10, coupon: null }],
});

it.each([
  [true, 'done', 'Signed in today'],
  [false, 'open', 'Not signed in today'],
] as const)('signed in today: %s → %s', async (signed, state, textShown) => {
  const calls = installTradeServer({ signInStatus: () => ok(status(signed)) });
  renderTrade(<DailySignIn compact />);
  const today = await screen.findByTestId('sign-in-today');
  expect(today.getAttribute('data-state')).toBe(state);
  expect(today.textContent).toContain(textShown);
  expect(screen.getByTestId('daily-sign-in-open').getAttribute('href')).toContain(ROUTES.coupons);
  expect(screen.queryByTestId('sign-in-button')).toBeNull();
  expect(calls.map((c) => c.action)).toEqual(['signInStatus']);
});

it('shows today’s state in jp', async () => {
  installTradeServer({ signInStatus: () => ok(status(true)) });
  renderTrade(<DailySignIn compact />, { lang: 'jp' });
  expect((await screen.findByTestId('sign-in-today')).textContent).toContain('本日はサインイン済み');
});

// At 02:25 JST the demo market trades at 11:24 on its own business date; the header says so.
// First, so the SDK loads with its request mocked.
import { send } from '../test-utils/offline-shell';
import { act, screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@kabuto/shared-sdk';
import type { BusinessClockInfo } from '@kabuto/shared-sdk/schemas';
import { renderApp } from '../test-utils/render-app';

// 2026-11-24 02:25 JST real, 11:24 JST on the demo clock.
const REAL = Date.UTC(2026, 10, 23, 17, 25);
const DEMO = Date.UTC(2026, 10, 24, 2, 24);

function serverClock(info: Partial<BusinessClockInfo>) {
  const answer: BusinessClockInfo = { now: DEMO, realNow: REAL, simulated: true, mode: 'demo', jstDate: '2026-11-24', jstTime: '11:24', ...info };
  send.mockImplementation(async (_group, action) =>
    action === 'clock' ? { status: 1, msg: '', data: answer } : { status: 0, msg: '', data: null, failure: 'rejected' },
  );
}

beforeEach(() => {
  localStorage.clear();
  send.mockReset();
});

test.each([
  ['en', 'Simulated time 2026-11-24 11:24 JST'],
  ['tw', '模擬時間 2026-11-24 11:24（日本時間）'],
  ['jp', '模擬時刻 2026-11-24 11:24（日本時間）'],
  ['hi', 'सिम्युलेटेड समय 2026-11-24 11:24 JST'],
  ['id', 'Waktu simulasi 2026-11-24 11:24 JST'],
] as const)('in %s, a page opened at 02:25 JST while the demo market runs at 11:24 says the simulated date and time', async (lang, text) => {
  serverClock({});
  renderApp(ROUTES.login, { lang });
  expect((await screen.findByTestId('simulated-clock')).textContent).toBe(text);
});

test('on the real calendar the header shows no simulated time', async () => {
  serverClock({ now: REAL, simulated: false, mode: 'real', jstDate: '2026-11-24', jstTime: '02:25' });
  renderApp(ROUTES.login);
  await waitFor(() => expect(send.mock.calls.some((call) => call[1] === 'clock')).toBe(true));
  expect(screen.queryByTestId('simulated-clock')).toBeNull();
});

test('a demo clock that shows the real time is not labelled', async () => {
  serverClock({ now: REAL + 5_000 });
  renderApp(ROUTES.login);
  await waitFor(() => expect(send.mock.calls.some((call) => call[1] === 'clock')).toBe(true));
  expect(screen.queryByTestId('simulated-clock')).toBeNull();
});

test('a page change asks for the clock again: an operator moved the demo clock days on since the last answer', async () => {
  serverClock({});
  const { router } = renderApp(ROUTES.login);
  expect((await screen.findByTestId('simulated-clock')).textContent).toBe('Simulated time 2026-11-24 11:24 JST');
  serverClock({ now: DEMO + 10 * 86_400_000, jstDate: '2026-12-04', jstTime: '11:24' });
  await act(async () => {
    await router.navigate(ROUTES.register);
  });
  await waitFor(() => expect(screen.getByTestId('simulated-clock').textContent).toBe('Simulated time 2026-12-04 11:24 JST'));
});

// A following as the customer reads and controls it: each mirrored order (placed / skipped /
// refused) with the leader's price beside the follower's own fill price and the slippage, the
// copy stop-loss, pause / resume, stop with close or keep, and the end reason once ended.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { followingView, mirrored } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, refused, renderTrade } from '../../test-utils/render-trade';
import FollowingDetailPage from './FollowingDetailPage';

afterEach(() => resetHost());

const orders = [
  mirrored(),
  mirrored({ id: 32, side: 'sell', leaderPrice: '2800.0', fillPrice: '2799.0', slippage: '1.0', leaderQuantity: 500, quantity: 0, outcome: 'placed' }),
  mirrored({ id: 33, quantity: 0, leaderQuantity: 100, outcome: 'skipped', reason: 'zero-lots', fillPrice: null, slippage: null, positionId: null }),
  mirrored({ id: 34, outcome: 'refused', reason: 'Insufficient buying power', fillPrice: null, slippage: null, positionId: null }),
];

test('mirrored orders with slippage; pause, then stop closing the positions', async () => {
  let paused = false;
  const calls = installTradeServer({
    following: () => ok(followingView({ paused, mirrored: orders })),
    pause: () => {
      paused = true;
      return ok(followingView({ paused }));
    },
    stop: () => refused(MSG.followingEnded, { rule: 'ended', id: 12, endReason: 'deadline' }),
  });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12' });
  const placed = await screen.findByTestId('mirrored-31');
  expect(within(placed).getByTestId('mirrored-leader-price').textContent).toBe('¥2,780.0');
  expect(within(placed).getByTestId('mirrored-fill-price').textContent).toBe('¥2,781.5');
  expect(within(placed).getByTestId('mirrored-slippage').textContent).toBe('¥+1.5 per share');
  expect(within(placed).getByTestId('mirrored-quantity').textContent).toBe('100 (leader 1000)');
  expect(within(screen.getByTestId('mirrored-33')).getByTestId('mirrored-outcome').textContent).toBe('Skipped');
  expect(within(screen.getByTestId('mirrored-33')).getByTestId('mirrored-reason').textContent).toBe('Why: zero-lots');
  expect(within(screen.getByTestId('mirrored-34')).getByTestId('mirrored-outcome').textContent).toBe('Refused');
  expect(within(screen.getByTestId('mirrored-34')).getByTestId('mirrored-fill-price').textContent).toBe('Not filled yet');
  expect(screen.getByTestId('following-stop-loss').textContent).toBe('40%');

  await act(async () => fireEvent.click(screen.getByTestId('following-pause')));
  expect(await screen.findByTestId('following-resume')).toBeTruthy();
  expect(screen.getByTestId('following-status').textContent).toBe('Paused');

  await act(async () => fireEvent.click(screen.getByText('Close at market')));
  await act(async () => fireEvent.click(screen.getByTestId('following-stop')));
  await act(async () => fireEvent.click(screen.getByTestId('following-stop-confirm')));
  await waitFor(() => expect(calls.find((c) => c.action === 'stop')?.form).toEqual({ id: '12', positions: 'close' }));
  expect((await screen.findByTestId('following-error')).textContent).toBe('This following has ended');
});

test.each([
  ['en', 'Ended: Copy stop-loss hit'],
  ['tw', '已結束：觸及跟單停損'],
  ['jp', '終了：コピー・ストップロスに到達'],
] as const)('in %s an ended following says why and offers no controls', async (lang, said) => {
  installTradeServer({ following: () => ok(followingView({ status: 'ended', endReason: 'stopLoss', endedAt: '2026-12-04T02:00:00.000Z' })) });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12', lang });
  expect((await screen.findByTestId('following-end-reason')).textContent).toBe(said);
  expect(screen.queryByTestId('following-controls')).toBeNull();
});

// A following as the customer reads and controls it: each mirrored order (placed / skipped /
// refused) with the leader's price beside the follower's own fill price and the slippage, the
// copy stop-loss, pause / resume, stop with close or keep, and the end reason once ended: the
// sales that closed its positions at the end, and the value labelled final or still moving as the
// server's held count says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { closedAtEnd, followingView, mirrored } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../test-utils/render-trade';
import FollowingDetailPage from './FollowingDetailPage';

afterEach(() => resetHost());

const orders = [
  mirrored(),
  mirrored({ id: 32, side: 'sell', leaderPrice: '2800.0', fillPrice: '2799.0', slippage: '1.0', leaderQuantity: 500, quantity: 0, outcome: 'placed' }),
  mirrored({ id: 33, quantity: 0, leaderQuantity: 100, outcome: 'skipped', reason: 'zero-lots', fillPrice: null, slippage: null, positionId: null }),
  // As the server stores it: the placement's catalogue key.
  mirrored({ id: 34, outcome: 'refused', reason: MSG.insufficientBuyingPower, fillPrice: null, slippage: null, positionId: null }),
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
  expect(within(screen.getByTestId('mirrored-33')).getByTestId('mirrored-reason').textContent).toBe(
    'Why: your amount sizes it at 0 whole lots, so nothing was placed',
  );
  expect(within(screen.getByTestId('mirrored-34')).getByTestId('mirrored-reason').textContent).toBe('Why: Insufficient buying power');
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

const ended = { status: 'ended', endedAt: '2026-12-04T02:00:00.000Z' } as const;
/** The value's row: its label and figure (the label is what says final or still moving). */
const valueRow = () => screen.getByTestId('following-value').parentElement as HTMLElement;

test.each([
  ['en', 'Final value', 'Closed when the following ended', 'Filled', '100 of 100', 'Why: Copy stop-loss hit'],
  ['tw', '最終價值', '跟單結束時平倉', '已成交', '100 / 100', '原因：觸及跟單停損'],
  ['jp', '最終評価額', 'フォロー終了時の決済', '約定済み', '100 / 100', '理由：コピー・ストップロスに到達'],
] as const)('in %s a following closed at its stop-loss lists the sale and says its value is final', async (lang, label, title, state, shares, why) => {
  installTradeServer({
    following: () => ok(followingView({ ...ended, endReason: 'stopLoss', heldPositions: 0, closedAtEnd: [closedAtEnd()], value: yen('289500') })),
  });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12', lang });
  const row = await screen.findByTestId('closed-at-end-5');
  expect(valueRow().textContent).toBe(`${label}¥289,500`);
  expect(within(screen.getByTestId('following-closed-at-end')).getByText(title)).toBeTruthy();
  expect(within(row).getByTestId('closed-at-end-state').textContent).toBe(state);
  expect(within(row).getByTestId('closed-at-end-fill-price').textContent).toBe('¥1,830.0');
  expect(within(row).getByTestId('closed-at-end-quantity').textContent).toBe(shares);
  expect(within(row).getByTestId('closed-at-end-reason').textContent).toBe(why);
  // Past tense: no "ends when it has lost …" on a following that has ended.
  expect(screen.getByTestId('following-value-note').textContent).not.toMatch(/Ends,|結束，|終了し/);
});

test('kept positions: the value still moves, no closing list; the strategy is a link', async () => {
  installTradeServer({ following: () => ok(followingView({ ...ended, endReason: 'deadline', heldPositions: 1, closedAtEnd: [] })) });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12' });
  expect((await screen.findByTestId('following-value')).textContent).toBe('¥309,850');
  expect(valueRow().textContent).toBe('Value now¥309,850');
  expect(screen.getByTestId('following-value-note').textContent).toBe(
    'Its copied positions were kept: they are yours now, and this value moves with their price.',
  );
  expect(screen.queryByTestId('following-closed-at-end')).toBeNull();
  const link = screen.getByTestId('following-strategy');
  expect(link.tagName).toBe('A');
  expect(link.getAttribute('href')).toContain('strategyDetail?id=7');
});

test('a close at market not yet filled shows pending, no price, and the value still moving', async () => {
  const pending = closedAtEnd({ reason: 'customer', state: 'pending', filledQuantity: 0, fillPrice: null, filledAt: null });
  const refused = closedAtEnd({
    id: 6,
    code: '8306',
    state: 'refused',
    orderId: null,
    quantity: null,
    fillPrice: null,
    filledAt: null,
    refusal: MSG.insufficientBuyingPower,
  });
  installTradeServer({ following: () => ok(followingView({ ...ended, endReason: 'customer', heldPositions: 2, closedAtEnd: [pending, refused] })) });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12' });
  const row = await screen.findByTestId('closed-at-end-5');
  expect(within(row).getByTestId('closed-at-end-state').textContent).toBe('Pending');
  expect(within(row).getByTestId('closed-at-end-fill-price').textContent).toBe('Not filled yet');
  expect(within(row).getByTestId('closed-at-end-quantity').textContent).toBe('0 of 100');
  expect(within(row).getByTestId('closed-at-end-reason').textContent).toBe('Why: Stopped by you');
  const no = screen.getByTestId('closed-at-end-6');
  expect(within(no).getByTestId('closed-at-end-state').textContent).toBe('Refused');
  expect(within(no).getByTestId('closed-at-end-refusal').textContent).toBe('Insufficient buying power');
  expect(valueRow().textContent).toBe('Value now¥309,850');
  expect(screen.getByTestId('following-value-note').textContent).toBe(
    'Its copied positions are being sold at market: this value moves with the price until they are.',
  );
});

test.each([
  ['en', 'Waiting', 'A sale of this position (a mirrored one, or your own) was still working'],
  ['tw', '等待中', '此持倉的賣單（跟單產生的或您自己的）仍在交易所執行中'],
  ['jp', '待機中', '売り注文（コピーによるもの、またはお客様ご自身のもの）が取引所で執行中'],
] as const)('in %s a close waiting on a mirrored sale still working says so, and the value still moves', async (lang, state, why) => {
  const waiting = closedAtEnd({ reason: 'customer', state: 'waiting', orderId: null, quantity: null, filledQuantity: 0, fillPrice: null, filledAt: null });
  installTradeServer({ following: () => ok(followingView({ ...ended, endReason: 'customer', heldPositions: 1, closedAtEnd: [waiting] })) });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12', lang });
  const row = await screen.findByTestId('closed-at-end-5');
  expect(within(row).getByTestId('closed-at-end-state').textContent).toBe(state);
  expect(within(row).getByTestId('closed-at-end-waiting').textContent).toContain(why);
  expect(within(row).queryByTestId('closed-at-end-quantity')).toBeNull();
  expect(screen.getByTestId('following-value-note').textContent).not.toMatch(/final|最終|最終/);
});

test('a close that sold nothing (refused) leaves the value moving, and says not every share was sold', async () => {
  const refused = closedAtEnd({
    state: 'refused',
    orderId: null,
    quantity: null,
    filledQuantity: 0,
    fillPrice: null,
    filledAt: null,
    refusal: MSG.insufficientBuyingPower,
  });
  installTradeServer({ following: () => ok(followingView({ ...ended, endReason: 'stopLoss', heldPositions: 1, closedAtEnd: [refused] })) });
  renderTrade(<FollowingDetailPage />, { path: '/f?id=12' });
  await screen.findByTestId('closed-at-end-5');
  expect(valueRow().textContent).toBe('Value now¥309,850');
  expect(screen.getByTestId('following-value-note').textContent).toBe(
    'Not every copied share was sold when it ended (below): this value still moves with the price.',
  );
});

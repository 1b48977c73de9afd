// Positions as the customer uses them: tab and status filters ask the server for exactly
// that list, rows show P&L, order following lists my followings in progress and ended.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { position } from '../../test-utils/fixtures';
import { followingView } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, renderTrade, yen } from '../../test-utils/render-trade';
import PositionsPage from './PositionsPage';

afterEach(() => resetHost());

test('each tab and status filter lists what the server answers for it, with live P&L on open rows', async () => {
  const calls = installTradeServer({
    buyingPower: () => ok({ cash: yen('500000'), holds: [], buyingPower: yen('220950'), withdrawable: yen('220950'), unsettled: [] }),
    list: (form) =>
      ok({
        list:
          form.status === 'holding'
            ? [position()]
            : form.status === 'closed'
              ? [position({ id: 8, status: 'closed', unrealisedPnl: null, marketValue: null, realisedPnl: yen('-1200'), closePrice: '2778.5' })]
              : form.status === 'cancelled'
                ? [
                    position({
                      id: 9,
                      status: 'cancelled',
                      unrealisedPnl: null,
                      marketValue: null,
                      filledQuantity: 0,
                      holdingQuantity: 0,
                      closedQuantity: 0,
                      openPrice: null,
                    }),
                  ]
                : [],
        page: 1,
        size: 20,
        total: 1,
        hasMore: false,
        tab: form.tab,
        offered: true,
      }),
  });
  renderTrade(<PositionsPage />);
  expect((await screen.findByTestId('positions-buying-power')).textContent).toBe('Buying power ¥220,950');
  // Nothing pending: the page opens on the holdings (asked once for the pending page, then the holdings).
  const row = await screen.findByTestId('position-row');
  expect(screen.getByTestId('positions-status-holding').getAttribute('aria-selected')).toBe('true');
  expect(calls.filter((c) => c.action === 'list').map((c) => c.form.status)).toEqual(['pending', 'holding']);
  expect(within(row).getByTestId('position-pnl').textContent).toBe('+¥950');
  expect(within(row).getByTestId('position-status').textContent).toBe('Holding');

  await act(async () => fireEvent.click(screen.getByTestId('positions-status-pending')));
  await waitFor(() => expect(screen.getByTestId('positions-state').textContent).toBe('No orders here'));
  // The page already asked for this list to choose where to open: the answer is reused.
  expect(calls.filter((c) => c.action === 'list')[0]?.form).toEqual({ tab: 'competition', status: 'pending', page: '1', size: '20' });

  await act(async () => fireEvent.click(screen.getByTestId('positions-status-closed')));
  await waitFor(() => expect(screen.getByTestId('position-row').getAttribute('data-status')).toBe('closed'));
  expect(screen.getByTestId('position-pnl').textContent).toBe('-¥1,200');

  // A cancelled order says what was ordered and filled, not a "closed quantity" of nothing.
  await act(async () => fireEvent.click(screen.getByTestId('positions-status-cancelled')));
  await waitFor(() => expect(screen.getByTestId('position-row').getAttribute('data-status')).toBe('cancelled'));
  expect(screen.getByTestId('position-row').textContent).toContain('Ordered / filled100 / 0');
  expect(screen.getByTestId('position-row').textContent).not.toContain('Closed quantity');

  await act(async () => fireEvent.click(screen.getByTestId('positions-tab-auction')));
  await waitFor(() => expect(calls.filter((c) => c.action === 'list').at(-1)?.form).toMatchObject({ tab: 'auction', status: 'cancelled' }));
});

test.each([
  ['en', 'another investor publishes', 'In progress', 'Ended · Copy stop-loss hit'],
  ['tw', '公開的交易策略', '進行中', '已結束 · 觸及跟單停損'],
  ['jp', '公開する売買戦略', '進行中', '終了 · コピー・ストップロスに到達'],
] as const)('in %s order following lists my followings in progress and ended', async (lang, explains, inProgress, ended) => {
  const calls = installTradeServer({
    buyingPower: () => ok({ cash: yen('0'), holds: [], buyingPower: yen('0'), withdrawable: yen('0'), unsettled: [] }),
    list: (form) => ok({ list: [], page: 1, size: 20, total: 0, hasMore: false, tab: form.tab, offered: true }),
    followings: (form) =>
      ok({
        list: [form.status === 'ended' ? followingView({ id: 13, status: 'ended', endReason: 'stopLoss' }) : followingView()],
        page: 1,
        size: 20,
        total: 1,
        hasMore: false,
      }),
  });
  renderTrade(<PositionsPage />, { lang });
  await screen.findByTestId('positions-state');
  await act(async () => fireEvent.click(screen.getByTestId('positions-tab-following')));
  expect((await screen.findByTestId('positions-following-explain')).textContent).toContain(explains);
  expect(within(await screen.findByTestId('following-row-12')).getByTestId('following-state').textContent).toBe(inProgress);
  expect(screen.getByTestId('positions-strategies-link')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByTestId('positions-following-ended')));
  expect(within(await screen.findByTestId('following-row-13')).getByTestId('following-state').textContent).toBe(ended);
  expect(calls.filter((c) => c.action === 'followings').map((c) => c.form.status)).toEqual(['inProgress', 'ended']);
});

const EMPTY_PAGE = { page: 1, size: 20, total: 0, hasMore: false, offered: true };

test('with orders waiting the page opens on Pending', async () => {
  installTradeServer({
    buyingPower: () => ok({ cash: yen('0'), holds: [], buyingPower: yen('0'), withdrawable: yen('0'), unsettled: [] }),
    list: (form) => ok({ ...EMPTY_PAGE, tab: form.tab, list: form.status === 'pending' ? [position({ id: 3, status: 'pending' })] : [position()] }),
  });
  renderTrade(<PositionsPage />);
  await waitFor(() => expect(screen.getByTestId('position-row').getAttribute('data-status')).toBe('pending'));
  expect(screen.getByTestId('positions-status-pending').getAttribute('aria-selected')).toBe('true');
});

test('the address names the list to open on (the ticket’s "see it in Positions" after a fill)', async () => {
  const calls = installTradeServer({
    buyingPower: () => ok({ cash: yen('0'), holds: [], buyingPower: yen('0'), withdrawable: yen('0'), unsettled: [] }),
    list: (form) => ok({ ...EMPTY_PAGE, tab: form.tab, list: [position({ status: form.status === 'pending' ? 'pending' : 'holding' })] }),
  });
  renderTrade(<PositionsPage />, { path: '/positions?status=holding' });
  await waitFor(() => expect(screen.getByTestId('position-row').getAttribute('data-status')).toBe('holding'));
  expect(calls.filter((c) => c.action === 'list').map((c) => c.form.status)).toEqual(['holding']);
});

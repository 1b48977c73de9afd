// Positions as the customer uses them: tab and status filters ask the server for exactly
// that list, rows show P&L, order following says plainly it is not offered.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { position } from '../../test-utils/fixtures';
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
  await waitFor(() => expect(screen.getByTestId('positions-state').textContent).toBe('No orders here'));
  expect(calls.filter((c) => c.action === 'list').at(-1)?.form).toEqual({ tab: 'competition', status: 'pending', page: '1', size: '20' });

  await act(async () => fireEvent.click(screen.getByTestId('positions-status-holding')));
  const row = await screen.findByTestId('position-row');
  expect(within(row).getByTestId('position-pnl').textContent).toBe('+¥950');
  expect(within(row).getByTestId('position-status').textContent).toBe('Holding');

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
  ['en', 'Order following is not offered yet'],
  ['tw', '目前尚未提供跟單服務'],
  ['jp', 'フォロー注文はまだ提供していません'],
] as const)('in %s order following says it is not offered yet', async (lang, told) => {
  installTradeServer({
    buyingPower: () => ok({ cash: yen('0'), holds: [], buyingPower: yen('0'), withdrawable: yen('0'), unsettled: [] }),
    list: (form) => ok({ list: [], page: 1, size: 20, total: 0, hasMore: false, tab: form.tab, offered: form.tab !== 'following' }),
  });
  renderTrade(<PositionsPage />, { lang });
  await screen.findByTestId('positions-state');
  await act(async () => fireEvent.click(screen.getByTestId('positions-tab-following')));
  expect((await screen.findByTestId('positions-following')).textContent).toContain(told);
});

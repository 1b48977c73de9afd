// Position detail as the customer reads it: the spec §3 fields, fills with the venue trade
// ids, the postings and their sums, and only the actions the status allows.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../test-utils/render-trade';
import { position } from '../../test-utils/fixtures';
import PositionDetailPage, { postingSums } from './PositionDetailPage';

function detail(patch: Partial<TradePositionDetail> = {}): TradePositionDetail {
  return {
    ...position({
      status: 'closed',
      unrealisedPnl: null,
      marketValue: null,
      holdingQuantity: 0,
      closedQuantity: 100,
      closePrice: '2800',
      realisedPnl: yen('950'),
      actions: [],
      closedAt: '2026-11-23T02:00:00.000Z',
    }),
    orders: [],
    fills: [
      { tradeId: 'T7203-000042', kind: 'open', side: 'buy', price: '2790.5', quantity: 100, auction: false, at: '2026-11-23T01:00:01.000Z' },
      { tradeId: 'T7203-000077', kind: 'close', side: 'sell', price: '2800', quantity: 100, auction: false, at: '2026-11-23T02:00:00.000Z' },
    ],
    postings: [
      { journalId: '10', type: 'trade_buy', account: 'customer_cash', amount: yen('-279050'), at: '2026-11-23T01:00:01.000Z' },
      { journalId: '10', type: 'trade_buy', account: 'broker:exchange_clearing', amount: yen('279050'), at: '2026-11-23T01:00:01.000Z' },
      { journalId: '11', type: 'trade_sell', account: 'customer_cash', amount: yen('280000'), at: '2026-11-23T02:00:00.000Z' },
      { journalId: '11', type: 'trade_sell', account: 'broker:exchange_clearing', amount: yen('-280000'), at: '2026-11-23T02:00:00.000Z' },
    ],
    ...patch,
  };
}

afterEach(() => resetHost());

test('postings add up per account and to zero overall', () => {
  const sums = postingSums(detail().postings);
  expect(sums.total).toEqual(yen('0'));
  expect(sums.byAccount).toEqual([
    { account: 'customer_cash', sum: yen('950') },
    { account: 'broker:exchange_clearing', sum: yen('-950') },
  ]);
});

test('a closed order shows its fields, fills with venue trade ids, the postings, and no actions', async () => {
  installTradeServer({ detail: () => ok(detail()) });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7' });
  await screen.findByTestId('position-detail');
  expect(screen.getByTestId('detail-order-no').textContent).toBe('K00000007');
  expect(screen.getByTestId('detail-status').textContent).toBe('Closed');
  expect(screen.getByTestId('detail-open-price').textContent).toBe('¥2,790.5');
  expect(screen.getByTestId('detail-close-price').textContent).toBe('¥2,800');
  expect(screen.getByTestId('detail-realised').textContent).toBe('+¥950');
  expect(screen.getByTestId('detail-close-time').textContent).not.toBe('--');
  expect(screen.getByText('Venue trade id T7203-000042')).toBeTruthy();
  expect(screen.getByText('Venue trade id T7203-000077')).toBeTruthy();
  expect(screen.getByTestId('detail-posting-sum-customer_cash').textContent).toBe('+¥950');
  // Accounts by name, not by the ledger's key.
  expect(screen.getByText('Sum · Your cash')).toBeTruthy();
  expect(screen.getByText('Sum · Exchange clearing (broker)')).toBeTruthy();
  expect(screen.queryByText(/exchange_clearing|customer_cash/)).toBeNull();
  expect(screen.getByTestId('detail-posting-total').textContent).toBe('¥0');
  expect(screen.queryByTestId('detail-actions')).toBeNull();
});

test.each([
  ['tw', '2027/05/24'],
  ['jp', '2027/05/24'],
  ['en', '24/05/2027'],
] as const)('in %s a 制度信用 position’s due date reads as the language writes a date', async (lang, told) => {
  installTradeServer({ detail: () => ok(detail({ dueDate: '2027-05-24' })) });
  const store = renderTrade(<PositionDetailPage />, { path: '/detail?id=7', lang });
  expect((await screen.findByTestId('detail-due-date')).textContent).toBe(told);
  // The page's other calls (its conditional orders) answer after the field shows: let them land inside the test.
  await waitFor(() => expect(Object.values(store.getState().api.queries).filter((query) => query?.status === 'pending')).toEqual([]));
});

test('a pending order can be cancelled, after a confirmation', async () => {
  let current = detail({
    status: 'pending',
    actions: ['cancel'],
    fills: [],
    postings: [],
    openPrice: null,
    closePrice: null,
    closedQuantity: 0,
    closedAt: null,
    held: yen('279150'),
  });
  const calls = installTradeServer({
    detail: () => ok(current),
    cancel: () => {
      current = { ...current, status: 'cancelled', actions: [], held: yen('0'), endReason: 'cancelled', closedAt: '2026-11-23T03:00:00.000Z' };
      return ok(current);
    },
  });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7' });
  expect((await screen.findByTestId('detail-held')).textContent).toBe('¥279,150');
  expect(screen.queryByTestId('detail-close')).toBeNull();
  fireEvent.click(screen.getByTestId('detail-cancel'));
  await act(async () => fireEvent.click(await screen.findByTestId('detail-confirm-yes')));
  await waitFor(() => expect(screen.getByTestId('detail-status').textContent).toBe('Cancelled'));
  expect(screen.getByTestId('detail-held').textContent).toBe('¥0');
  // It ended without a sale: no sell time (the time it ended is not one).
  expect(screen.getByTestId('detail-close-time').textContent).toBe('--');
  expect(calls.find((c) => c.action === 'cancel')?.form).toEqual({ id: '7' });
});

// A holding of three lots with its close action, and the ticket (tick 1) its close form prices against.
function closableHolding() {
  return {
    detail: () => ok(detail({ status: 'holding', actions: ['close'], holdingQuantity: 300, closedQuantity: 0, closePrice: null, lastPrice: '2800' })),
    ticket: () =>
      ok({
        code: '7203',
        lot: 100,
        tickTable: '03',
        tick: '1',
        upperLimit: '3290',
        lowerLimit: '2290',
        skipFundPassword: false,
        last: '2800',
        bestBid: null,
        bestAsk: null,
        name: { tw: '', jp: '', en: '' },
      }),
  };
}

test('a holding position closes some lots at a limit on the tick grid; an off-tick price or too many lots is refused first', async () => {
  const calls = installTradeServer({
    ...closableHolding(),
    close: () => refused(MSG.closeLotsTooMany),
  });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7' });
  fireEvent.click(await screen.findByTestId('detail-close'));
  await screen.findByTestId('close-form');
  fireEvent.click(screen.getByText('Limit'));
  const price = screen.getByTestId('close-price');
  fireEvent.change(price.querySelector('input') ?? price, { target: { value: '2800.3' } });
  fireEvent.click(screen.getByText('Lots (1 lot = 100 shares)'));
  const lots = screen.getByTestId('close-lots');
  fireEvent.change(lots.querySelector('input') ?? lots, { target: { value: '2' } });
  const password = screen.getByTestId('close-fund-password');
  fireEvent.change(password.querySelector('input') ?? password, { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('close-submit')));
  expect((await screen.findByTestId('close-error')).textContent).toBe('The price is not on a valid tick');
  fireEvent.change(price.querySelector('input') ?? price, { target: { value: '2801' } });
  await act(async () => fireEvent.click(screen.getByTestId('close-submit')));
  expect((await screen.findByTestId('close-error')).textContent).toBe('More lots than the position holds');
  const sent = calls.filter((c) => c.action === 'close');
  expect(sent).toHaveLength(1);
  expect(sent[0]?.form).toMatchObject({ id: '7', orderType: 'limit', price: '2801', lots: '2', fundPassword: '246810' });
});

test('an unknown id is told as the server says it', async () => {
  installTradeServer({ detail: () => refused(MSG.orderNotFound) });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=999' });
  // Loading first, then the refusal as the server said it.
  await waitFor(() => expect(screen.getByTestId('detail-state').textContent).toBe('Order does not exist'));
});

test('sent by the ticket’s cash Sell (close=sell), a holding opens with its close form showing', async () => {
  installTradeServer({
    ...closableHolding(),
  });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7&close=sell' });
  await screen.findByTestId('close-form');
  expect(screen.queryByTestId('detail-close')).toBeNull();
});

test('a cash holding with shares out on stock lending shows how many are lent', async () => {
  installTradeServer({ detail: () => ok(detail({ status: 'holding', holdingQuantity: 500, closedQuantity: 0, lentQuantity: 300 })) });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7' });
  expect((await screen.findByTestId('detail-lent')).textContent).toContain('300 shares');
});

test('nothing lent, no lent line', async () => {
  installTradeServer({ detail: () => ok(detail()) });
  renderTrade(<PositionDetailPage />, { path: '/detail?id=7' });
  await screen.findByTestId('position-detail');
  expect(screen.queryByTestId('detail-lent')).toBeNull();
});

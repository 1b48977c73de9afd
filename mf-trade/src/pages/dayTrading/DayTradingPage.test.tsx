// The day-trading page as the customer uses it: the opening-auction tab shows the
// indicative Itayose while a window is open and the latest results outside it, with the
// customer's auction orders; the after-hours tab shows the simulated PTS session and board
// and sends a PTS limit order with venue=pts; PTS rows carry the venue.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import type { AuctionBoard, PtsBoard, PtsSessionInfo } from '@kabuto/shared-sdk/schemas';
import { position } from '../../test-utils/fixtures';
import { installTradeServer, ok, renderTrade, yen } from '../../test-utils/render-trade';
import DayTradingPage from './DayTradingPage';

jest.mock('./block-trades/BlockTradesTab', () => ({ __esModule: true, default: () => <p data-testid="block-tab">block</p> }));

afterEach(() => resetHost());

const row = (patch: Partial<AuctionBoard['items'][number]> = {}): AuctionBoard['items'][number] => ({
  code: '7203',
  name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
  displayName: 'Toyota Motor',
  lot: 100,
  basePrice: 27_900,
  indicativePrice: 27_950,
  indicativeVolume: 12_300,
  bestBid: 27_950,
  bestAsk: 27_940,
  marketBuyQuantity: 0,
  marketSellQuantity: 0,
  lastAuction: null,
  ...patch,
});

const board = (open: boolean, items = [row()]): AuctionBoard => ({
  simulated: true,
  venue: 'tse',
  phase: open ? 'pre-open' : 'zaraba',
  window: open
    ? { kind: 'morning-open', from: '2026-11-26T23:00:00.000Z', to: '2026-11-27T00:00:00.000Z', open: true }
    : { kind: 'afternoon-open', from: '2026-11-27T03:05:00.000Z', to: '2026-11-27T03:30:00.000Z', open: false },
  now: '2026-11-26T23:30:00.000Z',
  items,
});

const session: PtsSessionInfo = {
  venue: 'pts',
  simulated: true,
  open: true,
  sessionDate: '2026-11-26',
  opensAt: '2026-11-26T07:30:00.000Z',
  closesAt: '2026-11-26T21:00:00.000Z',
  hours: { open: '16:30', close: '06:00' },
};

const ptsBoard: PtsBoard = {
  venue: 'pts',
  simulated: true,
  session,
  code: '7203',
  name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
  displayName: 'Toyota Motor',
  lot: 100,
  tickTable: '03',
  figuresOf: '2026-11-26',
  basePrice: 27_900,
  upperLimit: 32_900,
  lowerLimit: 22_900,
  last: 27_915,
  open: 27_900,
  high: 27_920,
  low: 27_890,
  volume: 3_400,
  turnover: 9_490_000,
  bids: [{ price: 27_910, quantity: 300, orders: 1 }],
  asks: [{ price: 27_920, quantity: 200, orders: 1 }],
  trades: [{ id: '7203-pts20261126-T1', price: 27_915, quantity: 100, at: Date.parse('2026-11-26T08:00:00.000Z') }],
};

const page = (list: ReturnType<typeof position>[], tab = 'competition') =>
  ok({ list, page: 1, size: 20, total: list.length, hasMore: false, tab, offered: true });

test('in a pre-open window the auction tab shows indicative price and volume and the auction orders', async () => {
  const calls = installTradeServer({
    auctionBoard: () => ok(board(true)),
    list: (form) => page(form.tab === 'auction' ? [position({ id: 9, tab: 'auction', status: 'pending', venue: 'tse', openPrice: null })] : [], form.tab),
  });
  renderTrade(<DayTradingPage />);
  expect((await screen.findByTestId('auction-window')).getAttribute('data-open')).toBe('1');
  expect(screen.getByTestId('auction-indicative').textContent).toBe('¥2,795');
  expect(screen.getByTestId('auction-volume').textContent).toBe('12,300 shares');
  const mine = await screen.findByTestId('position-row');
  expect(mine.getAttribute('data-status')).toBe('pending');
  expect(within(mine).getByTestId('position-venue').textContent).toContain('TSE (simulated)');
  expect(calls.find((c) => c.action === 'list')?.form).toMatchObject({ tab: 'auction' });
  expect(screen.getByTestId('day-simulated').textContent).toContain('Simulated');
});

test.each([
  ['en', 'Afternoon open: ¥2,795 × 12,300 shares'],
  ['jp', '後場寄付：¥2,795 × 12,300株'],
  ['tw', '午盤開盤：¥2,795 × 12,300股'],
] as const)('outside a window (%s) the tab names the next auction and the latest Itayose result', async (lang, result) => {
  installTradeServer({
    auctionBoard: () =>
      ok(
        board(false, [
          row({
            indicativePrice: null,
            indicativeVolume: null,
            lastAuction: { kind: 'afternoon-open', at: '2026-11-27T03:30:00.000Z', price: 27_950, volume: 12_300, specialQuote: null },
          }),
        ]),
      ),
    list: (form) => page([], form.tab),
  });
  renderTrade(<DayTradingPage />, { lang });
  expect((await screen.findByTestId('auction-window')).getAttribute('data-open')).toBe('0');
  expect(screen.getByTestId('auction-result').textContent).toBe(result);
});

test('the after-hours tab shows the PTS session and board and places a PTS limit order', async () => {
  const calls = installTradeServer({
    auctionBoard: () => ok(board(true)),
    ptsSession: () => ok(session),
    ptsBoard: () => ok(ptsBoard),
    ticket: () => ok({ code: '7203', skipFundPassword: false }),
    place: () => ok(position({ id: 11, venue: 'pts', orderNo: 'K00000011' })),
    list: (form) => page(form.tab === 'competition' ? [position({ id: 11, venue: 'pts' }), position({ id: 12, venue: 'tse' })] : [], form.tab),
  });
  renderTrade(<DayTradingPage />, { path: '/?tab=pts' });
  await waitFor(() => expect(screen.getByTestId('pts-session').getAttribute('data-open')).toBe('1'));
  expect((await screen.findByTestId('pts-board')).textContent).toContain('PTS (simulated)');
  expect(screen.getByTestId('pts-board').textContent).toContain('Night session of 26/11/2026');
  expect(screen.getByTestId('pts-last').textContent).toBe('¥2,791.5');
  // Only the PTS row of the positions list.
  await waitFor(() => expect(within(screen.getByTestId('pts-mine')).getAllByTestId('position-row')).toHaveLength(1));
  const password = (await screen.findByTestId('pts-fund-password')).querySelector('input');
  if (!password) throw new Error('no fund password input');
  await act(async () => fireEvent.change(password, { target: { value: '123456' } }));
  await act(async () => fireEvent.click(screen.getByTestId('pts-submit')));
  expect((await screen.findByTestId('pts-placed')).textContent).toContain('K00000011');
  expect(calls.find((c) => c.action === 'place')?.form).toMatchObject({
    code: '7203',
    venue: 'pts',
    orderType: 'limit',
    price: '2792',
    side: 'buy',
    product: 'cash',
    fundPassword: '123456',
  });
});

test('the block-trades tab renders the block trades module', async () => {
  installTradeServer({ auctionBoard: () => ok(board(true)), list: (form) => page([], form.tab), buyingPower: () => ok({ cash: yen('0') }) });
  renderTrade(<DayTradingPage />, { path: '/?tab=block' });
  expect(await screen.findByTestId('block-tab')).toBeTruthy();
});

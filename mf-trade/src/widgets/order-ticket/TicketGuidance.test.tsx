// What the ticket tells a customer before anything is placed: it comes into view when opened,
// a market buy says plainly why its hold uses the daily upper limit, a cash Sell on a stock the
// customer holds leads to selling that holding, and a stop's expiry shows before it is confirmed.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { useLocation } from 'react-router-dom';
import type { OrderSide, TicketInfo } from '@kabuto/shared-sdk/schemas';
import { userInfo } from '../../test-utils/fixtures';
import { choose, noFees, ticketInfo } from '../../test-utils/ticket';
import { installTradeServer, ok, renderTrade, yen, type Handler } from '../../test-utils/render-trade';
import { OrderTicket } from './OrderTicket';

const TICKET = ticketInfo({ last: '2757', bestBid: '2756', bestAsk: '2757', upperLimit: '3183', lowerLimit: '2183' });
const ZERO = yen('0');
const estimate: Handler = (form) =>
  ok({
    quantity: 100,
    estimatePrice: form.price ?? (form.side === 'buy' ? '3183' : '2183'),
    value: yen('318300'),
    fees: noFees(),
    marginRequired: ZERO,
    hold: yen('318300'),
    buyingPower: yen('1000000'),
    buyingPowerAfter: yen('681700'),
  });

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{`${pathname}${search}`}</span>;
}

async function open(side: OrderSide, ticket: Partial<TicketInfo> = {}, lang: 'en' | 'tw' | 'jp' = 'en') {
  const calls = installTradeServer({ ticket: () => ok({ ...TICKET, ...ticket }), info: () => ok(userInfo()), estimate });
  renderTrade(
    <>
      <OrderTicket code="7203" side={side} bestBid={27560} bestAsk={27570} last={27570} />
      <Where />
    </>,
    { lang },
  );
  await screen.findByTestId('order-ticket');
  return calls;
}

let scrolled: jest.Mock;
beforeEach(() => {
  // jsdom lays nothing out and has no scrollIntoView: record the call the browser would act on.
  scrolled = jest.fn();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  resetHost();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

test('opening the ticket scrolls its form to the top of the screen and focuses it (no keyboard pops up)', async () => {
  await open('buy');
  const ticket = screen.getByTestId('order-ticket');
  await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
  expect(scrolled.mock.contexts[0]).toBe(ticket);
  expect(scrolled.mock.calls[0]?.[0]).toMatchObject({ block: 'start' });
  expect(document.activeElement).toBe(ticket);
  expect(ticket.getAttribute('aria-label')).toBe('Open a position');
});

test.each([
  [
    'en',
    'Market',
    'Market buy: the money held for this order is figured at today’s upper limit price, ¥3,183 (last price ¥2,757), because a market order may fill at any price up to it. The order fills at the market price, and the difference is released to your buying power once it fills.',
    'Hold figured at (upper limit)',
  ],
  [
    'tw',
    '市價',
    '市價買進：預留資金按今日漲停價 ¥3,183 計算（現價 ¥2,757），因為市價單可能以漲停價以內的任何價格成交。委託實際以市場價格成交，成交後差額即退回您的購買力。',
    '預留資金計算價（漲停價）',
  ],
  [
    'jp',
    '成行',
    '成行買い：拘束金額は本日のストップ高（値幅制限の上限）¥3,183で計算します（現在値 ¥2,757）。成行注文はこの価格までのどの価格でも約定しうるためです。約定は市場価格で行われ、差額は約定後に買付余力へ戻ります。',
    '拘束金額の計算価格（ストップ高）',
  ],
] as const)(
  'in %s a market buy says the hold is at the daily limit, the fill at the market price, the difference released',
  async (lang, market, note, label) => {
    await open('buy', {}, lang);
    choose('ticket-order-type', market);
    expect(screen.getByTestId('ticket-market-note').textContent).toBe(note);
    const estimateCard = await screen.findByTestId('ticket-estimate');
    expect(within(estimateCard).getByText(label)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('estimate-price').textContent).toBe('¥3,183'));
  },
);

test('a market sell says its estimate uses the lower limit', async () => {
  await open('sell', { cashHoldings: [{ id: 12, shares: 100 }] });
  choose('ticket-order-type', 'Market');
  expect(screen.getByTestId('ticket-market-note').textContent).toBe(
    'Market sell: the estimate is figured at today’s lower limit price, ¥2,183, the lowest price it could fill at. The order fills at the market price.',
  );
});

test.each([
  ['en', 'You hold 300 shares of this stock in your cash account. Sell closes that holding: sell it from the close form.', 'Sell my 300 shares'],
  ['tw', '您的現股帳戶持有此股票 300 股。賣出即平倉這筆持股：請在平倉表單中賣出。', '賣出持有的 300 股'],
  ['jp', '現物口座でこの銘柄を300株保有しています。売却するとこの保有分を決済します：決済フォームから売却してください。', '保有する300株を売却'],
] as const)('in %s Sell on a stock held in cash offers to sell the holding, and leads to its close form', async (lang, told, button) => {
  await open('sell', { cashHoldings: [{ id: 12, shares: 300 }] }, lang);
  const offer = screen.getByTestId('ticket-cash-sell');
  expect(within(offer).getByText(told)).toBeTruthy();
  fireEvent.click(within(offer).getByTestId('ticket-sell-holding'));
  expect(screen.getByTestId('where').textContent).toBe('/pages/common/positionDetail?id=12&close=sell');
  expect(screen.getByTestId('ticket-sell-holding').textContent).toBe(button);
});

test('the cash-short refusal, if still reached, carries the action to sell the holding; several holdings lead to the holdings list', async () => {
  const calls = await open('sell', {
    cashHoldings: [
      { id: 12, shares: 300 },
      { id: 15, shares: 100 },
    ],
  });
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect(screen.getByTestId('ticket-error').textContent).toBe('Cash trading cannot sell short: sell what you hold by closing it');
  fireEvent.click(screen.getByTestId('ticket-refusal-sell-holding'));
  expect(screen.getByTestId('where').textContent).toBe('/pages/common/position?code=7203&side=sell&status=holding');
  expect(calls.filter((c) => c.action === 'place')).toEqual([]);
});

test('Sell on a stock not held in cash says a short sale needs margin, with no sell-holding action', async () => {
  await open('sell');
  expect(screen.getByTestId('ticket-cash-sell').textContent).toBe(
    'Cash account: Sell closes shares you hold, and you hold none of this stock. Selling shares you do not hold (a short sale) needs a margin account.',
  );
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect(screen.getByTestId('ticket-error')).toBeTruthy();
  expect(screen.queryByTestId('ticket-refusal-sell-holding')).toBeNull();
});

test.each([
  ['en', 'Stop', 'Valid for the trading day 13/01/2026 (expires at its close)'],
  ['tw', '停損', '限2026/01/13交易日（收盤失效）'],
  ['jp', '逆指値', '2026/01/13の取引日限り（大引けで失効）'],
] as const)('in %s a stop order shows its expiry on the form, before it is confirmed', async (lang, stop, told) => {
  await open('buy', {}, lang);
  expect(screen.queryByTestId('ticket-valid-on')).toBeNull();
  choose('ticket-kind-choice', stop);
  expect(screen.getByTestId('ticket-valid-on').textContent).toBe(told);
});

test('a refusal other than the cash short offers no sell-holding action', async () => {
  await open('buy', { cashHoldings: [{ id: 12, shares: 300 }] });
  const field = screen.getByTestId('ticket-price');
  fireEvent.change(field.querySelector('input') ?? field, { target: { value: '2790.3' } });
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect(screen.getByTestId('ticket-error').textContent).toContain('The price is not on a valid tick');
  expect(screen.queryByTestId('ticket-refusal-sell-holding')).toBeNull();
});

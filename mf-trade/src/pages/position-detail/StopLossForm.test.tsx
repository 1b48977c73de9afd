// The stop-loss form of a holding position: it sends a conditional close of the whole holding
// (positionId, the closing side, the stop or the trailing width) and shows the server's refusal.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TicketInfo, TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { position } from '../../test-utils/fixtures';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../test-utils/render-trade';
import { StopLossForm } from './StopLossForm';

afterEach(() => resetHost());

const TICKET = {
  code: '7203',
  lot: 100,
  tick: '0.5',
  tickTable: '03',
  upperLimit: '3290',
  lowerLimit: '2290',
  skipFundPassword: true,
  dayOrderValidOn: '2026-01-13',
  cashHoldings: [],
  buyingPower: yen('0'),
} as unknown as TicketInfo;

const detail = (): TradePositionDetail => ({
  ...position({ status: 'holding', holdingQuantity: 200, lastPrice: '2790.5' }),
  orders: [],
  fills: [],
  postings: [],
});

function typeInto(testId: string, value: string) {
  const field = screen.getByTestId(testId);
  fireEvent.change(field.querySelector('input') ?? field, { target: { value } });
}

test('a stop-loss closes the whole holding; the wrong side is refused with the server’s message and its prices', async () => {
  let first = true;
  const calls = installTradeServer({
    ticket: () => ok(TICKET),
    conditional: () => {
      if (first) {
        first = false;
        return refused(MSG.stopPriceWrongSide, { rule: 'sell-stop-below-last', stop: '2800', last: '2790.5' });
      }
      return ok({ id: 3, kind: 'stop', state: 'waiting', legs: [], actions: ['cancel'] });
    },
  });
  renderTrade(<StopLossForm position={detail()} />);
  await act(async () => fireEvent.click(await screen.findByTestId('stop-loss-open')));
  typeInto('stop-loss-trigger', '2800');
  await act(async () => fireEvent.click(screen.getByTestId('stop-loss-submit')));
  await waitFor(() =>
    expect(screen.getByTestId('stop-loss-error').textContent).toBe(
      'Stop price on the wrong side of the market: a sell stop must be below the last price, a buy stop above it · Stop ¥2,800, last ¥2,790.5',
    ),
  );
  typeInto('stop-loss-trigger', '2750');
  await act(async () => fireEvent.click(screen.getByTestId('stop-loss-submit')));
  await waitFor(() => expect(screen.getByTestId('stop-loss-open').textContent).toBe('Conditional close placed: see below'));
  const sent = calls.filter((c) => c.action === 'conditional').map((c) => c.form);
  expect(sent.at(-1)).toMatchObject({ kind: 'stop', positionId: '7', side: 'sell', lots: '2', triggerPrice: '2750' });
  expect(sent[0]?.idempotencyKey).not.toBe(sent[1]?.idempotencyKey);
});

test.each([
  ['en', 'Valid for the trading day 13/01/2026 (expires at its close)'],
  ['tw', '限2026/01/13交易日（收盤失效）'],
  ['jp', '2026/01/13の取引日限り（大引けで失効）'],
] as const)('in %s the form says when the stop-loss expires before it is confirmed', async (lang, told) => {
  const calls = installTradeServer({ ticket: () => ok(TICKET) });
  renderTrade(<StopLossForm position={detail()} />, { lang });
  await act(async () => fireEvent.click(await screen.findByTestId('stop-loss-open')));
  expect(screen.getByTestId('stop-loss-valid-on').textContent).toBe(told);
  expect(calls.filter((c) => c.action === 'conditional')).toEqual([]);
});

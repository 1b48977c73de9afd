// The ticket's conditional kinds and session conditions (docs/trading.md §11): the fields each
// kind sends to trade/conditional/place, the placed state, the server's refusal shown in the
// form, and a normal order's 寄付 / 引け / 不成 riding on trade/place.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { userInfo } from '../../test-utils/fixtures';
import { choose, noFees, ticketInfo, typeInto } from '../../test-utils/ticket';
import { installTradeServer, ok, refused, renderTrade, yen, type Handler } from '../../test-utils/render-trade';
import { OrderTicket } from './OrderTicket';

const TICKET = ticketInfo();
const FEES = noFees();
const estimate: Handler = () =>
  ok({
    quantity: 100,
    estimatePrice: '3290',
    value: yen('329000'),
    fees: FEES,
    marginRequired: yen('0'),
    hold: yen('329000'),
    buyingPower: yen('1000000'),
    buyingPowerAfter: yen('671000'),
  });

afterEach(() => resetHost());

async function open(handlers: Record<string, Handler>) {
  const calls = installTradeServer({ ticket: () => ok(TICKET), info: () => ok(userInfo()), estimate, ...handlers });
  renderTrade(<OrderTicket code="7203" side="buy" bestBid={27900} bestAsk={27905} last={27905} />);
  await screen.findByTestId('order-ticket');
  return calls;
}

test('a buy stop sends the stop price with no limit of its own, and shows the order waiting', async () => {
  const calls = await open({
    conditional: (form) => ok({ id: 5, kind: form.kind, code: '7203', state: 'waiting', legs: [], validOn: '2026-01-13', actions: ['cancel'] }),
  });
  choose('ticket-kind-choice', 'Stop');
  expect(screen.getByTestId('ticket-kind-note').textContent).toContain('market order');
  expect(screen.queryByTestId('ticket-order-type')).toBeNull();
  typeInto('ticket-trigger-price', '2800');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  const placed = await screen.findByTestId('ticket-conditional-placed');
  expect(placed.getAttribute('data-state')).toBe('waiting');
  expect(placed.textContent).toContain('Stop order accepted: Waiting');
  const sent = calls.find((c) => c.action === 'conditional')?.form;
  expect(sent).toMatchObject({ kind: 'stop', code: '7203', side: 'buy', product: 'cash', lots: '1', triggerPrice: '2800' });
  expect(sent?.price).toBeUndefined();
  expect(sent?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
});

test('IFDOCO sends the parent limit and both child prices; the server’s refusal shows in the form', async () => {
  const calls = await open({ conditional: () => refused(MSG.ocoLegsOverlap, { rule: 'buy: limit < last < stop', limit: '2850', stop: '2790', last: '2795' }) });
  choose('ticket-kind-choice', 'IFDOCO');
  typeInto('ticket-price', '2780');
  typeInto('ticket-child-price', '2850');
  typeInto('ticket-child-trigger-price', '2790');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await waitFor(() =>
    expect(screen.getByTestId('ticket-error').textContent).toBe(
      'The OCO legs could both fill: the limit and the stop must lie on opposite sides of the last price · Limit ¥2,850, stop ¥2,790, last ¥2,795',
    ),
  );
  expect(calls.find((c) => c.action === 'conditional')?.form).toMatchObject({
    kind: 'ifdoco',
    orderType: 'limit',
    price: '2780',
    childPrice: '2850',
    childTriggerPrice: '2790',
  });
});

test('a normal order carries its session condition (不成) on trade/place', async () => {
  const calls = await open({ place: () => ok({ id: 41, orderNo: 'K00000041', status: 'pending' }) });
  choose('ticket-session', 'Funari (不成): market at the close');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  expect(calls.find((c) => c.action === 'place')?.form).toMatchObject({ condition: 'funari', orderType: 'limit', price: '2790.5' });
});

// Conditional orders on Positions and a position's detail: each leg's state as the server
// answers it (waiting, triggered, filled, cancelled, expired, rejected with why), in the
// customer's language, and the cancel of a waiting one.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import type { ConditionalLegView, ConditionalOrderView } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, renderTrade } from '../test-utils/render-trade';
import { ConditionalOrders } from './ConditionalOrders';

afterEach(() => resetHost());

const leg = (over: Partial<ConditionalLegView>): ConditionalLegView => ({
  id: 1,
  role: 'single',
  trigger: 'stop',
  action: 'close',
  side: 'sell',
  quantity: 100,
  orderType: 'market',
  price: null,
  triggerPrice: '2780',
  trailWidth: null,
  trailExtreme: null,
  trailStop: null,
  armed: true,
  state: 'waiting',
  positionId: 7,
  childOrderId: null,
  triggeredAt: null,
  triggerTradeId: null,
  triggerTradePrice: null,
  reason: null,
  reasonData: null,
  ...over,
});

const order = (over: Partial<ConditionalOrderView>): ConditionalOrderView => ({
  id: 1,
  kind: 'stop',
  code: '7203',
  name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
  product: 'cash',
  state: 'waiting',
  validOn: '2026-01-13',
  createdAt: '2026-01-13T01:00:00.000Z',
  legs: [leg({})],
  actions: ['cancel'],
  simulated: true,
  ...over,
});

test('every state is shown per order and per leg; a waiting one is cancelled', async () => {
  let cancelled = false;
  const calls = installTradeServer({
    conditional: (form) => {
      if (form.id) {
        cancelled = true;
        return ok(order({ state: 'cancelled', actions: [] }));
      }
      return ok([
        order({ state: cancelled ? 'cancelled' : 'waiting', actions: cancelled ? [] : ['cancel'] }),
        order({
          id: 2,
          kind: 'oco',
          state: 'filled',
          actions: [],
          legs: [
            leg({ id: 2, trigger: 'touch', orderType: 'limit', price: '2850', state: 'filled', triggerTradePrice: '2850' }),
            leg({ id: 3, state: 'cancelled', reason: 'oco' }),
          ],
        }),
        order({
          id: 4,
          kind: 'ifd',
          state: 'triggered',
          actions: [],
          legs: [leg({ id: 4, role: 'parent', trigger: 'none', side: 'buy', state: 'triggered' }), leg({ id: 5, role: 'child', armed: false })],
        }),
        order({
          id: 6,
          kind: 'trailing',
          state: 'expired',
          actions: [],
          legs: [leg({ id: 6, trigger: 'trailing', trailWidth: '3', trailStop: '2787', state: 'expired' })],
        }),
      ]);
    },
  });
  renderTrade(<ConditionalOrders positionId={7} />, { lang: 'jp' });
  const cards = await screen.findAllByTestId('conditional-order');
  expect(calls[0]?.form).toEqual({ positionId: '7' });
  expect(cards.map((c) => within(c).getByTestId('conditional-state').textContent)).toEqual(['待機中', '約定', '発動済み', '失効']);
  expect(cards[1]?.textContent).toContain('2,850で発動');
  expect(cards[2]?.textContent).toContain('1つ目の注文が全部約定すると有効');
  expect(cards[3]?.textContent).toContain('トレール幅3円');
  await act(async () => fireEvent.click(within(cards[0] as HTMLElement).getByTestId('conditional-cancel')));
  await waitFor(() => expect(within(screen.getAllByTestId('conditional-order')[0] as HTMLElement).getByTestId('conditional-state').textContent).toBe('取消'));
  expect(calls.some((c) => c.form.id === '1')).toBe(true);
});

test.each([
  ['tw', '限2026/01/13交易日（收盤失效）'],
  ['jp', '2026/01/13の取引日限り（大引けで失効）'],
  ['en', 'Valid for the trading day 13/01/2026 (expires at its close)'],
] as const)('in %s the trading day an order is valid for reads as the language writes a date', async (lang, told) => {
  installTradeServer({ conditional: () => ok([order({})]) });
  renderTrade(<ConditionalOrders positionId={7} />, { lang });
  expect((await screen.findByTestId('conditional-order')).textContent).toContain(told);
});

test.each([
  ['tw', '已拒絕', '原因：可用資金不足 (所需金額 ¥278,550, 可用資金 ¥1,000)', '所平倉的持倉已全部平倉'],
  ['jp', '発注不可', '理由：買付余力が不足しています (必要額 ¥278,550, 買付余力 ¥1,000)', '対象の建玉が決済されました'],
  ['en', 'Rejected', 'Why: Insufficient buying power (required ¥278,550, buying power ¥1,000)', 'the position it closes was closed'],
] as const)('in %s a rejected leg shows why, with the figures; a leg its closed position ended says so', async (lang, state, figures, closed) => {
  installTradeServer({
    conditional: () =>
      ok([
        order({
          state: 'rejected',
          actions: [],
          legs: [
            leg({
              action: 'open',
              side: 'buy',
              positionId: null,
              state: 'rejected',
              reason: '可用資金不足',
              reasonData: { rule: 'buying-power', required: '278550', buyingPower: '1000' },
            }),
          ],
        }),
        order({ id: 2, state: 'cancelled', actions: [], legs: [leg({ id: 2, state: 'cancelled', reason: 'position-closed' })] }),
      ]),
  });
  renderTrade(<ConditionalOrders />, { lang });
  const cards = await screen.findAllByTestId('conditional-order');
  expect(within(cards[0] as HTMLElement).getByTestId('conditional-state').textContent).toBe(state);
  expect(within(cards[0] as HTMLElement).getByTestId('conditional-reason').textContent).toContain(figures);
  expect(within(cards[1] as HTMLElement).getByTestId('conditional-reason').textContent).toContain(closed);
});

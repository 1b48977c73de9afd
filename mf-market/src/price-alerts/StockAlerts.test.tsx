// Stock details' price alerts: the bell opens the sheet; the form sends the rule the customer
// picked; a refusal from the server shows under the form in the customer's language; the stock's
// alerts show active or fired (time and price).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { resetHost } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { PriceAlertList, PriceAlertView } from '@kabuto/shared-sdk/schemas';
import { installFakeServer, ok, refused, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { MARKET_NS } from '../common/texts';
import { MARKET_TEXTS } from '../translations';
import { StockAlerts } from './StockAlerts';

// The sheet and toasts render outside the page's tree: as in routes.tsx, through React 19's root.
beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));
afterEach(() => resetHost());

const names = { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' };
const fired: PriceAlertView = {
  id: 1,
  code: '7203',
  names,
  kind: 'below',
  price: '2700',
  movePercent: null,
  direction: null,
  state: 'fired',
  armedAt: '2026-11-26T00:00:00.000Z',
  firedAt: '2026-11-26T01:02:03.000Z',
  firedPrice: '2699.5',
  simulated: true,
};
const answer = (list: PriceAlertView[]): PriceAlertList => ({
  list,
  active: list.filter((a) => a.state === 'active').length,
  maxActive: 20,
  movePercentMin: '0.1',
  movePercentMax: '30',
  tick: '0.5',
});

test('sets a % move alert with the chosen direction, shows a refusal, and lists the stock’s alerts', async () => {
  const stored: PriceAlertView[] = [fired];
  const calls = installFakeServer({
    list: () => ok(answer(stored)),
    create: (form) => {
      if (form.movePercent === '45') return refused(MSG.priceAlertMoveOutOfRange);
      const made: PriceAlertView = {
        ...fired,
        id: 2,
        kind: 'move',
        price: null,
        movePercent: form.movePercent ?? '',
        direction: 'up',
        state: 'active',
        firedAt: null,
        firedPrice: null,
      };
      stored.unshift(made);
      return ok(made);
    },
  });
  renderRemotePage(<StockAlerts code="7203" quote={{ last: 27_905, previousClose: 27_500 }} />, { ns: MARKET_NS, texts: MARKET_TEXTS });

  fireEvent.click(await screen.findByTestId('alerts-bell'));
  const sheet = await screen.findByTestId('alerts-sheet');
  const firedRow = await within(sheet).findByTestId('stock-alert-row');
  expect(firedRow.getAttribute('data-state')).toBe('fired');
  expect(firedRow.textContent).toContain('At or below ¥2,700');
  expect(within(firedRow).getByTestId('stock-alert-state').textContent).toMatch(/^Fired .+ at ¥2,699\.5$/);
  expect(sheet.textContent).toContain('Whole ticks of ¥0.5 at this price · last ¥2,790.5');

  fireEvent.click(within(sheet).getByText('% move'));
  fireEvent.click(within(sheet).getByText('Up'));
  const percent = within(within(sheet).getByTestId('alert-percent')).getByRole('textbox');
  fireEvent.change(percent, { target: { value: '45' } });
  fireEvent.click(within(sheet).getByTestId('alert-save'));
  expect((await within(sheet).findByTestId('alert-error')).textContent).toBe('The % move must be between 0.1% and 30% (one decimal place)');

  fireEvent.change(percent, { target: { value: '2.5' } });
  fireEvent.click(within(sheet).getByTestId('alert-save'));
  expect(await within(sheet).findByText('Rises 2.5% from prev. close')).toBeTruthy();
  expect(calls.filter((c) => c.action === 'create').map((c) => c.form)).toEqual([
    { code: '7203', kind: 'move', movePercent: '45', direction: 'up' },
    { code: '7203', kind: 'move', movePercent: '2.5', direction: 'up' },
  ]);
}, 20_000);

test.each([
  ['en', 'The last price ¥2,790.5 already meets this condition: the alert fires as soon as it is set.', 'Change it', 'Set anyway', 'At or above'],
  ['jp', '現在値 ¥2,790.5 はすでにこの条件を満たしています。設定するとすぐに通知されます。', '条件を変更', 'このまま設定', null],
  ['tw', '最新價 ¥2,790.5 已符合此條件，設定後將立即觸發。', '修改條件', '仍要設定', null],
] as const)(
  'in %s, a price the last price already meets is warned about before it is set',
  async (lang, warning, change, setAnyway, aboveLabel) => {
    const stored: PriceAlertView[] = [];
    const calls = installFakeServer({
      list: () => ok(answer(stored)),
      create: (form) => {
        const made: PriceAlertView = { ...fired, id: 3, kind: 'above', price: form.price ?? '', state: 'active', firedAt: null, firedPrice: null };
        stored.unshift(made);
        return ok(made);
      },
    });
    renderRemotePage(<StockAlerts code="7203" quote={{ last: 27_905, previousClose: 27_500 }} />, { ns: MARKET_NS, texts: MARKET_TEXTS }, { lang });

    fireEvent.click(await screen.findByTestId('alerts-bell'));
    const sheet = await screen.findByTestId('alerts-sheet');
    if (aboveLabel) expect(within(sheet).getByText(aboveLabel)).toBeTruthy();
    const price = within(within(sheet).getByTestId('alert-price')).getByRole('textbox');
    fireEvent.change(price, { target: { value: '2700' } });
    fireEvent.click(within(sheet).getByTestId('alert-save'));
    expect(await screen.findByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByText(change));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    expect(calls.filter((c) => c.action === 'create')).toHaveLength(0);

    fireEvent.click(within(sheet).getByTestId('alert-save'));
    fireEvent.click(await screen.findByText(setAnyway));
    await waitFor(() => expect(calls.filter((c) => c.action === 'create').map((c) => c.form)).toEqual([{ code: '7203', kind: 'above', price: '2700' }]));
  },
  20_000,
);

test('a price not yet reached is set without a warning', async () => {
  const calls = installFakeServer({
    list: () => ok(answer([])),
    create: (form) => ok({ ...fired, id: 4, kind: 'above', price: form.price ?? '', state: 'active' }),
  });
  renderRemotePage(<StockAlerts code="7203" quote={{ last: 27_905, previousClose: 27_500 }} />, { ns: MARKET_NS, texts: MARKET_TEXTS });
  fireEvent.click(await screen.findByTestId('alerts-bell'));
  const sheet = await screen.findByTestId('alerts-sheet');
  fireEvent.change(within(within(sheet).getByTestId('alert-price')).getByRole('textbox'), { target: { value: '2900' } });
  fireEvent.click(within(sheet).getByTestId('alert-save'));
  await waitFor(() => expect(calls.filter((c) => c.action === 'create')).toHaveLength(1));
  expect(screen.queryByText(/already meets/)).toBeNull();
}, 20_000);

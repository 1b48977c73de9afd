// Stock details' price alerts: the bell opens the sheet; the form sends the rule the customer
// picked; a refusal from the server shows under the form in the customer's language; the stock's
// alerts show active or fired (time and price).
import { fireEvent, screen, within } from '@testing-library/react';
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

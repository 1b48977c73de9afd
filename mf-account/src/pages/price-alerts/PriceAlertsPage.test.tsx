import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { resetHost } from '@kabuto/shared-sdk';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';
import type { PriceAlertList } from '@kabuto/shared-sdk/schemas';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { renderPage, success } from '../../test-utils/render-page';
import PriceAlertsPage from './PriceAlertsPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
const send = jest.mocked(request);

const names = { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' };
function list(deleted: number[] = []): PriceAlertList {
  const all: PriceAlertList['list'] = [
    {
      id: 2,
      code: '7203',
      names,
      kind: 'move',
      price: null,
      movePercent: '2.5',
      direction: 'down',
      state: 'active',
      armedAt: '2026-11-26T01:00:00.000Z',
      firedAt: null,
      firedPrice: null,
      simulated: true,
    },
    {
      id: 1,
      code: '7203',
      names,
      kind: 'above',
      price: '2790.5',
      movePercent: null,
      direction: null,
      state: 'fired',
      armedAt: '2026-11-26T00:00:00.000Z',
      firedAt: '2026-11-26T01:02:03.000Z',
      firedPrice: '2791',
      simulated: true,
    },
  ];
  const left = all.filter((a) => !deleted.includes(a.id));
  return { list: left, active: left.filter((a) => a.state === 'active').length, maxActive: 20, movePercentMin: '0.1', movePercentMax: '30', tick: null };
}

// Dialog.confirm renders outside the page's tree: as in routes.tsx, through React 19's root.
beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));
beforeEach(() => send.mockReset());
afterEach(() => resetHost());

test('every alert with its rule and state: active, or fired with the trade price; delete asks first and removes it', async () => {
  const deleted: number[] = [];
  send.mockImplementation(async (group, action, params) => {
    expect(group).toBe('alerts');
    if (action === 'list') return success(list(deleted));
    if (action === 'delete') {
      deleted.push(Number((params as { id: number }).id));
      return success(null);
    }
    throw new Error(`unexpected call ${action}`);
  });
  renderPage(<PriceAlertsPage />, 'en');
  const rows = await screen.findAllByTestId('price-alert-row');
  expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['active', 'fired']);
  expect(rows[0]!.textContent).toContain('Falls 2.5% from prev. close');
  expect(rows[1]!.textContent).toContain('At or above ¥2,790.5');
  expect(within(rows[1]!).getByTestId('price-alert-state').textContent).toMatch(/^Fired .+ at ¥2,791$/);
  expect(screen.getByTestId('price-alerts-count').textContent).toBe('Active: 1 of 20');

  fireEvent.click(within(rows[1]!).getByTestId('price-alert-delete'));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByText('Delete'));
  await waitFor(() => expect(screen.getAllByTestId('price-alert-row')).toHaveLength(1));
  expect(deleted).toEqual([1]);
}, 20_000);

test('in Japanese, with nothing set yet, it says how to set one', async () => {
  send.mockImplementation(async () => success({ ...list([1, 2]) }));
  renderPage(<PriceAlertsPage />, 'jp');
  expect(await screen.findByText('株価アラートはまだありません。銘柄ページのベルから設定できます。')).toBeTruthy();
});

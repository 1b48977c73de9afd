// The trust pages as the customer uses them: the list with each trust's last NAV and fee; the
// detail with the NAV chart, the holdings and cash of the last NAV, the fee's worked example, my
// units and pending requests; a subscription sent with the fund password and its blind-pricing
// note; a redemption refused in the catalogue's words with its figures; a pending request cancelled
// after a confirm (then shown cancelled), and a cancel refused with the server's words; a
// redemption priced at its NAV but still owed (no cancel, the trust's payable shown); jp and tw.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setPlatformAPI } from 'echarts/core';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TrustDetail, TrustMine, TrustView } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, refused, renderTrade, yen, type Handler } from '../../test-utils/render-trade';
import TrustPage from './TrustPage';
import TrustsPage from './TrustsPage';

afterEach(() => resetHost());
afterAll(() => jest.restoreAllMocks());
beforeAll(() => {
  // ECharts measures its box and its labels; jsdom has neither.
  setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 6 }) });
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
});

const view: TrustView = {
  id: 3,
  name: 'Dip Trust',
  strategyId: 7,
  strategyName: 'Steady Toyota',
  status: 'open',
  feePercentPerYear: '1.00',
  feeBpPerYear: 100,
  minimum: yen('100000'),
  last: { date: '2026-12-02', nav: yen('10123'), netAssets: yen('1012300'), units: '1000000' },
  feesAccrued: yen('82'),
  simulated: true,
};
const detail: TrustDetail = {
  ...view,
  history: [
    { date: '2026-12-01', nav: yen('10000'), netAssets: yen('1000000'), units: '1000000' },
    { date: '2026-12-02', nav: yen('10123'), netAssets: yen('1012300'), units: '1000000' },
  ],
  holdings: [{ code: '7203', name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' }, shares: 300, price: '2950.0', value: yen('885000') }],
  cash: yen('127382'),
  payable: yen('0'),
  feeLastNav: yen('27'),
  feeExample: { base: yen('1000000'), perDay: yen('27'), perYear: yen('10000') },
  createdAt: '2026-12-01T01:00:00.000Z',
};
const mine = (patch: Partial<TrustMine> = {}): TrustMine => ({
  trustId: 3,
  units: '500000',
  redeemable: '500000',
  value: yen('506150'),
  requests: [
    {
      id: 11,
      kind: 'subscribe',
      status: 'filled',
      navDate: '2026-12-01',
      amount: yen('500000'),
      units: null,
      nav: yen('10000'),
      filledUnits: '500000',
      cash: yen('500000'),
      refund: yen('0'),
      createdAt: '2026-12-01T01:00:00.000Z',
      filledAt: '2026-12-01T07:00:00.000Z',
      cancelUntil: null,
    },
  ],
  simulated: true,
  ...patch,
});

/** antd-mobile puts the test id on the input's wrapper. */
function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
}

/** The trust calls are strategy/trust/<action>: handlers by that action (list, detail, mine, subscribe, redeem). */
function installTrustServer(handlers: Record<string, Handler>) {
  return installTradeServer(Object.fromEntries(Object.entries(handlers).map(([action, handler]) => [`trust/${action}`, handler])));
}

it('lists the trusts with the strategy followed, the last NAV, the fee and the minimum', async () => {
  installTrustServer({ list: () => ok({ list: [view, { ...view, id: 4, name: 'New Trust', last: null }], simulated: true }) });
  renderTrade(<TrustsPage />);
  const cards = await screen.findAllByTestId('trust-card');
  expect(cards).toHaveLength(2);
  expect(cards[0]?.textContent).toContain('Follows the strategy "Steady Toyota"');
  expect(cards[0]?.textContent).toContain('NAV ¥10,123 per 10,000 units');
  expect(cards[0]?.textContent).toContain('1.00% a year');
  expect(cards[0]?.textContent).toContain('¥100,000');
  expect(cards[0]?.getAttribute('href')).toBe('/pages/common/trust?id=3');
  expect(cards[1]?.textContent).toContain('No NAV yet');
  expect(screen.getByTestId('trust-simulated').textContent).toContain('Simulated');
});

it('shows the NAV chart, holdings, fee example and my units; subscribes with the fund password at the next NAV', async () => {
  let pending = false;
  const calls = installTrustServer({
    detail: () => ok(detail),
    mine: () =>
      ok(
        pending
          ? mine({
              requests: [
                {
                  id: 12,
                  kind: 'subscribe',
                  status: 'pending',
                  navDate: '2026-12-03',
                  amount: yen('200000'),
                  units: null,
                  nav: null,
                  filledUnits: null,
                  cash: null,
                  refund: null,
                  createdAt: '2026-12-03T01:00:00.000Z',
                  filledAt: null,
                  cancelUntil: '2026-12-03T06:30:00.000Z',
                },
                ...mine().requests,
              ],
            })
          : mine(),
      ),
    subscribe: () => {
      pending = true;
      return ok(mine());
    },
  });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3' });
  expect((await screen.findByTestId('trust-nav')).textContent).toContain('¥10,123');
  expect(screen.getByTestId('trust-nav-chart').getAttribute('data-points')).toBe('2');
  const holding = screen.getByTestId('trust-holding');
  expect(holding.textContent).toContain('7203 Toyota Motor');
  expect(holding.textContent).toContain('300 shares at ¥2,950.0');
  expect(holding.textContent).toContain('¥885,000');
  expect(screen.getByTestId('trust-cash').textContent).toBe('¥127,382');
  expect(screen.getByTestId('trust-fee-example').textContent).toContain('on ¥1,000,000 that is ¥27 a day, ¥10,000 a year');
  expect(screen.getByTestId('trust-my-units').textContent).toBe('500,000 units');
  expect(screen.getByTestId('trust-request').textContent).toContain('Filled at NAV ¥10,000');
  expect(screen.getByTestId('trust-blind').textContent).toContain('NEXT NAV');

  const form = screen.getByTestId('trust-subscribe-form');
  expect(form.textContent).toContain('Minimum subscription: ¥100,000');
  type('trust-subscribe-value', '200000');
  type('trust-subscribe-fund-password', '123456');
  fireEvent.click(screen.getByTestId('trust-subscribe-submit'));
  await screen.findByTestId('trust-subscribe-accepted');
  const sent = calls.find((c) => c.action === 'trust/subscribe');
  expect(sent?.form).toMatchObject({ id: '3', amount: '200000', fundPassword: '123456' });
  expect(sent?.form.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  await waitFor(() => expect(screen.getAllByTestId('trust-request').map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'filled']));
  expect(screen.getAllByTestId('trust-request')[0]?.textContent).toContain('Pending: priced at the NAV of');
});

it('shows a redemption refused in the catalogue’s words', async () => {
  installTrustServer({
    detail: () => ok(detail),
    mine: () => ok(mine()),
    redeem: () => refused(MSG.trustUnitsInsufficient, { rule: 'units-held', units: '600000', held: '500000' }),
  });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3' });
  const form = await screen.findByTestId('trust-redeem-form');
  expect(form.textContent).toContain('Redeemable now: 500,000 units');
  type('trust-redeem-value', '600000');
  type('trust-redeem-fund-password', '123456');
  fireEvent.click(screen.getByTestId('trust-redeem-submit'));
  expect((await screen.findByTestId('trust-redeem-error')).textContent).toContain('Not enough trust units held');
});

const pendingRedeem = (status: 'pending' | 'cancelled') => ({
  id: 13,
  kind: 'redeem' as const,
  status,
  navDate: '2026-12-03',
  amount: null,
  units: '100000',
  nav: null,
  filledUnits: null,
  cash: null,
  refund: null,
  createdAt: '2026-12-03T01:00:00.000Z',
  filledAt: null,
  cancelUntil: status === 'pending' ? '2026-12-03T06:30:00.000Z' : null,
});

it('cancels a pending request after a confirm; it then shows as cancelled', async () => {
  let cancelled = false;
  const calls = installTrustServer({
    detail: () => ok(detail),
    mine: () => ok(mine({ redeemable: cancelled ? '500000' : '400000', requests: [pendingRedeem(cancelled ? 'cancelled' : 'pending'), ...mine().requests] })),
    cancel: () => {
      cancelled = true;
      return ok(mine());
    },
  });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3' });
  // Only the pending request can be cancelled.
  expect(await screen.findAllByTestId('trust-request-cancel')).toHaveLength(1);
  fireEvent.click(screen.getByTestId('trust-request-cancel'));
  // Asked once, saying what happens to the units and until when.
  const confirm = screen.getByTestId('trust-cancel-confirm');
  expect(confirm.textContent).toContain('Its 100,000 units become redeemable again');
  expect(confirm.textContent).toContain('until 15:30 (JST)');
  fireEvent.click(screen.getByTestId('trust-cancel-no'));
  expect(calls.some((c) => c.action === 'trust/cancel')).toBe(false);
  fireEvent.click(screen.getByTestId('trust-request-cancel'));
  fireEvent.click(screen.getByTestId('trust-cancel-yes'));
  await waitFor(() => expect(screen.getAllByTestId('trust-request')[0]?.getAttribute('data-status')).toBe('cancelled'));
  const sent = calls.find((c) => c.action === 'trust/cancel');
  expect(sent?.form).toMatchObject({ id: '13' });
  expect(sent?.form.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(sent?.form.fundPassword).toBeUndefined();
  expect(screen.getAllByTestId('trust-request')[0]?.textContent).toContain('Cancelled by you before its NAV');
  expect(screen.queryByTestId('trust-request-cancel')).toBeNull();
  expect(screen.getByTestId('trust-redeem-form').textContent).toContain('Redeemable now: 500,000 units');
});

it('shows a cancel refused past the cut-off in the server’s words', async () => {
  installTrustServer({
    detail: () => ok(detail),
    mine: () => ok(mine({ requests: [pendingRedeem('pending'), ...mine().requests] })),
    cancel: () => refused(MSG.trustCancelPastCutoff, { rule: 'cancel-cutoff', id: 13, navDate: '2026-12-03', cutoff: '2026-12-03T06:30:00.000Z' }),
  });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3', lang: 'jp' });
  fireEvent.click(await screen.findByTestId('trust-request-cancel'));
  expect(screen.getByTestId('trust-cancel-confirm').textContent).toContain('口が再び解約可能になります');
  fireEvent.click(screen.getByTestId('trust-cancel-yes'));
  expect((await screen.findByTestId('trust-cancel-error')).textContent).toContain('取消の締切（基準価額日の大引け）を過ぎています');
});

it('shows a redemption priced at its NAV but not yet paid, and the trust’s payable beside its cash', async () => {
  const priced = {
    ...pendingRedeem('pending'),
    status: 'priced' as const,
    navDate: '2026-12-02',
    nav: yen('10123'),
    filledUnits: '100000',
    cash: yen('101230'),
    cancelUntil: null,
  };
  installTrustServer({
    detail: () => ok({ ...detail, cash: yen('27382'), payable: yen('101230') }),
    mine: () => ok(mine({ units: '400000', redeemable: '400000', requests: [priced, ...mine().requests] })),
  });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3' });
  const row = (await screen.findAllByTestId('trust-request'))[0];
  expect(row?.getAttribute('data-status')).toBe('priced');
  expect(row?.textContent).toContain('Priced at the NAV of');
  expect(row?.textContent).toContain("(¥10,123): ¥101,230, paid once the trust's sales cover it");
  // Priced is no longer pending: nothing to cancel.
  expect(screen.queryByTestId('trust-request-cancel')).toBeNull();
  expect(screen.getByTestId('trust-payable').textContent).toBe('−¥101,230');
  expect(screen.getByTestId('trust-cash').textContent).toBe('¥27,382');
});

it('shows no payable line when the trust owes nothing', async () => {
  installTrustServer({ detail: () => ok(detail), mine: () => ok(mine()) });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3' });
  await screen.findByTestId('trust-cash');
  expect(screen.queryByTestId('trust-payable')).toBeNull();
});

it('speaks Japanese', async () => {
  installTrustServer({ detail: () => ok(detail), mine: () => ok(mine()) });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3', lang: 'jp' });
  expect((await screen.findByTestId('trust-nav')).textContent).toContain('基準価額 ¥10,123（1万口あたり）');
  expect(screen.getByTestId('trust-my-units').textContent).toBe('500,000 口');
  expect(screen.getByTestId('trust-fee').textContent).toContain('信託報酬');
});

it('speaks Traditional Chinese', async () => {
  installTrustServer({ detail: () => ok(detail), mine: () => ok(mine()) });
  renderTrade(<TrustPage />, { path: '/pages/common/trust?id=3', lang: 'tw' });
  expect((await screen.findByTestId('trust-nav')).textContent).toContain('基準價格 ¥10,123（每萬單位）');
  expect(screen.getByTestId('trust-my-units').textContent).toBe('500,000 單位');
});

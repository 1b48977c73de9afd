import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponsAnswer, CouponView } from '@kabuto/shared-sdk/schemas';
import { okAnswer, refusedAnswer, prepareScreenTests, renderScreen, type SentCall } from '../testing/render-screen';
import { RewardsPage } from './rewards';

prepareScreenTests();

const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });
const coupon = (id: number, state: CouponView['state']): CouponView => ({
  id,
  kind: 'cash',
  source: 'campaign',
  sourceDetail: 'winter',
  value: yen('500'),
  minOrderValue: null,
  expiresOn: '2026-12-31',
  state,
  usedAt: state === 'used' ? '2026-12-02T01:00:00.000Z' : null,
  usedFor: state === 'used' ? 'journal:12' : null,
  orderPositionId: null,
});

function fillGrant(accounts: string) {
  fireEvent.change(screen.getByTestId('grant-accounts'), { target: { value: accounts } });
  fireEvent.change(screen.getByTestId('grant-value'), { target: { value: '500' } });
  fireEvent.change(screen.getByTestId('grant-expires'), { target: { value: '2026-12-31' } });
  fireEvent.change(screen.getByTestId('grant-campaign'), { target: { value: 'winter' } });
  fireEvent.change(screen.getByTestId('grant-reason'), { target: { value: 'winter campaign' } });
}

describe('the reward campaigns screen', () => {
  it('grants one coupon per account through the campaign call, each answer or refusal against its account (in jp)', async () => {
    const { sent } = renderScreen(<RewardsPage />, {
      role: 'approver',
      lang: 'jp',
      respond: (call) => {
        if (call.url !== '/api/ops/rewards/campaign') return undefined;
        const { account } = call.body as { account: string };
        return account === '0901234567' ? okAnswer(coupon(9, 'usable'), MSG.couponGranted) : refusedAnswer(MSG.couponAlreadyGranted);
      },
    });
    const submit = screen.getByTestId('grant-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fillGrant('0901234567, 0907654321');
    fireEvent.click(submit);
    const granted = await screen.findByTestId('granted-0901234567');
    expect(granted.textContent).toBe('クーポン #9 を付与：500 JPY、2026-12-31 まで利用可能');
    expect((await screen.findByTestId('refused-0907654321')).textContent).toContain('このお客様はこのキャンペーンのクーポンを受け取り済みです');
    const base = { kind: 'cash', value: '500', expiresOn: '2026-12-31', campaign: 'winter', reason: 'winter campaign' };
    expect(sent.filter((c: SentCall) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/ops/rewards/campaign', body: { ...base, account: '0901234567' } },
      { method: 'POST', url: '/api/ops/rewards/campaign', body: { ...base, account: '0907654321' } },
    ]);
  });

  it('lists a customer’s coupons by state, found by account', async () => {
    const answer: CouponsAnswer = { usable: [coupon(9, 'usable')], used: [coupon(8, 'used')], expired: [] };
    const { sent } = renderScreen(<RewardsPage />, {
      role: 'viewer',
      respond: (call) => {
        if (call.url === '/api/ops/users/0901234567') return okAnswer({ id: 5, account: '0901234567' });
        if (call.url === '/api/ops/rewards/customers/5/coupons') return okAnswer(answer);
        return undefined;
      },
    });
    fireEvent.change(screen.getByTestId('coupons-account'), { target: { value: '0901234567' } });
    fireEvent.click(screen.getByTestId('coupons-search'));
    const table = screen.getByTestId('coupons-table');
    const used = (await within(table).findByText('journal:12', { exact: false })).closest('tr') as HTMLElement;
    expect(within(used).getByText('Used')).toBeTruthy();
    expect(within(used).getByText('500 JPY')).toBeTruthy();
    expect(within(table).getByText('Usable')).toBeTruthy();
    expect(within(table).getAllByText('Campaign (winter)')).toHaveLength(2);
    expect(sent.map((c) => c.url)).toEqual(['/api/ops/users/0901234567', '/api/ops/rewards/customers/5/coupons']);
  });

  it('for a reviewer, disables the grant with the role it needs', async () => {
    renderScreen(<RewardsPage />, { role: 'reviewer', respond: () => undefined });
    const submit = () => screen.getByTestId('grant-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit().closest('.ops-disabled-with-reason')?.getAttribute('aria-label')).toBe('needs approver (you are reviewer)'));
    expect(submit().disabled).toBe(true);
  });
});

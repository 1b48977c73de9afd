import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@kabuto/shared-sdk/messages';
import { TRUST_FEE_MAX_BP, type TrustView } from '@kabuto/shared-sdk/schemas';
import { okAnswer, refusedAnswer, prepareScreenTests, renderScreen } from '../testing/render-screen';
import { TrustsPage } from './trusts';

prepareScreenTests();

const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });
const trust = (id: number, last: TrustView['last']): TrustView => ({
  id,
  name: `Trust ${id}`,
  strategyId: 7,
  strategyName: 'Toyota steady',
  status: 'open',
  feePercentPerYear: '1.00',
  feeBpPerYear: 100,
  minimum: yen('10000'),
  last,
  feesAccrued: yen('27'),
  simulated: true,
});

describe('the investment trusts screen', () => {
  it('lists each trust with its last NAV as the server sent it, or says there is none yet (in jp)', async () => {
    renderScreen(<TrustsPage />, {
      role: 'viewer',
      lang: 'jp',
      respond: (call) =>
        call.method === 'GET' && call.url.startsWith('/api/ops/trusts')
          ? okAnswer({ list: [trust(1, { date: '2027-01-05', nav: yen('10021'), netAssets: yen('1002100'), units: '1000000' }), trust(2, null)] })
          : undefined,
    });
    const table = await screen.findByTestId('trusts-table');
    await waitFor(() => expect(within(table).getByText('Trust 1')).toBeTruthy());
    expect(within(table).getByText(/2027-01-05：.*10,021.*純資産.*1,002,100.*1000000 口/)).toBeTruthy();
    expect(within(table).getByText('基準価額はまだありません')).toBeTruthy();
    expect(within(table).getAllByText('#7 Toyota steady')).toHaveLength(2);
    expect(screen.getByTestId('trusts-simulated').textContent).toContain('模擬市場');
    // A viewer cannot set a trust up: the button is there, disabled.
    expect((screen.getByTestId('trust-form-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sets a trust up with the typed figures and the reason, and shows the server’s refusal as it comes', async () => {
    let refuse = true;
    const { sent } = renderScreen(<TrustsPage />, {
      role: 'approver',
      respond: (call) => {
        if (call.method === 'GET') return okAnswer({ list: [] });
        if (call.url !== '/api/ops/trusts') return undefined;
        return refuse ? refusedAnswer(MSG.trustFeeInvalid) : okAnswer(trust(3, null), MSG.trustCreated);
      },
    });
    const submit = (await screen.findByTestId('trust-form-submit')) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    const fill = () => {
      fireEvent.change(screen.getByLabelText('Strategy id'), { target: { value: '7' } });
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Steady fund' } });
      fireEvent.change(screen.getByLabelText('Fee (bp a year)'), { target: { value: '400' } });
      fireEvent.change(screen.getByLabelText('Minimum subscription'), { target: { value: '10000' } });
      fireEvent.change(screen.getByTestId('trust-reason'), { target: { value: 'winter product' } });
    };
    fill();
    fireEvent.click(submit);
    // The refusal names the rule and its cap (the schema's constant).
    expect((await screen.findByText(/^The trust fee must be a whole number of basis points a year/)).textContent).toContain(`0 to ${TRUST_FEE_MAX_BP}`);
    const body = { strategyId: 7, name: 'Steady fund', feeBpPerYear: 400, minimumYen: '10000', reason: 'winter product' };
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/ops/trusts', body }]));
    refuse = false;
    fireEvent.change(screen.getByLabelText('Fee (bp a year)'), { target: { value: '100' } });
    fireEvent.click(submit);
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(sent.filter((c) => c.method === 'POST')[1]?.body).toEqual({ ...body, feeBpPerYear: 100 });
  });
});

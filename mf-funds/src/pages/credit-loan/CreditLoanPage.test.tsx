// The pj page against a fake server: the state the server reports as its banner and the
// gauge's zone, the borrow form's own checks before anything is sent, and a server refusal
// shown as it comes with the figures it named.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG, messageText, resetHost } from '@kabuto/shared-sdk';
import type { CreditSummary } from '@kabuto/shared-sdk/schemas';
import { installFakeServer, ok, refused, renderRemotePage, yen } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../common/texts';
import { FUNDS_TEXTS } from '../../translations';
import CreditLoanPage from './CreditLoanPage';

const SUMMARY: CreditSummary = {
  creditLine: yen('1500000'),
  borrowable: yen('0'),
  principal: yen('1400000'),
  accruedInterest: yen('1234'),
  outstanding: yen('1401234'),
  collateralValue: yen('1900000'),
  ratioBp: 7375,
  marks: { drawLimitBp: 6000, shortfallBp: 7000, forcedSaleBp: 8500 },
  state: 'shortfall',
  shortfall: { amountToCure: yen('260000'), deadline: '2026-12-04', noticeAt: '2026-11-27T06:30:00.000Z' },
  score: {
    score: 80,
    max: 100,
    base: 60,
    inputs: [{ name: 'verified-identity', value: 'true', points: 20 }],
    loanThreshold: 70,
    withdrawThreshold: 40,
    restricted: false,
  },
  rules: {
    minimum: yen('100000'),
    step: yen('10000'),
    ltvBp: 6000,
    concentratedLtvBp: 5000,
    concentrationBp: 7000,
    shortfallDays: 5,
    forcedSale: 'all-collateral',
  },
  interest: {
    tiers: [
      { upTo: yen('1000000'), ratePercent: '3.875', ratePpm: 38750 },
      { upTo: null, ratePercent: '2.875', ratePpm: 28750 },
    ],
    dayBasis: 365,
    bandBalance: 'previous-month-end',
    currentRatePercent: '2.875',
    capitalised: 'monthly',
  },
  ltvBp: 5000,
  collateral: [{ code: '7203', name: 'トヨタ自動車', quantity: 1000, previousClose: '1900', value: yen('1900000'), eligible: true, excludedReason: null }],
  pending: null,
  active: null,
  lender: { name: 'Partner Bank (simulated)', agent: 'Kabuto (simulated agent)', simulated: true },
  excludedFromBuyingPower: yen('0'),
};

afterEach(() => resetHost());

function open(handlers: Parameters<typeof installFakeServer>[0]) {
  const calls = installFakeServer({ summary: () => ok(SUMMARY), info: () => ok({ hasFundPassword: true }), ...handlers });
  renderRemotePage(<CreditLoanPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS });
  return calls;
}

describe('the credit loan page', () => {
  it('shows the shortfall the server reports with the amount to cure and its deadline, the gauge in its zone', async () => {
    open({});
    const banner = await screen.findByTestId('credit-banner-shortfall');
    expect(banner.textContent).toContain('¥260,000');
    expect(banner.textContent).toContain('04/12/2026');
    expect(screen.getByTestId('credit-gauge').getAttribute('data-zone')).toBe('shortfall');
    expect(screen.getByTestId('credit-ratio-value').textContent).toBe('73.75%');
    expect(screen.getByTestId('borrow-hint').textContent).toContain('Nothing can be borrowed now');
  });

  it('shows no ratio without a loan, though the server answers 0 on the collateral', async () => {
    installFakeServer({ summary: () => ok({ ...SUMMARY, state: 'none', ratioBp: 0, shortfall: null, principal: yen('0'), outstanding: yen('0') }) });
    renderRemotePage(<CreditLoanPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS });
    await screen.findByTestId('credit-ratio');
    expect(screen.getByTestId('credit-gauge').getAttribute('data-zone')).toBe('none');
    expect(screen.getByTestId('credit-ratio-value').textContent).toBe('—');
    expect(screen.queryByTestId('credit-banner-none')).toBeNull();
  });

  it('shows the rules inline with the published numbers, the forced sale said to be final', async () => {
    open({});
    fireEvent.click(await screen.findByTestId('credit-rules-open'));
    const rules = await screen.findByTestId('credit-rules');
    expect(rules.textContent).toContain('A forced sale cannot be undone.');
    expect(rules.textContent).toContain('Applications from ¥100,000, in steps of ¥10,000');
    expect(rules.textContent).toContain('a deadline of 5 business days');
  });

  it('checks the borrow amount before sending anything', async () => {
    const calls = open({});
    await screen.findByTestId('borrow-form');
    fireEvent.change(within('borrow-amount'), { target: { value: '105000' } });
    fireEvent.change(within('borrow-fund-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('borrow-submit'));
    expect((await screen.findByTestId('borrow-error')).textContent).toBe(messageText('loanAmountNotStep', 'en'));
    expect(calls.map((c) => c.action)).not.toContain('apply');
  });

  it('shows a repayment refusal as the server sends it, with both figures', async () => {
    const calls = open({ repay: () => refused(MSG.repaymentExceedsLoan, { rule: 'repay-at-most-outstanding', amount: '1000000', outstanding: '900000' }) });
    await screen.findByTestId('repay-form');
    fireEvent.change(within('repay-amount'), { target: { value: '1000000' } });
    fireEvent.change(within('repay-fund-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('repay-submit'));
    const error = await screen.findByTestId('repay-error');
    expect(error.textContent).toBe(`${messageText('repaymentExceedsLoan', 'en')} · asked ¥1,000,000, owed ¥900,000`);
    await waitFor(() => expect(calls.find((c) => c.action === 'repay')?.form).toMatchObject({ amount: '1000000', fundPassword: '246810' }));
  });
});

function within(testId: string): HTMLInputElement {
  const host = screen.getByTestId(testId);
  const input = host instanceof HTMLInputElement ? host : host.querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  return input;
}

// Dividends received and one payment's breakdown against a fake server.
import { screen, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { installFakeServer, ok, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../../common/texts';
import { PAYMENT, pageOf } from '../../../test-utils/dividend-fixtures';
import { layOutPagedLists } from '../../../test-utils/infinite-scroll';
import { FUNDS_TEXTS } from '../../../translations';
import PaymentPage from './PaymentPage';
import ReceivedPage from './ReceivedPage';

afterEach(() => resetHost());
layOutPagedLists();

describe('dividends received', () => {
  it('lists each payment with its net, gross and state', async () => {
    const calls = installFakeServer({ received: () => ok(pageOf([PAYMENT, { ...PAYMENT, id: '6', state: 'receivable', paidAt: null }])) });
    renderRemotePage(<ReceivedPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { lang: 'tw' });
    const rows = await screen.findAllByTestId('dividend-payment');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['paid', 'receivable']);
    expect(within(rows.at(0) as HTMLElement).getByTestId('dividend-payment-net').textContent).toBe('¥15,937');
    expect(rows.at(0)?.textContent).toContain('500 股 × ¥40.0 · 稅前 ¥20,000');
    expect(screen.getByTestId('dividend-tab-received').textContent).toBe('已收');
    expect(calls[0]).toEqual({ action: 'received', form: { page: '1', size: '20' } });
  });
});

describe('one dividend payment', () => {
  it('shows gross, income tax, resident tax and net to the yen, the dates and the postings', async () => {
    const calls = installFakeServer({ payment: () => ok(PAYMENT) });
    renderRemotePage(<PaymentPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?id=5' });
    await screen.findByTestId('payment-breakdown');
    expect(screen.getByTestId('amount-gross').textContent).toBe('¥20,000');
    expect(screen.getByTestId('amount-income-tax').textContent).toBe('-¥3,063');
    expect(screen.getByTestId('amount-resident-tax').textContent).toBe('-¥1,000');
    expect(screen.getByTestId('amount-net').textContent).toBe('¥15,937');
    expect(screen.getByTestId('payment-shares').textContent).toBe('500 shares');
    expect(screen.getByTestId('dividend-no-nisa').textContent).toContain('no NISA');
    expect(screen.getByTestId('date-ex').textContent).toBe('29/09/2026');
    const postings = screen.getAllByTestId('dividend-posting');
    expect(postings.map((p) => p.getAttribute('data-step'))).toEqual(['receivable', 'payment', 'payment']);
    expect(postings.at(1)?.textContent).toContain('+¥15,937');
    expect(postings.at(1)?.textContent).toContain('Journal 140 · Your cash');
    expect(postings.at(2)?.textContent).toContain('Income tax payable');
    expect(calls[0]).toEqual({ action: 'payment', form: { id: '5' } });
  });

  it('says when the net is still a receivable, and a lent-share payment withholds income tax only', async () => {
    installFakeServer({
      payment: () => ok({ ...PAYMENT, state: 'receivable', paidAt: null, basis: 'lent', residentTax: { currency: 'JPY', minor: '0', amount: '0' } }),
    });
    renderRemotePage(<PaymentPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?id=5' });
    const note = await screen.findByTestId('payment-receivable-note');
    expect(note.textContent).toBe('Receivable: the net amount is paid into cash on 01/12/2026.');
    expect(screen.getByTestId('payment-breakdown').textContent).toContain('Resident tax (0 %)');
    expect(screen.getByTestId('payment-breakdown').textContent).toContain('income tax 15.315 % only');
  });
});

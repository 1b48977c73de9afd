// Margin dividend adjustments: the list and one adjustment against a fake server.
import { fireEvent, screen, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { installFakeServer, ok, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../../common/texts';
import { ADJUSTMENT, pageOf } from '../../../test-utils/dividend-fixtures';
import { layOutPagedLists } from '../../../test-utils/infinite-scroll';
import { FUNDS_TEXTS } from '../../../translations';
import AdjustmentPage from './AdjustmentPage';
import AdjustmentsPage from './AdjustmentsPage';

afterEach(() => resetHost());
layOutPagedLists();

describe('margin dividend adjustments', () => {
  it('shows a short paying in the down colour, and filters by side', async () => {
    const calls = installFakeServer({ adjustments: () => ok(pageOf([ADJUSTMENT])) });
    renderRemotePage(<AdjustmentsPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS });
    const row = await screen.findByTestId('dividend-adjustment');
    expect(row.getAttribute('data-side')).toBe('short');
    expect(within(row).getByText('-¥4,000').getAttribute('data-direction')).toBe('down');
    expect(row.textContent).toContain('100 shares × ¥40.0 × 100 %');
    fireEvent.click(within(screen.getByTestId('adjustments-filter')).getByText('Paid'));
    await screen.findAllByTestId('dividend-adjustment');
    expect(calls.map((c) => c.form.side)).toEqual([undefined, 'short']);
  });

  it('shows one adjustment with its rate, amount and postings', async () => {
    installFakeServer({ adjustment: () => ok(ADJUSTMENT) });
    renderRemotePage(<AdjustmentPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { lang: 'jp', path: '/x?id=7' });
    const card = await screen.findByTestId('adjustment-breakdown');
    expect(card.textContent).toContain('支払（信用売建）');
    expect(card.textContent).toContain('一般信用');
    expect(screen.getByTestId('adjustment-rate').textContent).toBe('100 %');
    expect(screen.getByTestId('adjustment-amount').textContent).toBe('-¥4,000');
    expect(screen.getAllByTestId('dividend-posting').map((p) => p.getAttribute('data-step'))).toEqual(['reserve']);
  });
});

// Splits and perks against a fake server.
import { screen } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { installFakeServer, ok, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../../common/texts';
import { ACTION, pageOf } from '../../../test-utils/dividend-fixtures';
import { layOutPagedLists } from '../../../test-utils/infinite-scroll';
import { FUNDS_TEXTS } from '../../../translations';
import ActionPage from './ActionPage';
import ActionsPage from './ActionsPage';

afterEach(() => resetHost());
layOutPagedLists();

describe('splits', () => {
  it('lists my splits with the shares before and after', async () => {
    const calls = installFakeServer({ actions: () => ok(pageOf([ACTION])) });
    renderRemotePage(<ActionsPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS });
    const row = await screen.findByTestId('corporate-action');
    expect(row.textContent).toContain('1 → 5 split');
    expect(row.textContent).toContain('Shares 100 → 500');
    expect(calls[0]).toEqual({ action: 'actions', form: { page: '1', size: '20', scope: 'mine' } });
  });

  it('shows one split: shares, price before and after, the orders it cancelled', async () => {
    installFakeServer({ action: () => ok(ACTION) });
    renderRemotePage(<ActionPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?id=3' });
    await screen.findByTestId('action-breakdown');
    expect(screen.getByTestId('action-shares').textContent).toBe('Shares 100 → 500');
    expect(screen.getByTestId('action-price').textContent).toBe('Price ¥14,500.0 → ¥2,900.0');
    expect(screen.getByTestId('action-cancelled').textContent).toContain('Order 88 · buy 100 shares · ¥14,000.0');
  });
});

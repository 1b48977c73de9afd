import { screen } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { installFakeServer, ok, renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { FUNDS_NS } from '../../../common/texts';
import { PERK, pageOf } from '../../../test-utils/dividend-fixtures';
import { layOutPagedLists } from '../../../test-utils/infinite-scroll';
import { FUNDS_TEXTS } from '../../../translations';
import PerkPage from './PerkPage';
import PerksPage from './PerksPage';

afterEach(() => resetHost());
layOutPagedLists();

describe('shareholder perks', () => {
  it('lists perks labelled simulated and without cash value', async () => {
    installFakeServer({ perks: () => ok(pageOf([PERK])) });
    renderRemotePage(<PerksPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { lang: 'jp' });
    const row = await screen.findByTestId('perk');
    expect(row.textContent).toContain('模擬ギフト券');
    expect(row.textContent).toContain('現金価値なし');
    expect(screen.getByTestId('dividend-simulated').textContent).toContain('シミュレーション');
  });

  it('shows one perk with the shares that entitled it', async () => {
    installFakeServer({ perk: () => ok(PERK) });
    renderRemotePage(<PerkPage />, { ns: FUNDS_NS, texts: FUNDS_TEXTS }, { path: '/x?id=4' });
    await screen.findByTestId('perk-breakdown');
    expect(screen.getByTestId('perk-description').textContent).toBe('Simulated gift voucher');
    expect(screen.getByTestId('perk-breakdown').textContent).toContain('500 shares held at the record date (from 100)');
    expect(screen.getByTestId('perk-no-cash').textContent).toBe('No cash value');
  });
});

// Shareholder perks (ROUTES.dividends5, spec dividend5; 株主優待 [DV9]): the perks of the simulated
// companies the customer was entitled to at a record date. Simulated and labelled: no goods, no
// cash value, no posting. A row opens the perk.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateKey, routeTo } from '@kabuto/shared-sdk';
import type { PerkItem, PerksPage as PerksAnswer } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetPerksQuery } from '../../../api/dividends';
import { usePagedList } from '../../../common/paged-list';
import { PagedListView } from '../../../common/PagedListView';
import { useFundsText } from '../../../common/texts';
import { ListFrame } from '../parts/ListFrame';
import { nameIn, sharesText, ROW_LINES } from '../parts/view';

function PerkRow({ perk }: { perk: PerkItem }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo('dividendDetail5', { id: perk.id }))}
      data-testid="perk"
      data-id={perk.id}
      data-code={perk.code}
    >
      <div className={styles.row}>
        <span>
          {perk.code} {nameIn(perk.name, lang)}
        </span>
        <span className={styles.tag}>{t('div.perks.noCash')}</span>
      </div>
      <span>{nameIn(perk.description, lang)}</span>
      <span className={styles.muted}>
        {t('div.date.record')} {formatDateKey(perk.recordDate, lang)} ·{' '}
        {t('div.perks.line', { shares: sharesText(perk.shares), minShares: sharesText(perk.minShares) })}
      </span>
    </button>
  );
}

export default function PerksPage() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetPerksQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20 }).unwrap(), [trigger]);
  const list = usePagedList<PerkItem, PerksAnswer>(fetchPage);
  return (
    <ListFrame active="perks" intro={t('div.perks.intro')} testId="perks-page">
      <PagedListView list={list} testId="perks" emptyText={t('div.perks.empty')} itemKey={(perk) => perk.id} renderItem={(perk) => <PerkRow perk={perk} />} />
      <p className={styles.simulated}>{t('div.perk.marginNote')}</p>
    </ListFrame>
  );
}

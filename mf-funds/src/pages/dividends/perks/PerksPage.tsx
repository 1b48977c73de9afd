// Shareholder perks (ROUTES.dividends5, spec dividend5; 株主優待 [DV9]): the perks of the simulated
// companies the customer was entitled to at a record date. Simulated and labelled: no goods, no
// cash value, no posting. A row opens the perk.
import { formatDateKey } from '@kabuto/shared-sdk';
import type { PerkItem, PerksPage as PerksAnswer } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetPerksQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { DividendList, ListRow } from '../parts/DividendList';
import { nameIn, sharesText } from '../parts/view';

function PerkRow({ perk }: { perk: PerkItem }) {
  const { t, lang } = useFundsText();
  return (
    <ListRow detail="dividendDetail5" id={perk.id} testId="perk" data={{ 'data-code': perk.code }}>
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
    </ListRow>
  );
}

export default function PerksPage() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetPerksQuery();
  return (
    <DividendList<PerkItem, PerksAnswer>
      tab="perks"
      intro={t('div.perks.intro')}
      testId="perks-page"
      fetchPage={(page) => trigger({ page, size: 20 }).unwrap()}
      listTestId="perks"
      emptyText={t('div.perks.empty')}
      renderItem={(perk) => <PerkRow perk={perk} />}
      footer={<p className={styles.simulated}>{t('div.perk.marginNote')}</p>}
    />
  );
}

// One shareholder perk (ROUTES.dividendDetail5, spec dividendInfo5; `?id=`): what it is, the
// record date and the shares that entitled the customer. Simulated, labelled, no cash value: a
// perk moves no money, so it has no postings.
import { useSearchParams } from 'react-router-dom';
import { QueryState, ROUTES, formatDateKey, isLoaded } from '@kabuto/shared-sdk';
import type { PerkDetail } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetPerkQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { MissingRecord } from '../parts/DetailState';
import { SimulatedNote } from '../parts/Notes';
import { idFromQuery, nameIn, sharesText } from '../parts/view';

function Perk({ perk }: { perk: PerkDetail }) {
  const { t, lang } = useFundsText();
  return (
    <section className={styles.card} data-testid="perk-breakdown">
      <div className={styles.row}>
        <span className={styles.label}>
          {perk.code} {nameIn(perk.name, lang)}
        </span>
        <span className={styles.tag} data-testid="perk-no-cash">
          {t('div.perks.noCash')}
        </span>
      </div>
      <p data-testid="perk-description">{nameIn(perk.description, lang)}</p>
      <div className={styles.row}>
        <span>{t('div.date.record')}</span>
        <span className={styles.value}>{formatDateKey(perk.recordDate, lang)}</span>
      </div>
      <div className={styles.row}>
        <span>{t('div.payment.entitled')}</span>
        <span className={styles.value}>{t('div.perks.line', { shares: sharesText(perk.shares), minShares: sharesText(perk.minShares) })}</span>
      </div>
      <p className={styles.muted}>{t('div.perks.intro')}</p>
      <p className={styles.muted}>{t('div.perk.marginNote')}</p>
    </section>
  );
}

function PerkQuery({ id }: { id: string }) {
  const query = useGetPerkQuery({ id });
  if (!isLoaded(query)) return <QueryState query={query} />;
  return <Perk perk={query.data} />;
}

export default function PerkPage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  if (id === null) return <MissingRecord back={ROUTES.dividends5} />;
  return (
    <div className={styles.page} data-testid="perk-detail" data-id={id}>
      <SimulatedNote />
      <PerkQuery id={id} />
    </div>
  );
}

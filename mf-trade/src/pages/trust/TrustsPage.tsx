// Investment trusts (/pages/common/trusts): each trust with the strategy it follows, its last NAV,
// its trust fee and minimum. Simulated, and said so.
import { Link } from 'react-router-dom';
import { PageState, QueryState, formatDateKey, groupAmount, isLoaded, routeTo } from '@kabuto/shared-sdk';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetTrustsQuery } from '../../api/trust';
import { useTradeText } from '../../common/texts';

export default function TrustsPage() {
  const { t, lang } = useTradeText();
  const query = useGetTrustsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className={styles.page} data-testid="trusts-page">
      <p className={styles.note} data-testid="trust-simulated">
        {t('trust.simulated')}
      </p>
      {!isLoaded(query) ? (
        <QueryState query={query} />
      ) : query.data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('trust.empty')} testId="trusts-empty" />
      ) : (
        query.data.list.map((trust) => (
          <Link
            key={trust.id}
            to={routeTo('trust', { id: trust.id })}
            className={styles.card}
            data-testid="trust-card"
            data-trust-id={trust.id}
            style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
          >
            <div className={styles.row}>
              <span className={styles.value}>{trust.name}</span>
              <span className={styles.tag}>{t('common.simulatedTag')}</span>
            </div>
            <p className={styles.muted}>{t('trust.follows', { name: trust.strategyName })}</p>
            <p className={styles.muted} data-testid="trust-card-nav">
              {trust.last ? t('trust.navOn', { nav: groupAmount(trust.last.nav.amount), date: formatDateKey(trust.last.date, lang) }) : t('trust.noNav')}
            </p>
            <div className={styles.row}>
              <span className={styles.label}>{t('trust.fee')}</span>
              <span>{t('trust.feeRate', { rate: trust.feePercentPerYear })}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.label}>{t('trust.minimum')}</span>
              <span>¥{groupAmount(trust.minimum.amount)}</span>
            </div>
          </Link>
        ))
      )}
    </div>
  );
}

// One margin dividend adjustment (ROUTES.dividendDetail3, spec dividendInfo3; `?id=`): the
// position's shares, the dividend per share, the rate (84.685 % for longs and standard margin
// shorts, 100 % for general margin shorts [DV4][DV6]), the amount received or paid, its state,
// and the postings that reserved and settled it.
import { useSearchParams } from 'react-router-dom';
import { QueryState, ROUTES, formatDateTime, formatMoneyText, isLoaded } from '@kabuto/shared-sdk';
import type { DividendAdjustmentDetail } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetDividendAdjustmentQuery } from '../../../api/dividends';
import { SignedAmount } from '../../../common/SignedAmount';
import { useFundsText } from '../../../common/texts';
import { PostingList } from '../parts/Breakdown';
import { MissingRecord } from '../parts/DetailState';
import { SimulatedNote } from '../parts/Notes';
import { idFromQuery, nameIn, sharesText, yenText } from '../parts/view';

function Adjustment({ adjustment }: { adjustment: DividendAdjustmentDetail }) {
  const { t, lang } = useFundsText();
  return (
    <>
      <section className={styles.card} data-testid="adjustment-breakdown" data-side={adjustment.side} data-state={adjustment.state}>
        <div className={styles.row}>
          <span className={styles.label}>
            {adjustment.code} {nameIn(adjustment.name, lang)}
          </span>
          <span className={styles.badge} data-state={adjustment.state === 'settled' ? 'approved' : 'pending'}>
            {t(`div.adjustment.state.${adjustment.state}`)}
          </span>
        </div>
        <p className={styles.muted}>
          {t(`div.adjustment.side.${adjustment.side}`)} · {t(`div.adjustment.marginKind.${adjustment.marginKind}`)} ·{' '}
          {t('div.adjustment.position', { id: adjustment.positionId })}
        </p>
        <div className={styles.row}>
          <span>{t('div.payment.entitled')}</span>
          <span className={styles.value}>{t('div.shares', { shares: sharesText(adjustment.shares) })}</span>
        </div>
        <div className={styles.row}>
          <span>{t('div.dps', { dps: yenText(adjustment.dps) })}</span>
          <span className={styles.value}>{formatMoneyText(adjustment.gross)}</span>
        </div>
        <div className={styles.row}>
          <span>{t('div.adjustment.rate')}</span>
          <span className={styles.value} data-testid="adjustment-rate">
            {adjustment.ratePercent} %
          </span>
        </div>
        <div className={styles.row}>
          <strong>{t('div.adjustment.amount')}</strong>
          <span data-testid="adjustment-amount">
            <SignedAmount money={adjustment.amount} />
          </span>
        </div>
        <p className={styles.muted}>{t('div.adjustment.note')}</p>
        <p className={styles.muted}>
          {t('div.rules.margin', { percent: adjustment.rules.marginAdjustmentPercent, general: adjustment.rules.generalShortPercent })}
        </p>
      </section>
      <section className={styles.card}>
        <div className={styles.row}>
          <span>{t('div.step.reserve')}</span>
          <span className={styles.muted}>{formatDateTime(adjustment.reservedAt, lang)}</span>
        </div>
        {adjustment.settledAt && (
          <div className={styles.row}>
            <span>{t('div.step.settle')}</span>
            <span className={styles.muted}>{formatDateTime(adjustment.settledAt, lang)}</span>
          </div>
        )}
      </section>
      <PostingList postings={adjustment.postings} />
    </>
  );
}

function AdjustmentQuery({ id }: { id: string }) {
  const query = useGetDividendAdjustmentQuery({ id });
  if (!isLoaded(query)) return <QueryState query={query} />;
  return <Adjustment adjustment={query.data} />;
}

export default function AdjustmentPage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  if (id === null) return <MissingRecord back={ROUTES.dividends3} />;
  return (
    <div className={styles.page} data-testid="dividend-adjustment-detail" data-id={id}>
      <SimulatedNote />
      <AdjustmentQuery id={id} />
    </div>
  );
}

// New share records (ROUTES.ipoList, spec §3 "Subscription"): per application the issue
// price, application quantity, total lots, the dates (subscription, deadline, draw, listing,
// issue), the winning quantity and the amount paid.
import { PageState, formatMoneyText } from '@kabuto/shared-sdk';
import type { IpoShareRecord } from '@kabuto/shared-sdk/schemas';
import { useGetIpoRecordsQuery } from '../../api/ipo';
import { IpoLinks } from '../../common/IpoLinks';
import { day, formatPrice, nameIn, when } from '../../common/format';
import { useIpoText } from '../../common/texts';
import { fieldRow, kit as styles } from '@kabuto/shared-sdk/ui';

function RecordRow({ row }: { row: IpoShareRecord }) {
  const { t, lang } = useIpoText();
  const line = fieldRow;
  return (
    <section className={styles.card} data-testid="ipo-record" data-id={row.id} data-status={row.status}>
      <div className={styles.rowHead}>
        <span>
          {nameIn(row.name, lang)} <span className={styles.muted}>{row.code}</span>
        </span>
        <span>
          {row.simulated && <span className={styles.tag}>{t('common.simulatedTag')}</span>} <span className={styles.tag}>{t(`status.${row.status}`)}</span>
        </span>
      </div>
      {line(t('list.issuePrice'), formatPrice(row.issuePrice), 'ipo-record-price')}
      {line(t('list.applicationQuantity'), t('common.shares', { quantity: row.applicationQuantity.toLocaleString('en-US') }), 'ipo-record-applied')}
      {line(t('list.totalLots'), String(row.totalLots))}
      {line(t('list.subscriptionDate'), when(row.subscribedAt, lang))}
      {line(t('list.deadline'), when(row.paymentDeadlineAt, lang))}
      {line(t('list.drawDate'), when(row.lotteryAt, lang))}
      {line(t('list.listingDate'), day(row.listingDate, lang), 'ipo-record-listing')}
      {line(t('list.issueDate'), day(row.issueDate, lang), 'ipo-record-issue-date')}
      {line(t('list.winningQuantity'), t('common.shares', { quantity: row.wonQuantity.toLocaleString('en-US') }), 'ipo-record-won')}
      {line(t('list.amountPaid'), formatMoneyText(row.amountPaid), 'ipo-record-paid')}
    </section>
  );
}

export default function IpoListPage() {
  const { t } = useIpoText();
  const { data, isLoading, isError, refetch } = useGetIpoRecordsQuery({ size: 50 });
  return (
    <div className={styles.page} data-testid="ipo-list-page">
      <IpoLinks current="newList" />
      <p className={styles.note}>{t('common.simulated')}</p>
      {isLoading ? (
        <PageState status="loading" testId="ipo-records-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="ipo-records-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('list.empty')} testId="ipo-records-state" />
      ) : (
        data.list.map((row) => <RecordRow row={row} key={row.id} />)
      )}
    </div>
  );
}

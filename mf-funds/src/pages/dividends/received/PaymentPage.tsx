// One dividend payment (ROUTES.dividendDetail2, spec dividendInfo2; `?id=`): the entitled shares
// and the dividend per share, the gross, the income tax and the resident tax withheld and the
// net, its dates, and the postings that booked the receivable and paid the cash.
import { useSearchParams } from 'react-router-dom';
import { QueryState, ROUTES, formatDateKey, formatDateTime, isLoaded } from '@kabuto/shared-sdk';
import type { DividendPaymentDetail } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetDividendPaymentQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { AmountRows, PostingList } from '../parts/Breakdown';
import { DateRows } from '../parts/DateMarks';
import { MissingRecord } from '../parts/DetailState';
import { NoNisaNote, SimulatedNote } from '../parts/Notes';
import { idFromQuery, nameIn, sharesText, yenText } from '../parts/view';

function Payment({ payment }: { payment: DividendPaymentDetail }) {
  const { t, lang } = useFundsText();
  const lent = payment.basis === 'lent';
  return (
    <>
      <section className={styles.card} data-testid="payment-breakdown" data-state={payment.state} data-basis={payment.basis}>
        <div className={styles.row}>
          <span className={styles.label}>
            {payment.code} {nameIn(payment.name, lang)}
          </span>
          <span className={styles.badge} data-state={payment.state === 'paid' ? 'approved' : 'pending'} data-testid="payment-state">
            {t(`div.payment.state.${payment.state}`)}
          </span>
        </div>
        <p className={styles.muted}>
          {t(`div.kind.${payment.kind}`)} · {t(`div.payment.basis.${payment.basis}`)}
        </p>
        <div className={styles.row}>
          <span>{t('div.payment.entitled')}</span>
          <span className={styles.value} data-testid="payment-shares">
            {t('div.shares', { shares: sharesText(payment.shares) })}
          </span>
        </div>
        <div className={styles.row}>
          <span>{t('div.dps', { dps: yenText(payment.dps) })}</span>
        </div>
        <AmountRows amounts={payment} rules={payment.rules} residentPercent={lent ? '0' : undefined} />
        {payment.state === 'receivable' && (
          <p className={styles.muted} data-testid="payment-receivable-note">
            {t('div.payment.receivableNote', { date: formatDateKey(payment.paymentDate, lang) })}
          </p>
        )}
        {lent ? <p className={styles.muted}>{t('div.payment.lentNote', { percent: payment.rules.incomeTaxPercent })}</p> : <NoNisaNote rules={payment.rules} />}
      </section>
      <section className={styles.card} data-testid="payment-dates">
        <DateRows event={payment} />
        <div className={styles.row}>
          <span>{t('div.date.booked')}</span>
          <span className={styles.muted}>{formatDateTime(payment.bookedAt, lang)}</span>
        </div>
        {payment.paidAt && (
          <div className={styles.row}>
            <span>{t('div.date.paid')}</span>
            <span className={styles.muted}>{formatDateTime(payment.paidAt, lang)}</span>
          </div>
        )}
      </section>
      <PostingList postings={payment.postings} />
    </>
  );
}

function PaymentQuery({ id }: { id: string }) {
  const query = useGetDividendPaymentQuery({ id });
  if (!isLoaded(query)) return <QueryState query={query} />;
  return <Payment payment={query.data} />;
}

export default function PaymentPage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  if (id === null) return <MissingRecord back={ROUTES.dividends2} />;
  return (
    <div className={styles.page} data-testid="dividend-payment-detail" data-id={id}>
      <SimulatedNote />
      <PaymentQuery id={id} />
    </div>
  );
}

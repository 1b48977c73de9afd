// The last cum-rights date marked 付 and the ex-date marked 落, as Matsui marks them on its quote
// screens [DV11] (Cum / Ex in English), beside the record and payment dates.
import { formatDateKey } from '@kabuto/shared-sdk';
import type { DividendEvent } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../../common/texts';

type EventDates = Pick<DividendEvent, 'lastCumDate' | 'exDate' | 'recordDate' | 'paymentDate'>;
/** A payment carries no last cum-rights date: the detail pages show what the record has. */
type RecordDates = Pick<DividendEvent, 'exDate' | 'recordDate' | 'paymentDate'> & { lastCumDate?: string };

export function DateMarks({ event }: { event: EventDates }) {
  const { t, lang } = useFundsText();
  return (
    <span className={styles.muted} data-testid="dividend-dates">
      <span className={styles.tag} title={t('div.date.lastCum')} data-testid="mark-cum">
        {t('div.mark.cum')}
      </span>{' '}
      {formatDateKey(event.lastCumDate, lang)}{' '}
      <span className={styles.tag} title={t('div.date.ex')} data-testid="mark-ex">
        {t('div.mark.ex')}
      </span>{' '}
      {formatDateKey(event.exDate, lang)}
    </span>
  );
}

/** The four dates of a dividend, each named, for the detail pages. */
export function DateRows({ event }: { event: RecordDates }) {
  const { t, lang } = useFundsText();
  const rows = [
    ['div.date.lastCum', event.lastCumDate, 'cum'],
    ['div.date.ex', event.exDate, 'ex'],
    ['div.date.record', event.recordDate, 'record'],
    ['div.date.payment', event.paymentDate, 'payment'],
  ] as const;
  return (
    <>
      {rows.map(([label, date, key]) =>
        date === undefined ? null : (
          <div className={styles.row} key={key}>
            <span>
              {label === 'div.date.lastCum' && <span className={styles.tag}>{t('div.mark.cum')}</span>}
              {label === 'div.date.ex' && <span className={styles.tag}>{t('div.mark.ex')}</span>} {t(label)}
            </span>
            <span className={styles.value} data-testid={`date-${key}`}>
              {formatDateKey(date, lang)}
            </span>
          </div>
        ),
      )}
    </>
  );
}

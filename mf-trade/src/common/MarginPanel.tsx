// The maintenance ratio (委託保証金維持率) of the customer's margin positions, with the call
// level and hard floor, and — when a margin call (追証) is open — its amount and deadline as
// an alert. Shown on Positions and on a margin position's detail. Live: the server's
// `marginCall` user events and fills refetch it (tag 'Positions'), and it is polled while
// margin positions are open so price moves show between events.
import { formatDateTime, formatMoneyText } from '@kabuto/shared-sdk';
import { useGetMarginStatusQuery } from '../api/trading';
import { useTradeText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

/** How often the ratio is asked again while margin positions are open (the server sweeps every 500 ms). */
export const MARGIN_POLL_MS = 5000;

export function MarginPanel() {
  const { t, lang } = useTradeText();
  const { data } = useGetMarginStatusQuery(undefined, { pollingInterval: MARGIN_POLL_MS, skipPollingIfUnfocused: true });
  if (!data) return null;
  const call = data.calls.find((c) => c.state === 'open');
  if (data.maintenanceRatio === null && !call) return null;
  const ratio = data.maintenanceRatio === null ? null : Number.parseFloat(data.maintenanceRatio);
  const below = ratio !== null && ratio < Number.parseFloat(data.callLevel);
  return (
    <section className={styles.card} data-testid="margin-panel">
      <div className={styles.row}>
        <span className={styles.muted}>{t('margin.ratio')}</span>
        <span className={`${styles.value} ${below ? styles.down : ''}`} data-testid="margin-ratio">
          {data.maintenanceRatio ?? '--'}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{t('margin.levels')}</span>
        <span className={styles.value} data-testid="margin-levels">
          {`${data.callLevel} / ${data.hardFloor}`}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{t('margin.equity')}</span>
        <span className={styles.value}>
          {formatMoneyText(data.equity)} / {formatMoneyText(data.positionValue)}
        </span>
      </div>
      {call && (
        <p className={styles.error} role="alert" style={{ marginTop: 8 }} data-testid="margin-call-banner">
          {t('margin.callOpen', { amount: formatMoneyText(call.amount), deadline: formatDateTime(call.deadline, lang) })}
        </p>
      )}
    </section>
  );
}

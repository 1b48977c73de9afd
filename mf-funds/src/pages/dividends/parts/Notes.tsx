// What every dividend page says first: the venue's companies and schedules are simulated, and
// every dividend is taxed (there is no NISA account) at the published rates.
import type { DividendRules } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../../common/texts';
import { ruleFigures } from './view';

export function SimulatedNote() {
  const { t } = useFundsText();
  return (
    <p className={styles.note} data-testid="dividend-simulated">
      {t('div.simulated')}
    </p>
  );
}

export function NoNisaNote({ rules }: { rules: DividendRules }) {
  const { t } = useFundsText();
  return (
    <p className={styles.muted} data-testid="dividend-no-nisa">
      {t('div.noNisa', ruleFigures(rules))}
    </p>
  );
}

/** The published rules behind every figure on these pages, with their numbers from the server. */
export function DividendRulesCard({ rules }: { rules: DividendRules }) {
  const { t } = useFundsText();
  const figures = ruleFigures(rules);
  return (
    <section className={styles.card} data-testid="dividend-rules">
      <p className={styles.label}>{t('div.rules')}</p>
      <p className={styles.muted}>{t('div.rules.dates', { days: rules.lastCumBusinessDaysBeforeRecord })}</p>
      <p className={styles.muted}>{t('div.rules.payment', { days: rules.paymentBusinessDaysAfterRecord })}</p>
      <p className={styles.muted}>{t('div.noNisa', figures)}</p>
      <p className={styles.muted}>{t('div.rules.rounding')}</p>
      <p className={styles.muted}>{t('div.rules.margin', figures)}</p>
      <p className={styles.muted}>{t('div.rules.lent', { percent: rules.dividendEquivalentPercent })}</p>
    </section>
  );
}

// Every price on the market screens is simulated and says so (honest-broker principle 6).
import { useMarketText } from './texts';
import styles from './market.module.css';

export function SimulatedBadge() {
  const { t } = useMarketText();
  return (
    <span className={styles.badge} title={t('common.simulatedNote')} data-testid="simulated-badge">
      {t('common.simulated')}
    </span>
  );
}

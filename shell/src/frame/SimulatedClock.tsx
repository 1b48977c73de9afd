// "simulated time YYYY-MM-DD hh:mm JST" under the header, wherever the business clock differs
// from real time. Its own component: the per-second tick re-renders only this pill.
import { useSimulatedTime } from './business-clock';
import styles from './frame.module.css';
import { useShellTexts } from '../i18n/i18n';

export function SimulatedClock() {
  const { t } = useShellTexts();
  const simulated = useSimulatedTime();
  if (!simulated) return null;
  return (
    <p className={styles.simulatedClock} data-testid="simulated-clock" role="status">
      {t('header.simulatedTime', { date: simulated.date, time: simulated.time })}
    </p>
  );
}

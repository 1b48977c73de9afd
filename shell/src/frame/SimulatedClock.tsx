// "simulated time hh:mm JST" under the header, wherever the business clock differs from real
// time (issue 10 item 1). Its own component: the per-second tick re-renders only this pill.
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../i18n/shell-texts';
import { useSimulatedTime } from './business-clock';
import styles from './frame.module.css';

export function SimulatedClock() {
  const { t } = useTranslation(SHELL_NS);
  const time = useSimulatedTime();
  if (!time) return null;
  return (
    <p className={styles.simulatedClock} data-testid="simulated-clock" role="status">
      {t('header.simulatedTime', { time })}
    </p>
  );
}

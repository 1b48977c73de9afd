// /choose-location and /open-location belonged to the original native runtime.
import styles from './pages.module.css';
import { useShellTexts } from '../i18n/i18n';

export function NotOnWebPage() {
  const { t } = useShellTexts();
  return (
    <div className={styles.centered}>
      <p className={styles.message}>{t('notOnWeb.text')}</p>
    </div>
  );
}

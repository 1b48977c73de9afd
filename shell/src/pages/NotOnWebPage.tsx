// /choose-location and /open-location belonged to the original native runtime.
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../i18n/shell-texts';
import styles from './pages.module.css';

export function NotOnWebPage() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div className={styles.centered}>
      <p className={styles.message}>{t('notOnWeb.text')}</p>
    </div>
  );
}

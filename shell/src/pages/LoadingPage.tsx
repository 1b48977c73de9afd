// ROUTES.loading: a neutral waiting screen.
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../i18n/shell-texts';
import { KabutoLogo } from './KabutoLogo';
import styles from './pages.module.css';

export function LoadingPage() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div className={styles.splash} role="status">
      <KabutoLogo size={64} />
      <p className={styles.tagline}>{t('common.loading')}</p>
    </div>
  );
}

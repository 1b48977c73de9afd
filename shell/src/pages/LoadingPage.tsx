// ROUTES.loading: a neutral waiting screen.
import { KabutoLogo } from './KabutoLogo';
import styles from './pages.module.css';
import { useShellTexts } from '../i18n/i18n';

export function LoadingPage() {
  const { t } = useShellTexts();
  return (
    <div className={styles.splash} role="status">
      <KabutoLogo size={64} />
      <p className={styles.tagline}>{t('common.loading')}</p>
    </div>
  );
}

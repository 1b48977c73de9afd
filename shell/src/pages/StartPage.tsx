// Entry route (/ and ROUTES.start): shows the mark, then goes home with a session
// or to sign-in without one (spec §2, §4).
import { useEffect } from 'react';
import { ROUTES, isLoggedIn } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../frame/route-chrome';
import { KabutoLogo } from './KabutoLogo';
import styles from './pages.module.css';
import { useShellTexts } from '../i18n/i18n';

export const LOGIN_PATH = ROUTES.login;
/** Long enough to see the mark, short enough not to be in the way. */
export const START_LOGO_MS = 600;

export function StartPage() {
  const { t } = useShellTexts();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(isLoggedIn() ? HOME_PATH : LOGIN_PATH, { replace: true }), START_LOGO_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className={styles.splash} data-testid="start-page">
      <KabutoLogo />
      <p className={styles.brand}>{t('app.name')}</p>
      <p className={styles.tagline}>{t('app.tagline')}</p>
    </div>
  );
}

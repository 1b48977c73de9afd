// ROUTES.sessionEnded?v=1|2|3: where an ended session lands (spec §4, §8). The cause
// decides the message: 1 session ended, 2 not signed in (HTTP 401), 3 no permission (HTTP 403).
import { useEffect } from 'react';
import { isLoggedIn, sessionExpired, unauthorizedRedirectDone, useAppDispatch } from '@kabuto/shared-sdk';
import { Link, useSearchParams } from 'react-router-dom';
import { type ShellTextKey } from '../i18n/shell-texts';
import { KabutoLogo } from './KabutoLogo';
import { LOGIN_PATH } from './StartPage';
import styles from './pages.module.css';
import { useShellTexts } from '../i18n/i18n';

const CAUSES: Readonly<Record<string, ShellTextKey>> = {
  '1': 'logon.v1',
  '2': 'logon.v2',
  '3': 'logon.v3',
};

export function logonMessageKey(v: string | null): ShellTextKey {
  return (v !== null && CAUSES[v]) || 'logon.default';
}

export function LogonPage() {
  const { t } = useShellTexts();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  useEffect(() => {
    // The SDK cleared the stored login before sending us here; the store follows, and
    // the next session end may redirect again.
    if (!isLoggedIn()) dispatch(sessionExpired());
    unauthorizedRedirectDone();
  }, [dispatch]);
  return (
    <div className={styles.centered}>
      <KabutoLogo size={64} />
      <p className={styles.message} role="alert" data-testid="logon-message">
        {t(logonMessageKey(params.get('v')))}
      </p>
      <Link to={LOGIN_PATH} replace className={styles.primaryButton}>
        {t('logon.signIn')}
      </Link>
    </div>
  );
}

// What a remote's area shows instead of its page: the header, the menu and the
// other tabs around it keep working.
import styles from './remotes.module.css';
import { useShellTexts } from '../i18n/i18n';

interface RemoteFallbackProps {
  message: string;
  hint?: string;
  onRetry?: () => void;
}

export function RemoteFallback({ message, hint, onRetry }: RemoteFallbackProps) {
  const { t } = useShellTexts();
  return (
    <div className={styles.fallback} role="alert">
      <p className={styles.fallbackMessage}>{message}</p>
      {hint && <p className={styles.fallbackHint}>{hint}</p>}
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('remote.retry')}
        </button>
      )}
    </div>
  );
}

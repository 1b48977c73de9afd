// The loading placeholder appears only after a short delay (spec §2: 200 ms), so a
// fast load never flashes it.
import { useEffect, useState } from 'react';
import { PAGE_PLACEHOLDER_DELAY_MS } from '@kabuto/shared-sdk';
import styles from './remotes.module.css';
import { useShellTexts } from '../i18n/i18n';

export function DelayedPlaceholder({ delayMs = PAGE_PLACEHOLDER_DELAY_MS }: { delayMs?: number }) {
  const { t } = useShellTexts();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className={styles.placeholder} role="status" data-testid="page-placeholder">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

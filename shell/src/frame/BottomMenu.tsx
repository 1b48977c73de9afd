// The five-tab main menu in the spec's order (spec §2), each with an active and an
// inactive icon; the current tab is marked for assistive technology too.
import { TABS } from '@kabuto/shared-sdk';
import { Link } from 'react-router-dom';
import { TAB_ICONS } from './tab-icons';
import styles from './frame.module.css';
import { useShellTexts } from '../i18n/i18n';

export function BottomMenu({ activePath }: { activePath: string }) {
  const { t } = useShellTexts();
  return (
    <nav className={styles.bottomMenu} aria-label={t('nav.main')} data-testid="bottom-menu">
      {TABS.map((tab) => {
        const active = tab.path === activePath;
        const Icon = TAB_ICONS[tab.key];
        return (
          <Link
            key={tab.key}
            to={tab.path}
            className={active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
          >
            <Icon active={active} />
            <span className={styles.tabLabel}>{t(`tab.${tab.key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

// The five-tab main menu in the spec's order (spec §2), each with an active and an
// inactive icon; the current tab is marked for assistive technology too.
import { useTranslation } from 'react-i18next';
import { Link, TABS } from '@kabuto/shared-sdk';
import { SHELL_NS } from '../i18n/shell-texts';
import { TAB_ICONS } from './tab-icons';
import styles from './frame.module.css';

export function BottomMenu({ activePath }: { activePath: string }) {
  const { t } = useTranslation(SHELL_NS);
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

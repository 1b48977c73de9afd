// The IPO pages link to each other: issues, my applications, records, the draw verifier.
import { ROUTES } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { IpoTextKey } from '../texts/en';
import { useIpoText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

const LINKS: readonly { key: string; label: IpoTextKey; path: string }[] = [
  { key: 'subscribe', label: 'nav.subscribe', path: ROUTES.ipoSubscribe },
  { key: 'subs', label: 'nav.subs', path: ROUTES.ipoSubscriptions },
  { key: 'newList', label: 'nav.newList', path: ROUTES.ipoList },
  { key: 'verify', label: 'nav.verify', path: ROUTES.ipoVerify },
];

export function IpoLinks({ current }: { current: string }) {
  const { t } = useIpoText();
  const navigate = useNavigate();
  return (
    <nav className={styles.links}>
      {LINKS.map((link) => (
        <button
          key={link.key}
          type="button"
          className={styles.linkButton}
          aria-current={link.key === current ? 'page' : undefined}
          style={link.key === current ? { borderColor: 'var(--kabuto-accent, #3ecf8e)' } : undefined}
          onClick={() => void navigate(link.path)}
          data-testid={`ipo-link-${link.key}`}
        >
          {t(link.label)}
        </button>
      ))}
    </nav>
  );
}

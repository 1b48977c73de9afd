// The fund pages link to each other the way the spec's mine menu does.
import { useNavigate } from '@kabuto/shared-sdk';
import { useFundsText } from './texts';
import type { FundsTextKey } from '../texts/en';
import styles from './page.module.css';

const LINKS: readonly { key: string; label: FundsTextKey; path: string }[] = [
  { key: 'cashOut', label: 'nav.cashOut', path: '/pages/mine/cashOut' },
  { key: 'exChange', label: 'nav.exChange', path: '/pages/mine/exChange' },
  { key: 'records', label: 'nav.records', path: '/pages/mine/transactionRecord' },
  { key: 'cards', label: 'nav.cards', path: '/pages/mine/bankManagement' },
];

export function FundLinks() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  return (
    <nav className={styles.links}>
      {LINKS.map((link) => (
        <button key={link.key} type="button" className={styles.linkButton} onClick={() => navigate(link.path)} data-testid={`link-${link.key}`}>
          {t(link.label)}
        </button>
      ))}
    </nav>
  );
}

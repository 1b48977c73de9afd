// The fund pages link to each other the way the spec's mine menu does.
import { ROUTES } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useFundsText } from './texts';
import type { FundsTextKey } from '../texts/en';
import { kit as styles } from '@kabuto/shared-sdk/ui';

const LINKS: readonly { key: string; label: FundsTextKey; path: string }[] = [
  { key: 'withdraw', label: 'nav.withdraw', path: ROUTES.withdraw },
  { key: 'exchange', label: 'nav.exchange', path: ROUTES.exchange },
  { key: 'records', label: 'nav.records', path: ROUTES.fundRecords },
  { key: 'cards', label: 'nav.cards', path: ROUTES.bankCards },
  { key: 'dividends', label: 'nav.dividends', path: ROUTES.dividends },
];

export function FundLinks() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  return (
    // One row of every link: the kit's grid is four columns wide.
    <nav className={styles.links} style={{ gridTemplateColumns: `repeat(${LINKS.length}, 1fr)` }}>
      {LINKS.map((link) => (
        <button key={link.key} type="button" className={styles.linkButton} onClick={() => void navigate(link.path)} data-testid={`link-${link.key}`}>
          {t(link.label)}
        </button>
      ))}
    </nav>
  );
}

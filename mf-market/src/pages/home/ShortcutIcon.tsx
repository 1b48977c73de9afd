// Small line icons for the home shortcuts (inline SVG: no icon font, no extra request).
import { LineIcon } from '../../common/LineIcon';
import styles from './home.module.css';

const PATHS: Record<string, string> = {
  openingAuction: 'M4 17l5-5 4 3 7-8M15 7h5v5',
  subscribe: 'M12 3v18M3 12h18M6 6l12 12',
  trade: 'M6 8h12l-3-3M18 16H6l3 3',
  deposit: 'M12 4v12M7 11l5 5 5-5M4 20h16',
  support: 'M5 12a7 7 0 0114 0v4a2 2 0 01-2 2h-2v-6h4M5 12v4a2 2 0 002 2h2v-6H5',
  fundRecord: 'M7 4h10v16H7zM10 8h4M10 12h4M10 16h2',
  withdraw: 'M12 20V8M7 13l5-5 5 5M4 4h16',
};

export function ShortcutIcon({ name }: { name: string }) {
  return (
    <span className={styles.icon} aria-hidden>
      <LineIcon path={PATHS[name] ?? 'M12 12h.01'} size={22} />
    </span>
  );
}

// The home shortcuts of spec §2, in the spec's order. Customer service has no route of
// its own yet (the support module comes later), so it opens an honest "not available
// yet" sheet instead of pretending to be a page.
import type { MarketTextKey } from '../../translations';
import { ROUTES } from '@kabuto/shared-sdk';

export interface Shortcut {
  key: string;
  labelKey: MarketTextKey;
  /** null: no screen yet; the page explains instead of navigating. */
  path: string | null;
}

export const HOME_SHORTCUTS: readonly Shortcut[] = [
  { key: 'openingAuction', labelKey: 'home.shortcut.openingAuction', path: ROUTES.openingAuction },
  { key: 'subscribe', labelKey: 'home.shortcut.subscribe', path: ROUTES.ipoSubscribe },
  { key: 'trade', labelKey: 'home.shortcut.trade', path: ROUTES.positions },
  { key: 'deposit', labelKey: 'home.shortcut.deposit', path: ROUTES.deposit },
  { key: 'support', labelKey: 'home.shortcut.support', path: null },
  { key: 'fundRecord', labelKey: 'home.shortcut.fundRecord', path: ROUTES.fundRecords },
  { key: 'withdraw', labelKey: 'home.shortcut.withdraw', path: ROUTES.withdraw },
];

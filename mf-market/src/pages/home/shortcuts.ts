// The home shortcuts of spec §2, in the spec's order. Each opens a route of the route table;
// customer service (客服) is the support chat, which mf-account serves.
import type { MarketTextKey } from '../../translations';
import { ROUTES } from '@kabuto/shared-sdk';

export interface Shortcut {
  key: string;
  labelKey: MarketTextKey;
  path: string;
}

export const HOME_SHORTCUTS: readonly Shortcut[] = [
  { key: 'openingAuction', labelKey: 'home.shortcut.openingAuction', path: ROUTES.openingAuction },
  { key: 'subscribe', labelKey: 'home.shortcut.subscribe', path: ROUTES.ipoSubscribe },
  { key: 'trade', labelKey: 'home.shortcut.trade', path: ROUTES.positions },
  { key: 'deposit', labelKey: 'home.shortcut.deposit', path: ROUTES.deposit },
  { key: 'support', labelKey: 'home.shortcut.support', path: ROUTES.supportChat },
  { key: 'fundRecord', labelKey: 'home.shortcut.fundRecord', path: ROUTES.fundRecords },
  { key: 'withdraw', labelKey: 'home.shortcut.withdraw', path: ROUTES.withdraw },
];

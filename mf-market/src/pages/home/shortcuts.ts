// The home shortcuts of spec §2, in the spec's order. Customer service has no route of
// its own yet (the support module comes later), so it opens an honest "not available
// yet" sheet instead of pretending to be a page.
import type { MarketTextKey } from '../../translations';

export interface Shortcut {
  key: string;
  labelKey: MarketTextKey;
  /** null: no screen yet; the page explains instead of navigating. */
  path: string | null;
}

export const HOME_SHORTCUTS: readonly Shortcut[] = [
  { key: 'dayTrading', labelKey: 'home.shortcut.dayTrading', path: '/pages/common/dayTrading' },
  { key: 'subscribe', labelKey: 'home.shortcut.subscribe', path: '/pages/market/subscribe' },
  { key: 'trade', labelKey: 'home.shortcut.trade', path: '/pages/common/position' },
  { key: 'deposit', labelKey: 'home.shortcut.deposit', path: '/pages/mine/capitalTransfer' },
  { key: 'support', labelKey: 'home.shortcut.support', path: null },
  { key: 'fundRecord', labelKey: 'home.shortcut.fundRecord', path: '/pages/mine/transactionRecord' },
  { key: 'withdraw', labelKey: 'home.shortcut.withdraw', path: '/pages/mine/cashOut' },
];

// The personal centre's shortcuts: every mine route (spec §2) plus messages and the
// agreement. An institution (seat) account gets only customer support (spec §6).
import type { IdentityUserInfo } from '@kabuto/shared-sdk/schemas';
import type { AccountTextKey } from '../../translations';

export interface MineEntry {
  key: string;
  labelKey: AccountTextKey;
  /** A hash route, or null for customer support (no route of its own yet). */
  path: string | null;
}

export const SUPPORT_ENTRY: MineEntry = { key: 'support', labelKey: 'mine.support', path: null };

export const MEMBER_ENTRIES: readonly MineEntry[] = [
  { key: 'capitalTransfer', labelKey: 'mine.entry.capitalTransfer', path: '/pages/mine/capitalTransfer' },
  { key: 'cashOut', labelKey: 'mine.entry.cashOut', path: '/pages/mine/cashOut' },
  { key: 'exChange', labelKey: 'mine.entry.exChange', path: '/pages/mine/exChange' },
  { key: 'bankManagement', labelKey: 'mine.entry.bankManagement', path: '/pages/mine/bankManagement' },
  { key: 'transactionRecord', labelKey: 'mine.entry.transactionRecord', path: '/pages/mine/transactionRecord' },
  { key: 'bandCard', labelKey: 'mine.entry.bandCard', path: '/pages/mine/bandCard' },
  { key: 'resetPwd', labelKey: 'mine.entry.resetPwd', path: '/pages/mine/resetPwd' },
  { key: 'moneyPwd', labelKey: 'mine.entry.moneyPwd', path: '/pages/mine/moneyPwd' },
  { key: 'newList', labelKey: 'mine.entry.newList', path: '/pages/mine/newList' },
  { key: 'jkjl', labelKey: 'mine.entry.jkjl', path: '/pages/mine/jkjl' },
  { key: 'pj', labelKey: 'mine.entry.pj', path: '/pages/mine/pj' },
  { key: 'message', labelKey: 'mine.entry.message', path: '/pages/home/message' },
  { key: 'setting', labelKey: 'mine.entry.setting', path: '/pages/mine/setting' },
  { key: 'agreement', labelKey: 'mine.entry.agreement', path: '/pages/mine/agreement' },
  SUPPORT_ENTRY,
];

export function mineEntriesFor(user: Pick<IdentityUserInfo, 'supportOnly'> | undefined): readonly MineEntry[] {
  return user?.supportOnly ? [SUPPORT_ENTRY] : MEMBER_ENTRIES;
}

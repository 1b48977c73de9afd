// The personal centre's shortcuts: every mine route (spec §2) plus messages and the
// agreement. An institution (seat) account gets only customer support (spec §6).
import type { IdentityUserInfo } from '@kabuto/shared-sdk/schemas';
import type { AccountTextKey } from '../../translations';
import { ROUTES } from '@kabuto/shared-sdk';

export interface MineEntry {
  key: string;
  labelKey: AccountTextKey;
  /** The hash route the entry opens. */
  path: string;
}

export const SUPPORT_ENTRY: MineEntry = { key: 'support', labelKey: 'mine.support', path: ROUTES.supportChat };

export const MEMBER_ENTRIES: readonly MineEntry[] = [
  { key: 'deposit', labelKey: 'mine.entry.deposit', path: ROUTES.deposit },
  { key: 'withdraw', labelKey: 'mine.entry.withdraw', path: ROUTES.withdraw },
  { key: 'exchange', labelKey: 'mine.entry.exchange', path: ROUTES.exchange },
  { key: 'bankCards', labelKey: 'mine.entry.bankCards', path: ROUTES.bankCards },
  { key: 'fundRecords', labelKey: 'mine.entry.fundRecords', path: ROUTES.fundRecords },
  { key: 'identityVerification', labelKey: 'mine.entry.identityVerification', path: ROUTES.identityVerification },
  { key: 'loginPassword', labelKey: 'mine.entry.loginPassword', path: ROUTES.loginPassword },
  { key: 'fundPassword', labelKey: 'mine.entry.fundPassword', path: ROUTES.fundPassword },
  { key: 'ipoList', labelKey: 'mine.entry.ipoList', path: ROUTES.ipoList },
  { key: 'loanRecords', labelKey: 'mine.entry.loanRecords', path: ROUTES.loanRecords },
  { key: 'creditLoan', labelKey: 'mine.entry.creditLoan', path: ROUTES.creditLoan },
  { key: 'lending', labelKey: 'mine.entry.lending', path: ROUTES.lending },
  { key: 'messages', labelKey: 'mine.entry.messages', path: ROUTES.messages },
  { key: 'priceAlerts', labelKey: 'mine.entry.priceAlerts', path: ROUTES.priceAlerts },
  { key: 'settings', labelKey: 'mine.entry.settings', path: ROUTES.settings },
  { key: 'agreement', labelKey: 'mine.entry.agreement', path: ROUTES.agreement },
  SUPPORT_ENTRY,
];

export function mineEntriesFor(user: Pick<IdentityUserInfo, 'supportOnly'> | undefined): readonly MineEntry[] {
  return user?.supportOnly ? [SUPPORT_ENTRY] : MEMBER_ENTRIES;
}

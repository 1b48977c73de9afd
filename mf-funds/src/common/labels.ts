// Text keys for the server's codes (journal types, customer accounts, record states).
import type { WalletFigure } from '@kabuto/shared-sdk/schemas';
import type { FundsTextKey } from '../texts/en';

export const JOURNAL_LABELS: Readonly<Record<string, FundsTextKey>> = {
  deposit: 'journal.deposit',
  withdrawal_freeze: 'journal.withdrawal_freeze',
  withdrawal_paid: 'journal.withdrawal_paid',
  withdrawal_rejected: 'journal.withdrawal_rejected',
  exchange: 'journal.exchange',
  adjustment: 'journal.adjustment',
};

export function accountLabelKey(account: string): FundsTextKey {
  if (account === 'cash') return 'ledgerAccount.cash';
  if (account === 'frozen') return 'ledgerAccount.frozen';
  return 'ledgerAccount.other';
}

export const FIGURE_LABELS: Readonly<Record<WalletFigure, FundsTextKey>> = {
  totalAssets: 'wallet.totalAssets',
  balance: 'wallet.balance',
  available: 'wallet.available',
  frozen: 'wallet.frozen',
  usdAmount: 'wallet.usdAmount',
  cash: 'wallet.cash',
};

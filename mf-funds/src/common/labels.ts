// Text keys for the server's codes (journal types, customer accounts, record states).
import type { JournalType, WalletFigure } from '@kabuto/shared-sdk/schemas';
import type { FundsTextKey } from '../texts/en';

/** Every journal type the server posts has a name (a type added to JOURNAL_TYPES fails to compile until it gets one). */
export const JOURNAL_LABELS: Readonly<Record<JournalType, FundsTextKey>> = {
  deposit: 'journal.deposit',
  withdrawal_freeze: 'journal.withdrawal_freeze',
  withdrawal_paid: 'journal.withdrawal_paid',
  withdrawal_rejected: 'journal.withdrawal_rejected',
  exchange: 'journal.exchange',
  adjustment: 'journal.adjustment',
  trade_buy: 'journal.trade_buy',
  trade_sell: 'journal.trade_sell',
  trade_fee: 'journal.trade_fee',
  margin_open_long: 'journal.margin_open_long',
  margin_open_short: 'journal.margin_open_short',
  margin_close: 'journal.margin_close',
  ipo_escrow: 'journal.ipo_escrow',
  ipo_payment: 'journal.ipo_payment',
  ipo_release: 'journal.ipo_release',
  ipo_refund: 'journal.ipo_refund',
  block_buy: 'journal.block_buy',
  block_inventory_opening: 'journal.block_inventory_opening',
  block_inventory_out: 'journal.block_inventory_out',
  credit_loan_disbursed: 'journal.credit_loan_disbursed',
  credit_loan_repaid: 'journal.credit_loan_repaid',
  credit_interest_accrued: 'journal.credit_interest_accrued',
  credit_interest_capitalised: 'journal.credit_interest_capitalised',
  lending_fee_accrual: 'journal.lending_fee_accrual',
  lending_fee_payment: 'journal.lending_fee_payment',
  reward_cash_coupon: 'journal.reward_cash_coupon',
  reward_fee_discount: 'journal.reward_fee_discount',
  dividend_receivable: 'journal.dividend_receivable',
  dividend_payment: 'journal.dividend_payment',
  dividend_equivalent: 'journal.dividend_equivalent',
  dividend_adjustment_reserve: 'journal.dividend_adjustment_reserve',
  dividend_adjustment_settle: 'journal.dividend_adjustment_settle',
  strategy_leader_fee: 'journal.strategy_leader_fee',
  strategy_algorithm_capital: 'journal.strategy_algorithm_capital',
  strategy_profit_share: 'journal.strategy_profit_share',
  trust_subscription_request: 'journal.trust_subscription_request',
  trust_subscription: 'journal.trust_subscription',
  trust_redemption: 'journal.trust_redemption',
  trust_fee: 'journal.trust_fee',
  trust_subscription_cancel: 'journal.trust_subscription_cancel',
  trust_redemption_owed: 'journal.trust_redemption_owed',
  trust_redemption_paid: 'journal.trust_redemption_paid',
};

/** The business record behind a journal, by the prefix of its reference ('withdrawal:2'). */
const REFERENCE_LABELS: Readonly<Record<string, FundsTextKey>> = {
  deposit: 'reference.deposit',
  withdrawal: 'reference.withdrawal',
  exchange: 'reference.exchange',
  adjustment: 'reference.adjustment',
  position: 'reference.position',
  ipo: 'reference.ipo',
  block: 'reference.block',
};

/**
 * A journal reference as customers read it: the record's name and number ("Withdrawal No. 2"),
 * never the ledger's `kind:id` code. An unknown kind shows its number alone.
 */
export function referenceText(reference: string, t: (key: FundsTextKey, values: { id: string }) => string): string {
  const [kind = '', id = ''] = reference.split(':', 2);
  const key = Object.prototype.hasOwnProperty.call(REFERENCE_LABELS, kind) ? REFERENCE_LABELS[kind] : undefined;
  return key && id ? t(key, { id }) : t('reference.other', { id: id || reference });
}

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

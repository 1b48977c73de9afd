// Public surface of the credit module: the plugin, its config and tables, and the pieces its
// checks and tests read (figures, monitor pass, ledger account kinds).
export { creditPlugin, venuePrices, type CreditPluginOptions } from './plugin';
export { DEFAULT_CREDIT_CONFIG, rateForBalance, ratePercentText, type CreditConfig } from './config';
export { CREDIT_API, OPS_CREDIT_API, type CollateralPrices, type CreditDeps } from './deps';
export { CREDIT_ACCOUNTS, loanBalances } from './loans/accounts';
export { creditFigures } from './loans/figures';
export { repayLoan } from './loans/loans';
export { checkCredit, sweepCredit, shortfallDeadline } from './monitor/monitor';
export { dayInterest } from './interest/interest';
export * from './schema';
// Shares on loan and each customer's lending mode: dividends pay lent shares a dividend-equivalent.
export { lendingAccruals, lendingEnrolments, lendingLoans } from './lending/schema';
// The daily lending step, for tests that drive it beside another module's (a split's) sweep.
export { runLendingStep, type LendingDeps } from './lending/service';

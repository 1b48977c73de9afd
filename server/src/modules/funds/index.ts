// Public surface of the funds module: what other modules may import. Holds and withdrawal
// blockers plug other modules' rules into funds (extensions.ts); money moves only through
// postJournal (ledger/post.ts), in the caller's transaction.
export { FUNDS_API, type DemoDeposits, type FundsCustomer, type FundsDeps } from './deps';
export * from './schema';
export {
  createFundsExtensions,
  heldFor,
  type EscrowAccount,
  type FundsExtensions,
  type HeldAmounts,
  type HoldSource,
  type WithdrawalBlocker,
} from './extensions';
export { postJournal, postJournals, assertBalanced, UnbalancedJournalError, type JournalInput, type PostingInput } from './ledger/post';
export { ACCOUNT_KINDS, brokerAccount, customerCash, customerFrozen, type AccountRef } from './ledger/accounts';
export { checkLedger, userAccountBalance, userAccountBalances, type AccountBalance } from './ledger/balances';
export { availableMinor, balancesQuery, cashAndHeldOf, cashAndHeldQuery, type CashAndHeld, type CashAndHeldQuery } from './wallet/wallet';
export { seedFundsConfig } from './seed';
export { decimalsOf, groupedAmount, moneyList, sumByCurrency, toMoney, UNIT } from './money';
export { approveDueDemoDeposits, DEMO_APPROVER, depositInfo, depositRequestSchema, depositView, submitDeposit } from './deposits/deposits';
export { fundsDepsOf } from './plugin';
export { refuse } from './failures';
export { lockFundsOf, withUserFundsLock } from './locks';
export { rememberAnswer, replayIfSeen, requestHash, type IdempotentRequest } from './idempotency';

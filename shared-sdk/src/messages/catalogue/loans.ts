// Securities-backed credit loans (spec §8 "Loans"; docs/credit.md). The published bounds are
// part of the text, so a refusal names the rule and its number in every language; the numbers
// come from the shared constants the server's config defaults to, so text and rule cannot drift.
import type { MessageKeys } from './types';

/** Smallest loan application, in yen (Nomura Trust Bank lends from ¥100,000 [SL6]). */
export const LOAN_MINIMUM_YEN = 100_000;
/** A loan application is a whole multiple of this many yen [SL2]. */
export const LOAN_STEP_YEN = 10_000;

export const loanMessages = {
  loanLimitInsufficient: '借款額度不足',
  creditScoreInsufficient: '信用分不足',
  repayOutstandingLoanFirst: '請先還清未結清的信用貸款',
  loanPendingReview: '有待審核的借款申請',
  repaymentExceedsLoan: '還款金額不能大於借款金額',
  loanAmountBelowMinimum: `借款金額最低${LOAN_MINIMUM_YEN.toLocaleString('en-US')}日圓`,
  loanAmountNotStep: `借款金額須為${LOAN_STEP_YEN.toLocaleString('en-US')}日圓的整數倍`,
  accountRestrictedByCreditScore: '帳戶因信用分不足受限',
  noOutstandingLoan: '沒有未結清的借款',
  loanNotFound: '借款申請不存在',
  loanNotPending: '借款申請已處理',
  loanReasonRequired: '請填寫駁回原因',
  collateralSaleRefused: '擔保中的股票：賣出後擔保比率將超過上限',
  loanApplied: '借款申請已提交，等待審核',
  loanApproved: '借款已核准並撥款',
  loanRejected: '借款申請已駁回',
} as const satisfies MessageKeys;

// Credit loans (spec §8 "Loans").
import type { MessageKeys } from './types';

export const loanMessages = {
  loanLimitInsufficient: '借款額度不足',
  creditScoreInsufficient: '信用分不足',
  repayOutstandingLoanFirst: '請先還清未結清的信用貸款',
  loanPendingReview: '有待審核的借款申請',
  repaymentExceedsLoan: '還款金額不能大於借款金額',
} as const satisfies MessageKeys;

// The loans messages in English, by name (the names and the catalogue keys: ../loans.ts).
import { LOAN_MINIMUM_YEN, LOAN_STEP_YEN, type loanMessages } from '../loans';
import type { MessageTexts } from '../types';

export const loanMessagesEn: MessageTexts<typeof loanMessages> = {
  loanLimitInsufficient: 'Insufficient loan limit',
  creditScoreInsufficient: 'Insufficient credit score',
  repayOutstandingLoanFirst: 'Please repay your outstanding credit loan first',
  loanPendingReview: 'A loan application is awaiting review',
  repaymentExceedsLoan: 'Repayment cannot exceed the loan',
  loanAmountBelowMinimum: `The smallest loan is ¥${LOAN_MINIMUM_YEN.toLocaleString('en-US')}`,
  loanAmountNotStep: `A loan is a multiple of ¥${LOAN_STEP_YEN.toLocaleString('en-US')}`,
  accountRestrictedByCreditScore: 'Account restricted by credit score',
  noOutstandingLoan: 'You have no outstanding loan',
  loanNotFound: 'Loan application not found',
  loanNotPending: 'The loan application has already been decided',
  loanReasonRequired: 'Please give the reason for the rejection',
  collateralSaleRefused: 'Pledged shares: after this sale the loan ratio would be above the limit',
  loanApplied: 'Loan application submitted, awaiting review',
  loanApproved: 'Loan approved and paid out',
  loanRejected: 'Loan application rejected',
};

// The loans messages in English, by name (the names and the catalogue keys: ../loans.ts).
import type { loanMessages } from '../loans';
import type { MessageTexts } from '../types';

export const loanMessagesEn: MessageTexts<typeof loanMessages> = {
  loanLimitInsufficient: 'Insufficient loan limit',
  creditScoreInsufficient: 'Insufficient credit score',
  repayOutstandingLoanFirst: 'Please repay your outstanding credit loan first',
  loanPendingReview: 'A loan application is awaiting review',
  repaymentExceedsLoan: 'Repayment cannot exceed the loan',
};

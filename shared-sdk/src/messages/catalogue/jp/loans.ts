// The loans messages in Japanese, by name (the names and the catalogue keys: ../loans.ts).
import type { loanMessages } from '../loans';
import type { MessageTexts } from '../types';

export const loanMessagesJp: MessageTexts<typeof loanMessages> = {
  loanLimitInsufficient: '借入可能額が不足しています',
  creditScoreInsufficient: '信用スコアが不足しています',
  repayOutstandingLoanFirst: '未返済の信用ローンを先に返済してください',
  loanPendingReview: '審査待ちの借入申請があります',
  repaymentExceedsLoan: '返済額は借入額を超えることはできません',
};

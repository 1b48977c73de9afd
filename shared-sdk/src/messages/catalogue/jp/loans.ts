// The loans messages in Japanese, by name (the names and the catalogue keys: ../loans.ts).
import { LOAN_MINIMUM_YEN, LOAN_STEP_YEN, type loanMessages } from '../loans';
import type { MessageTexts } from '../types';

export const loanMessagesJp: MessageTexts<typeof loanMessages> = {
  loanLimitInsufficient: '借入可能額が不足しています',
  creditScoreInsufficient: '信用スコアが不足しています',
  repayOutstandingLoanFirst: '未返済の信用ローンを先に返済してください',
  loanPendingReview: '審査待ちの借入申請があります',
  repaymentExceedsLoan: '返済額は借入額を超えることはできません',
  loanAmountBelowMinimum: `借入額は${LOAN_MINIMUM_YEN.toLocaleString('en-US')}円以上です`,
  loanAmountNotStep: `借入額は${LOAN_STEP_YEN.toLocaleString('en-US')}円単位です`,
  accountRestrictedByCreditScore: '信用スコアによりアカウントが制限されています',
  noOutstandingLoan: '返済中のローンはありません',
  loanNotFound: '借入申請が見つかりません',
  loanNotPending: '借入申請は処理済みです',
  loanReasonRequired: '却下理由を入力してください',
  collateralSaleRefused: '担保中の株式です：売却後の担保比率が上限を超えます',
  loanApplied: '借入申請を受け付けました。審査をお待ちください',
  loanApproved: 'ローンが承認され、融資が実行されました',
  loanRejected: '借入申請は却下されました',
};

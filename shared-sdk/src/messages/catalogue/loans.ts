// Credit loans (spec §8 "Loans").
import type { MessageGroup } from './types';

export const loanMessages = {
  loanLimitInsufficient: { tw: '借款額度不足', jp: '借入可能額が不足しています', en: 'Insufficient loan limit' },
  creditScoreInsufficient: { tw: '信用分不足', jp: '信用スコアが不足しています', en: 'Insufficient credit score' },
  repayOutstandingLoanFirst: {
    tw: '請先還清未結清的信用貸款',
    jp: '未返済の信用ローンを先に返済してください',
    en: 'Please repay your outstanding credit loan first',
  },
  loanPendingReview: {
    tw: '有待審核的借款申請',
    jp: '審査待ちの借入申請があります',
    en: 'A loan application is awaiting review',
  },
  repaymentExceedsLoan: {
    tw: '還款金額不能大於借款金額',
    jp: '返済額は借入額を超えることはできません',
    en: 'Repayment cannot exceed the loan',
  },
} as const satisfies MessageGroup;

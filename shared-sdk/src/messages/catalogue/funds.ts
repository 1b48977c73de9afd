// Funds: balances, deposits, withdrawals (spec §8 "Funds", §5, §6).
import type { MessageGroup } from './types';

export const fundsMessages = {
  insufficientBalance: { tw: '餘額不足', jp: '残高が不足しています', en: 'Insufficient balance' },
  insufficientAvailableBalance: {
    tw: '可用餘額不足',
    jp: '利用可能残高が不足しています',
    en: 'Insufficient available balance',
  },
  insufficientFunds: { tw: '資金不足', jp: '資金が不足しています', en: 'Insufficient funds' },
  insufficientWithdrawable: {
    tw: '可出金金額不足',
    jp: '出金可能額が不足しています',
    en: 'Insufficient withdrawable amount',
  },
  creditScoreTooLowToWithdraw: {
    tw: '信用分不足，無法出金',
    jp: '信用スコアが不足しているため出金できません',
    en: 'Credit score too low to withdraw',
  },
  notWithdrawable: { tw: '當前不可出金', jp: '現在出金できません', en: 'Withdrawal is not available now' },
  tooFrequent: {
    tw: '提交過於頻繁，請稍後再試',
    jp: '送信回数が多すぎます。しばらくしてから再度お試しください',
    en: 'Too many requests. Please try again later',
  },
  fundOperationInProgress: {
    tw: '有其他資金操作正在處理中，請稍後再試',
    jp: '他の資金操作を処理中です。しばらくしてから再度お試しください',
    en: 'Another fund operation is in progress. Please try again later',
  },
  outsideTradingHours: { tw: '非交易時間', jp: '取引時間外です', en: 'Outside trading hours' },
  outsideFundHours: {
    tw: '非出入金時間',
    jp: '入出金の受付時間外です',
    en: 'Outside deposit and withdrawal hours',
  },
  depositProofMissing: {
    tw: '請上傳入金憑證',
    jp: '入金証明書をアップロードしてください',
    en: 'Please upload the deposit proof',
  },
  withdrawFailed: { tw: '出金發起失敗', jp: '出金の申請に失敗しました', en: 'Failed to initiate withdrawal' },
  withdrawBlockedByPositions: {
    tw: '持倉期間不可出金',
    jp: '保有ポジションがあるため出金できません',
    en: 'Withdrawal is not possible while positions are held',
  },
  bankCardRequired: {
    tw: '請先綁定銀行卡',
    jp: '先に銀行口座を登録してください',
    en: 'Please bind a bank card first',
  },
  depositBelowMinimum: {
    tw: '入金金額低於最小值',
    jp: '入金額が最低額を下回っています',
    en: 'Deposit amount is below the minimum',
  },
  depositAboveMaximum: {
    tw: '入金金額超過最大值',
    jp: '入金額が上限を超えています',
    en: 'Deposit amount exceeds the maximum',
  },
  systemBusy: {
    tw: '系統繁忙，請稍後再試',
    jp: 'システムが混み合っています。しばらくしてから再度お試しください',
    en: 'System busy, please try again later',
  },
} as const satisfies MessageGroup;

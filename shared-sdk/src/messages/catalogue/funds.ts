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
  // Issue 4 (docs/api/funds.md): amounts, idempotency, channels, cards, exchange, reviews.
  amountInvalid: { tw: '請輸入正確的金額', jp: '正しい金額を入力してください', en: 'Please enter a valid amount' },
  amountTooManyDecimals: {
    tw: '金額的小數位數超過該幣種允許的位數',
    jp: '金額の小数点以下の桁数がこの通貨で使える桁数を超えています',
    en: 'The amount has more decimals than the currency allows',
  },
  currencyUnsupported: { tw: '不支援的幣種', jp: 'この通貨には対応していません', en: 'Unsupported currency' },
  idempotencyKeyRequired: {
    tw: '請求識別碼缺失或格式錯誤，請重新提交',
    jp: 'リクエスト識別子がないか形式が正しくありません。もう一度送信してください',
    en: 'The request identifier is missing or invalid. Please submit again',
  },
  idempotencyKeyReused: {
    tw: '此請求識別碼已用於其他內容的請求',
    jp: 'このリクエスト識別子は別の内容のリクエストで使用済みです',
    en: 'This request identifier was already used for a different request',
  },
  depositChannelNotFound: { tw: '入金通道不存在', jp: '入金チャネルが見つかりません', en: 'Deposit channel not found' },
  depositNotFound: { tw: '入金記錄不存在', jp: '入金記録が見つかりません', en: 'Deposit record not found' },
  withdrawalNotFound: { tw: '出金記錄不存在', jp: '出金記録が見つかりません', en: 'Withdrawal record not found' },
  reviewNotPending: { tw: '該申請不在待審核狀態', jp: 'この申請は審査待ちではありません', en: 'This request is not pending review' },
  depositDemoAutoApprove: {
    tw: '演示模式：入金將於數秒後自動審核通過（模擬資金）',
    jp: 'デモモード：入金は数秒後に自動で承認されます（模擬資金）',
    en: 'Demo mode: the deposit is approved automatically in a few seconds (simulated money)',
  },
  exchangeQuoteNotFound: { tw: '報價不存在', jp: '見積もりが見つかりません', en: 'Quote not found' },
  exchangeQuoteExpired: {
    tw: '報價已過期，請重新取得報價',
    jp: '見積もりの有効期限が切れました。もう一度見積もりを取得してください',
    en: 'The quote has expired. Please get a new quote',
  },
  exchangeAmountTooSmall: { tw: '兌換金額過小', jp: '両替金額が小さすぎます', en: 'The exchange amount is too small' },
  adjustmentNotFound: { tw: '調帳申請不存在', jp: '残高調整の申請が見つかりません', en: 'Adjustment not found' },
  adjustmentSameOperator: {
    tw: '調帳須由另一位操作員核准',
    jp: '残高調整は別のオペレーターが承認する必要があります',
    en: 'An adjustment must be approved by a different operator',
  },
  fundsConfigInvalid: { tw: '資金設定值無效', jp: '資金設定の値が正しくありません', en: 'Invalid funds setting' },
  bankNotFound: { tw: '銀行不存在', jp: '金融機関が見つかりません', en: 'Bank not found' },
  branchNotFound: { tw: '分行不存在', jp: '支店が見つかりません', en: 'Branch not found' },
  holderNameKatakana: {
    tw: '戶名須為片假名',
    jp: '口座名義はカタカナで入力してください',
    en: 'The account holder name must be in katakana',
  },
  bankAccountNumberInvalid: {
    tw: '帳號須為7位數字',
    jp: '口座番号は7桁の数字で入力してください',
    en: 'The account number must be 7 digits',
  },
  bankAccountTypeInvalid: {
    tw: '請選擇帳戶類型（普通或當座）',
    jp: '口座種別（普通または当座）を選択してください',
    en: 'Please choose the account type (ordinary or current)',
  },
  bankCardLimit: { tw: '最多可綁定5張銀行卡', jp: '登録できる銀行口座は5件までです', en: 'You can bind up to 5 bank cards' },
  bindSuccess: { tw: '綁定成功', jp: '登録しました', en: 'Bound successfully' },
} as const satisfies MessageGroup;

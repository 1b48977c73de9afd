// Daily sign-in and coupons: the refusals and answers of the `rewards` group (docs/dividends.md
// "Coupons", "Daily sign-in"). A coupon never conditions a withdrawal, a deposit or access to money.
import type { MessageKeys } from './types';

export const rewardMessages = {
  signInDone: '今日簽到完成',
  signInAlreadyDone: '今日已簽到，獎勵只發一次',
  signInNotBusinessDay: '今日非營業日，無需簽到，連續簽到不中斷',
  couponNotFound: '找不到此優惠券',
  couponNotYours: '此優惠券不屬於您的帳戶',
  couponAlreadyUsed: '此優惠券已使用過，每張只能使用一次',
  couponExpired: '此優惠券已過期',
  couponNotApplicable: '此優惠券不適用於此用途',
  couponRedeemed: '優惠券已兌換，金額已入帳',
  couponGranted: '優惠券已發放',
  couponAlreadyGranted: '此客戶已領取過此活動的優惠券',
  couponValueInvalid: '優惠券金額須為 1 至 100,000 日圓的整數',
  couponExpiryInvalid: '優惠券到期日須為今天之後的日期',
} as const satisfies MessageKeys;

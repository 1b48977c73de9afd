// The sign-in and coupon messages in Japanese, by name (the names and the catalogue keys: ../rewards.ts).
import type { rewardMessages } from '../rewards';
import type { MessageTexts } from '../types';

export const rewardMessagesJp: MessageTexts<typeof rewardMessages> = {
  signInDone: '本日のサインインが完了しました',
  signInAlreadyDone: '本日はサインイン済みです。特典は一度だけです',
  signInNotBusinessDay: '本日は営業日ではないためサインインは不要です。連続記録は途切れません',
  couponNotFound: 'このクーポンは見つかりません',
  couponNotYours: 'このクーポンはお客様の口座のものではありません',
  couponAlreadyUsed: 'このクーポンは使用済みです。各クーポンは一度だけ使えます',
  couponExpired: 'このクーポンは有効期限切れです',
  couponNotApplicable: 'このクーポンはこの用途には使えません',
  couponRedeemed: 'クーポンを利用し、金額を入金しました',
  couponGranted: 'クーポンを付与しました',
  couponAlreadyGranted: 'このお客様はこのキャンペーンのクーポンを受け取り済みです',
  couponValueInvalid: 'クーポンの金額は1円から100,000円までの整数です',
  couponExpiryInvalid: 'クーポンの有効期限は本日より後の日付にしてください',
};

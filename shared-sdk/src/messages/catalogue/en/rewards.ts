// The sign-in and coupon messages in English, by name (the names and the catalogue keys: ../rewards.ts).
import type { rewardMessages } from '../rewards';
import type { MessageTexts } from '../types';

export const rewardMessagesEn: MessageTexts<typeof rewardMessages> = {
  signInDone: 'Signed in for today',
  signInAlreadyDone: 'Already signed in today; the reward is given once',
  signInNotBusinessDay: 'Today is not a business day: no sign-in needed, your streak is kept',
  couponNotFound: 'Coupon not found',
  couponNotYours: 'This coupon belongs to another account',
  couponAlreadyUsed: 'This coupon has been used; each coupon can be used once',
  couponExpired: 'This coupon has expired',
  couponNotApplicable: 'This coupon does not apply here',
  couponRedeemed: 'Coupon redeemed; the amount is in your cash',
  couponGranted: 'Coupon granted',
  couponAlreadyGranted: 'This customer already has this campaign’s coupon',
  couponValueInvalid: 'A coupon value must be a whole number of yen from 1 to 100,000',
  couponExpiryInvalid: 'A coupon’s expiry must be a date after today',
};

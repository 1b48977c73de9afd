// The dividend and corporate-action messages in Japanese, by name (the names and the catalogue keys: ../dividends.ts).
import type { dividendMessages } from '../dividends';
import type { MessageTexts } from '../types';

export const dividendMessagesJp: MessageTexts<typeof dividendMessages> = {
  dividendEventNotFound: '配当予定が見つかりません',
  dividendPaymentNotFound: '配当金の記録が見つかりません',
  dividendAdjustmentNotFound: '配当落調整金の記録が見つかりません',
  corporateActionNotFound: 'コーポレートアクションが見つかりません',
  perkNotFound: '株主優待が見つかりません',
  dividendRecordDateInPast: '権利確定日は本日以降にしてください',
  dividendPaymentBeforeRecord: '支払開始日は権利確定日より後にしてください',
  dividendPerShareNegative: '1株当たり配当金は0以上にしてください',
  dividendPerShareInvalid: '1株当たり配当金は小数第1位までの数値で入力してください',
  dividendEventLocked: '権利落ち日を過ぎた配当予定は変更できません',
  splitRatioBelowOne: '分割比率は1以上の整数にしてください',
  splitEffectiveDateInPast: '株式分割の効力発生日は本日より後にしてください',
  splitAlreadyScheduled: 'この銘柄のこの日付には既に株式分割が予定されています',
  dividendDateInvalid: '日付は営業日を「年-月-日」の形式（例：2027-01-05）で入力してください',
  dividendScheduleUpdated: '配当予定を更新しました',
  splitScheduled: '株式分割を予定しました',
  dividendReceivableBooked: '権利落ち日に未収配当金を計上しました',
  dividendPaid: '配当金を入金しました',
  dividendAdjustmentReserved: '信用取引の保証金から配当落調整金を拘束しました',
  dividendAdjustmentSettled: '配当落調整金を精算しました',
  dividendEquivalentPaid: '貸株の配当金相当額を入金しました',
  splitDone: '株式分割の効力が発生しました',
  ordersCancelledForSplit: '株式分割のため、この銘柄の注文を取り消しました',
};

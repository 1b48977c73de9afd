// Dividends and corporate actions: the refusals of the `dividend` group and of the operator
// schedule edits, and the notices the corporate-actions sweep sends (docs/dividends.md).
import type { MessageKeys } from './types';

export const dividendMessages = {
  dividendEventNotFound: '找不到該配息排程',
  dividendPaymentNotFound: '找不到該筆配息',
  dividendAdjustmentNotFound: '找不到該筆配息調整金',
  corporateActionNotFound: '找不到該公司行動',
  perkNotFound: '找不到該股東優待',
  dividendRecordDateInPast: '權利確定日不得早於今日',
  dividendPaymentBeforeRecord: '配息支付日須晚於權利確定日',
  dividendPerShareNegative: '每股配息不得小於0',
  dividendPerShareInvalid: '每股配息格式錯誤，最多一位小數',
  dividendEventLocked: '已過除息日的配息排程不可修改',
  splitRatioBelowOne: '分割比例須為1以上的整數',
  splitEffectiveDateInPast: '股票分割生效日須晚於今日',
  splitAlreadyScheduled: '該股票在此日期已有分割排程',
  dividendDateInvalid: '日期格式錯誤，須為營業日',
  dividendScheduleUpdated: '配息排程已更新',
  splitScheduled: '股票分割已排程',
  dividendReceivableBooked: '除息日已認列應收股利',
  dividendPaid: '股利已入帳',
  dividendAdjustmentReserved: '已自信用保證金圈存配息調整金',
  dividendAdjustmentSettled: '配息調整金已結算',
  dividendEquivalentPaid: '出借股份的配息相當額已入帳',
  splitDone: '股票分割已生效',
  ordersCancelledForSplit: '因股票分割，該股票的掛單已取消',
} as const satisfies MessageKeys;

// Stock lending (貸株): the refusals and answers of the `lending` group beyond the spec's
// "lending quota full or channel closed" (lendingQuotaFull / lendingChannelClosed in ./trading).
import type { MessageKeys } from './types';

export const lendingMessages = {
  lendingModeInvalid: '貸券模式須為權利優先或利息優先',
  lendingRisksNotAccepted: '請先閱讀並接受貸券風險說明',
  lendingAlreadyEnrolled: '已開通貸券服務',
  lendingNotEnrolled: '尚未開通貸券服務',
  lendingOptedIn: '貸券服務已開通',
  lendingModeChanged: '貸券模式已變更',
  lendingOptedOut: '貸券服務已關閉，出借股份已召回',
} as const satisfies MessageKeys;

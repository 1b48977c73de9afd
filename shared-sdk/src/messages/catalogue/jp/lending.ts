// The stock lending messages in Japanese, by name (the names and the catalogue keys: ../lending.ts).
import type { lendingMessages } from '../lending';
import type { MessageTexts } from '../types';

export const lendingMessagesJp: MessageTexts<typeof lendingMessages> = {
  lendingModeInvalid: '貸株のコースは権利取得優先か金利優先を選んでください',
  lendingRisksNotAccepted: '貸株のリスク説明を読み、同意してください',
  lendingAlreadyEnrolled: '貸株サービスは申込済みです',
  lendingNotEnrolled: '貸株サービスに申し込んでいません',
  lendingOptedIn: '貸株サービスに申し込みました',
  lendingModeChanged: '貸株のコースを変更しました',
  lendingOptedOut: '貸株サービスを解約し、貸出中の株式を返却しました',
};

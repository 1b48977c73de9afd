// The strategies messages in Japanese, by name (the names and the catalogue keys: ../strategies.ts).
import type { strategyMessages } from '../strategies';
import type { MessageTexts } from '../types';

export const strategyMessagesJp: MessageTexts<typeof strategyMessages> = {
  strategyNotEligible: 'ストラテジー公開の条件を満たしていません',
  strategyAlreadyPublished: 'ストラテジーはすでに公開されています',
  followOwnStrategy: 'ご自身のストラテジーはコピーできません',
  followAlreadyActive: 'このストラテジーはすでにコピー中です',
  followingNotFound: 'コピー取引が見つかりません',
  followingEnded: 'このコピー取引は終了しています',
  copyStopLossInvalid: 'コピーストップロスは5%から95%の間で指定してください',
  followPeriodInvalid: 'コピー期間が正しくありません',
  strategyTextInvalid: 'ストラテジー名、説明またはリスクの説明が正しくありません',
  followClosedRiskScore: 'リスクスコアが高かったため、このストラテジーは新規のコピーを一時停止しています',
};

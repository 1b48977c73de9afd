// Strategies and order following (docs/strategies.md). The spec's own messages stay in trading.ts
// (followDeadlinePassed, belowProductMinimum, productNotFound) and success.ts (followSuccess);
// these are the refusals the spec does not name. Each travels with the rule and the figure.
import type { MessageKeys } from './types';

export const strategyMessages = {
  strategyNotEligible: '不符合策略發布資格',
  strategyAlreadyPublished: '您已發布一個策略',
  followOwnStrategy: '不可跟隨自己的策略',
  followAlreadyActive: '您已在跟隨此策略',
  followingNotFound: '跟單不存在',
  followingEnded: '跟單已結束',
  copyStopLossInvalid: '跟單止損須在5%至95%之間',
  followPeriodInvalid: '跟單期間無效',
  strategyTextInvalid: '策略名稱、說明或風險提示無效',
  followClosedRiskScore: '此策略因風險分數偏高，暫停接受新的跟隨者',
} as const satisfies MessageKeys;

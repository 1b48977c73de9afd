// The strategies messages in English, by name (the names and the catalogue keys: ../strategies.ts).
import type { strategyMessages } from '../strategies';
import type { MessageTexts } from '../types';

export const strategyMessagesEn: MessageTexts<typeof strategyMessages> = {
  strategyNotEligible: 'Not eligible to publish a strategy',
  strategyAlreadyPublished: 'You have already published a strategy',
  followOwnStrategy: 'You cannot follow your own strategy',
  followAlreadyActive: 'You are already following this strategy',
  followingNotFound: 'Following not found',
  followingEnded: 'This following has ended',
  copyStopLossInvalid: 'The copy stop-loss must be between 5% and 95%',
  followPeriodInvalid: 'Invalid following period',
  strategyTextInvalid: 'Invalid strategy name, description or risk notes',
  followClosedRiskScore: 'This strategy is closed to new copiers for a while after a high risk score',
};

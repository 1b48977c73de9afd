// The stock lending messages in English, by name (the names and the catalogue keys: ../lending.ts).
import type { lendingMessages } from '../lending';
import type { MessageTexts } from '../types';

export const lendingMessagesEn: MessageTexts<typeof lendingMessages> = {
  lendingModeInvalid: 'Lending mode must be rights first or interest first',
  lendingRisksNotAccepted: 'Please read and accept the stock lending risks first',
  lendingAlreadyEnrolled: 'You have already joined stock lending',
  lendingNotEnrolled: 'You have not joined stock lending',
  lendingOptedIn: 'Stock lending is on',
  lendingModeChanged: 'Lending mode changed',
  lendingOptedOut: 'Stock lending is off; lent shares were recalled',
};

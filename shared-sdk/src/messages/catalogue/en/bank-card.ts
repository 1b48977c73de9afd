// The bank card messages in English, by name (the names and the catalogue keys: ../bank-card.ts).
import type { bankCardMessages } from '../bank-card';
import type { MessageTexts } from '../types';

export const bankCardMessagesEn: MessageTexts<typeof bankCardMessages> = {
  bankCardNotFound: 'Bank card does not exist',
  bankCardExists: 'Bank card already exists',
  bankCardNotOwned: 'This bank card does not belong to you',
};

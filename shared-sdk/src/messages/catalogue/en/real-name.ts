// The real name messages in English, by name (the names and the catalogue keys: ../real-name.ts).
import type { realNameMessages } from '../real-name';
import type { MessageTexts } from '../types';

export const realNameMessagesEn: MessageTexts<typeof realNameMessages> = {
  realNameFailed: 'Identity verification failed',
  realNameAlreadySubmitted: 'Identity information already submitted. Do not submit again',
  realNameNotPassed: 'Identity verification not passed',
  realNameUnderReview: 'Identity verification under review',
  realNameRequiredBeforeWithdraw: 'Please complete identity verification first',
  nameKanaRequired: 'Please enter the katakana reading of your name',
  nameKanaKatakana: 'The reading of your name must be in katakana',
};

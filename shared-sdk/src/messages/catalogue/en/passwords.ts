// The passwords messages in English, by name (the names and the catalogue keys: ../passwords.ts).
import type { passwordMessages } from '../passwords';
import type { MessageTexts } from '../types';

export const passwordMessagesEn: MessageTexts<typeof passwordMessages> = {
  wrongOriginalPassword: 'Original password is incorrect',
  wrongFundPassword: 'Fund password is incorrect',
  passwordsDiffer: 'The two passwords do not match',
  fundPasswordNotSet: 'Please set a fund password first',
  wrongChannelPassword: 'Channel password is incorrect',
  keyMismatch: 'Key mismatch',
  // Fund-password grant of an order ticket (docs/api/trading.md "Fund-password grant").
  fundPasswordGrantInvalid: 'The fund password confirmation has expired or is not valid. Please enter the fund password again',
};

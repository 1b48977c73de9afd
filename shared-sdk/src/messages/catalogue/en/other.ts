// The other messages in English, by name (the names and the catalogue keys: ../other.ts).
import type { otherMessages } from '../other';
import type { MessageTexts } from '../types';

export const otherMessagesEn: MessageTexts<typeof otherMessages> = {
  alreadySignedIn: 'Already signed in today',
  /** The server's answer for a business call that is not built yet. */
  notOpen: 'This feature is not open yet',
  invalidParams: 'Invalid parameters',
};

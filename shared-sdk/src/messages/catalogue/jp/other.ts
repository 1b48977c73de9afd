// The other messages in Japanese, by name (the names and the catalogue keys: ../other.ts).
import type { otherMessages } from '../other';
import type { MessageTexts } from '../types';

export const otherMessagesJp: MessageTexts<typeof otherMessages> = {
  alreadySignedIn: '本日はすでにチェックイン済みです',
  /** The server's answer for a business call that is not built yet. */
  notOpen: 'この機能はまだご利用いただけません',
  invalidParams: 'パラメータが正しくありません',
};

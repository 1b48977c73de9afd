// Other server answers (spec §8 "Other") and the generic protocol answers.
import type { MessageGroup } from './types';

export const otherMessages = {
  alreadySignedIn: { tw: '今日已簽到', jp: '本日はすでにチェックイン済みです', en: 'Already signed in today' },
  /** The server's answer for a business call that is not built yet. */
  notOpen: { tw: '此功能尚未開放', jp: 'この機能はまだご利用いただけません', en: 'This feature is not open yet' },
  invalidParams: { tw: '參數錯誤', jp: 'パラメータが正しくありません', en: 'Invalid parameters' },
} as const satisfies MessageGroup;

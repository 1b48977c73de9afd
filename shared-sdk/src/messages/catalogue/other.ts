// Other server answers (spec §8 "Other") and the generic protocol answers.
import type { MessageKeys } from './types';

export const otherMessages = {
  alreadySignedIn: '今日已簽到',
  /** The server's answer for a business call that is not built yet. */
  notOpen: '此功能尚未開放',
  invalidParams: '參數錯誤',
} as const satisfies MessageKeys;

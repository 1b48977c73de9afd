// Passwords (spec §8 "Passwords").
import type { MessageKeys } from './types';

export const passwordMessages = {
  wrongOriginalPassword: '原密碼錯誤',
  wrongFundPassword: '資金密碼錯誤',
  passwordsDiffer: '兩次密碼輸入不一致',
  fundPasswordNotSet: '請先設定資金密碼',
  wrongChannelPassword: '通道密碼錯誤',
  keyMismatch: '密鑰不匹配',
  // Fund-password grant of an order ticket (docs/api/trading.md "Fund-password grant").
  fundPasswordGrantInvalid: '資金密碼確認已過期或無效，請重新輸入資金密碼',
} as const satisfies MessageKeys;

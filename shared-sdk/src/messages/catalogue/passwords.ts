// Passwords (spec §8 "Passwords").
import type { MessageGroup } from './types';

export const passwordMessages = {
  wrongOriginalPassword: { tw: '原密碼錯誤', jp: '現在のパスワードが正しくありません', en: 'Original password is incorrect' },
  wrongFundPassword: { tw: '資金密碼錯誤', jp: '取引パスワードが正しくありません', en: 'Fund password is incorrect' },
  passwordsDiffer: {
    tw: '兩次密碼輸入不一致',
    jp: '2回入力したパスワードが一致しません',
    en: 'The two passwords do not match',
  },
  fundPasswordNotSet: {
    tw: '請先設定資金密碼',
    jp: '先に取引パスワードを設定してください',
    en: 'Please set a fund password first',
  },
  wrongChannelPassword: { tw: '通道密碼錯誤', jp: 'チャネルパスワードが正しくありません', en: 'Channel password is incorrect' },
  keyMismatch: { tw: '密鑰不匹配', jp: 'キーが一致しません', en: 'Key mismatch' },
} as const satisfies MessageGroup;

// The passwords messages in Japanese, by name (the names and the catalogue keys: ../passwords.ts).
import type { passwordMessages } from '../passwords';
import type { MessageTexts } from '../types';

export const passwordMessagesJp: MessageTexts<typeof passwordMessages> = {
  wrongOriginalPassword: '現在のパスワードが正しくありません',
  wrongFundPassword: '取引暗証番号が正しくありません',
  passwordsDiffer: '2回入力したパスワードが一致しません',
  fundPasswordNotSet: '先に取引暗証番号を設定してください',
  wrongChannelPassword: 'チャネルパスワードが正しくありません',
  keyMismatch: 'キーが一致しません',
  // Fund-password grant of an order ticket (docs/api/trading.md "Fund-password grant").
  fundPasswordGrantInvalid: '取引暗証番号の確認が期限切れか無効です。取引暗証番号を再入力してください',
};

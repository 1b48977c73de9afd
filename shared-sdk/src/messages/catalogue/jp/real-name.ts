// The real name messages in Japanese, by name (the names and the catalogue keys: ../real-name.ts).
import type { realNameMessages } from '../real-name';
import type { MessageTexts } from '../types';

export const realNameMessagesJp: MessageTexts<typeof realNameMessages> = {
  realNameFailed: '本人確認に失敗しました',
  realNameAlreadySubmitted: '本人確認書類は提出済みです。再提出しないでください',
  realNameNotPassed: '本人確認が承認されていません',
  realNameUnderReview: '本人確認の審査中です',
  realNameRequiredBeforeWithdraw: '先に本人確認を完了してください',
  nameKanaRequired: 'フリガナを入力してください',
  nameKanaKatakana: 'フリガナは全角カタカナで入力してください',
};

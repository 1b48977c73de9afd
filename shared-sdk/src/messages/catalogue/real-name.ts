// Real-name (identity) verification (spec §8 "Real name").
import type { MessageGroup } from './types';

export const realNameMessages = {
  realNameFailed: { tw: '實名認證失敗', jp: '本人確認に失敗しました', en: 'Identity verification failed' },
  realNameAlreadySubmitted: {
    tw: '實名資料已提交，請勿重複提交',
    jp: '本人確認書類は提出済みです。再提出しないでください',
    en: 'Identity information already submitted. Do not submit again',
  },
  realNameNotPassed: {
    tw: '實名認證未通過',
    jp: '本人確認が承認されていません',
    en: 'Identity verification not passed',
  },
  realNameUnderReview: { tw: '實名認證審核中', jp: '本人確認の審査中です', en: 'Identity verification under review' },
  realNameRequiredBeforeWithdraw: {
    tw: '請先完成實名認證',
    jp: '先に本人確認を完了してください',
    en: 'Please complete identity verification first',
  },
  nameKanaRequired: {
    tw: '請輸入姓名的片假名讀音',
    jp: 'フリガナを入力してください',
    en: 'Please enter the katakana reading of your name',
  },
  nameKanaKatakana: {
    tw: '姓名讀音須為片假名',
    jp: 'フリガナは全角カタカナで入力してください',
    en: 'The reading of your name must be in katakana',
  },
} as const satisfies MessageGroup;

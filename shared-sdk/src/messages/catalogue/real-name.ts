// Real-name (identity) verification (spec §8 "Real name").
import type { MessageKeys } from './types';

export const realNameMessages = {
  realNameFailed: '實名認證失敗',
  realNameAlreadySubmitted: '實名資料已提交，請勿重複提交',
  realNameNotPassed: '實名認證未通過',
  realNameUnderReview: '實名認證審核中',
  realNameRequiredBeforeWithdraw: '請先完成實名認證',
  nameKanaRequired: '請輸入姓名的片假名讀音',
  nameKanaKatakana: '姓名讀音須為片假名',
} as const satisfies MessageKeys;

// Client-side (and server-side) validation messages for the rules of spec §5.
// The zod schemas in ../../schemas fail with these keys.
import type { MessageKeys } from './types';

export const validationMessages = {
  accountEmpty: '帳號不能為空',
  accountInvalid: '帳號須為10位手機號碼',
  passwordRule: '密碼須為8至20個字元：英文字母、數字或符號，不含空格',
  confirmPasswordEmpty: '請再次輸入密碼',
  inviteCodeRequired: '請輸入邀請碼',
  inviteCodeInvalid: '邀請碼格式錯誤',
  agreePrivacyRequired: '請閱讀並同意隱私協議',
  agreeCustomerRequired: '請閱讀並同意客戶協議',
  realNameRequired: '請輸入真實姓名',
  idNumberRequired: '請輸入證件號碼',
  idPhotosRequired: '請上傳證件正反面照片',
  fundPasswordEmpty: '請輸入資金密碼',
  fundPasswordRule: '資金密碼須為6位數字',
  positiveIntegerRequired: '請輸入正整數',
  priceAboveZero: '價格必須大於0',
  sameCurrency: '相同幣種不能兌換',
  emailInvalid: '郵箱格式不正確',
  imageTypeNotAllowed: '僅支援JPG、PNG、WEBP圖片',
  imageTooLarge: '圖片不可超過5百萬位元組',
} as const satisfies MessageKeys;

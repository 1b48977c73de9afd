// Client-side (and server-side) validation messages for the rules of spec §5.
// The zod schemas in ../../schemas fail with these keys.
import type { MessageGroup } from './types';

export const validationMessages = {
  accountEmpty: { tw: '帳號不能為空', jp: 'アカウントを入力してください', en: 'Account cannot be empty' },
  accountInvalid: {
    tw: '帳號須為10位手機號碼',
    jp: 'アカウントは10桁の携帯電話番号で入力してください',
    en: 'Account must be a ten-digit mobile number',
  },
  passwordRule: {
    tw: '密碼須為8至20位英文字母或數字',
    jp: 'パスワードは英字または数字で8〜20文字にしてください',
    en: 'Password must be 8 to 20 letters or digits',
  },
  confirmPasswordEmpty: { tw: '請再次輸入密碼', jp: '確認用パスワードを入力してください', en: 'Please enter the password again' },
  inviteCodeRequired: { tw: '請輸入邀請碼', jp: '招待コードを入力してください', en: 'Please enter the invitation code' },
  inviteCodeInvalid: {
    tw: '邀請碼格式錯誤',
    jp: '招待コードの形式が正しくありません',
    en: 'Invalid invitation code',
  },
  agreePrivacyRequired: {
    tw: '請閱讀並同意隱私協議',
    jp: 'プライバシーポリシーをお読みのうえ同意してください',
    en: 'Please read and accept the privacy agreement',
  },
  agreeCustomerRequired: {
    tw: '請閱讀並同意客戶協議',
    jp: '顧客規約をお読みのうえ同意してください',
    en: 'Please read and accept the customer agreement',
  },
  realNameRequired: { tw: '請輸入真實姓名', jp: '氏名を入力してください', en: 'Please enter your real name' },
  idNumberRequired: { tw: '請輸入證件號碼', jp: '本人確認書類の番号を入力してください', en: 'Please enter your ID number' },
  idPhotosRequired: {
    tw: '請上傳證件正反面照片',
    jp: '本人確認書類の表面と裏面の写真をアップロードしてください',
    en: 'Please upload the front and back of your ID',
  },
  fundPasswordEmpty: { tw: '請輸入資金密碼', jp: '取引パスワードを入力してください', en: 'Please enter the fund password' },
  fundPasswordRule: {
    tw: '資金密碼須為6位數字',
    jp: '取引パスワードは6桁の数字にしてください',
    en: 'Fund password must be 6 digits',
  },
  positiveIntegerRequired: {
    tw: '請輸入正整數',
    jp: '正の整数を入力してください',
    en: 'Please enter a positive integer',
  },
  priceAboveZero: { tw: '價格必須大於0', jp: '価格は0より大きくしてください', en: 'Price must be above 0' },
  sameCurrency: { tw: '相同幣種不能兌換', jp: '同じ通貨同士は両替できません', en: 'The same currency cannot be exchanged' },
  emailInvalid: { tw: '郵箱格式不正確', jp: 'メールアドレスの形式が正しくありません', en: 'Invalid email format' },
  imageTypeNotAllowed: {
    tw: '僅支援JPG、PNG、WEBP圖片',
    jp: 'JPG・PNG・WEBP形式の画像のみアップロードできます',
    en: 'Only JPG, PNG or WEBP images are allowed',
  },
} as const satisfies MessageGroup;

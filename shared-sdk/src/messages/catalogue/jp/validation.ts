// The validation messages in Japanese, by name (the names and the catalogue keys: ../validation.ts).
import type { validationMessages } from '../validation';
import type { MessageTexts } from '../types';

export const validationMessagesJp: MessageTexts<typeof validationMessages> = {
  accountEmpty: 'アカウントを入力してください',
  accountInvalid: 'アカウントは10桁の携帯電話番号で入力してください',
  passwordRule: 'パスワードは英字・数字・記号で8〜20文字にしてください（空白は使えません）',
  confirmPasswordEmpty: '確認用パスワードを入力してください',
  inviteCodeRequired: '招待コードを入力してください',
  inviteCodeInvalid: '招待コードの形式が正しくありません',
  agreePrivacyRequired: 'プライバシーポリシーをお読みのうえ同意してください',
  agreeCustomerRequired: '顧客規約をお読みのうえ同意してください',
  realNameRequired: '氏名を入力してください',
  idNumberRequired: '本人確認書類の番号を入力してください',
  idPhotosRequired: '本人確認書類の表面と裏面の写真をアップロードしてください',
  fundPasswordEmpty: '取引暗証番号を入力してください',
  fundPasswordRule: '取引暗証番号は6桁の数字にしてください',
  positiveIntegerRequired: '正の整数を入力してください',
  priceAboveZero: '価格は0より大きくしてください',
  sameCurrency: '同じ通貨同士は両替できません',
  emailInvalid: 'メールアドレスの形式が正しくありません',
  imageTypeNotAllowed: 'JPG・PNG・WEBP形式の画像のみアップロードできます',
  imageTooLarge: '画像は5メガバイト以下にしてください',
};

// The account messages in Japanese, by name (the names and the catalogue keys: ../account.ts).
import type { accountMessages } from '../account';
import type { MessageTexts } from '../types';

export const accountMessagesJp: MessageTexts<typeof accountMessages> = {
  accountNotFound: 'アカウントが存在しません',
  wrongAccountOrPassword: 'アカウントまたはパスワードが正しくありません',
  accountExists: 'このアカウントは既に登録されています',
  inviterNotFound: '招待者が存在しません：この招待コードを持つお客様はいません。受け取ったコードをご確認ください',
  accountFrozen: 'アカウントは凍結されています。サポートにお問い合わせください',
  loginBanned: 'このアカウントはログインが禁止されています。サポートにお問い合わせください',
  accountDisabled: 'アカウントは無効になっています。サポートにお問い合わせください',
  loginFailed: 'ログインに失敗しました',
  passwordEmpty: 'パスワードを入力してください',
  registerFailed: '登録に失敗しました',
  tradingBarred: 'このアカウントは取引が禁止されています。サポートにお問い合わせください',
  withdrawBarred: 'このアカウントは出金が禁止されています。サポートにお問い合わせください',
  noPermission: '権限がありません。管理者にお問い合わせください',
  seatAccountSupportOnly: '機関（シート）口座はオンラインサポートでのみお手続きいただけます',
  loginRequired: 'ログインしてください',
};

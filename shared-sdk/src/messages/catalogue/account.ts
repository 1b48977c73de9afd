// Account and login (spec §8 "Account and login", §6 roles and restrictions).
import type { MessageGroup } from './types';

export const accountMessages = {
  accountNotFound: { tw: '帳號不存在', jp: 'アカウントが存在しません', en: 'Account does not exist' },
  wrongAccountOrPassword: {
    tw: '帳號或密碼錯誤',
    jp: 'アカウントまたはパスワードが正しくありません',
    en: 'Incorrect account or password',
  },
  accountExists: { tw: '帳號已存在', jp: 'このアカウントは既に登録されています', en: 'Account already exists' },
  inviterNotFound: { tw: '邀請人不存在', jp: '招待者が存在しません', en: 'Inviter does not exist' },
  accountFrozen: {
    tw: '帳號已凍結，請聯繫客服',
    jp: 'アカウントは凍結されています。サポートにお問い合わせください',
    en: 'Your account is frozen. Please contact support',
  },
  loginBanned: {
    tw: '帳號已被禁止登入，請聯繫客服',
    jp: 'このアカウントはログインが禁止されています。サポートにお問い合わせください',
    en: 'Login is banned for this account. Please contact support',
  },
  accountDisabled: {
    tw: '帳號已停用，請聯繫客服',
    jp: 'アカウントは無効になっています。サポートにお問い合わせください',
    en: 'Your account is disabled. Please contact support',
  },
  loginFailed: { tw: '登入失敗', jp: 'ログインに失敗しました', en: 'Login failed' },
  passwordEmpty: { tw: '密碼不能為空', jp: 'パスワードを入力してください', en: 'Password cannot be empty' },
  registerFailed: { tw: '註冊失敗', jp: '登録に失敗しました', en: 'Registration failed' },
  tradingBarred: {
    tw: '帳號已被禁止交易，請聯繫客服',
    jp: 'このアカウントは取引が禁止されています。サポートにお問い合わせください',
    en: 'Trading is barred for this account. Please contact support',
  },
  withdrawBarred: {
    tw: '帳號已被禁止出金，請聯繫客服',
    jp: 'このアカウントは出金が禁止されています。サポートにお問い合わせください',
    en: 'Withdrawals are barred for this account. Please contact support',
  },
  noPermission: {
    tw: '您沒有權限，請聯繫管理員',
    jp: '権限がありません。管理者にお問い合わせください',
    en: 'You do not have permission. Please contact an administrator',
  },
  seatAccountSupportOnly: {
    tw: '席位帳戶僅可透過線上客服辦理',
    jp: '機関（シート）口座はオンラインサポートでのみお手続きいただけます',
    en: 'Seat accounts can only be served through online support',
  },
  loginRequired: { tw: '請先登入', jp: 'ログインしてください', en: 'Please log in first' },
} as const satisfies MessageGroup;

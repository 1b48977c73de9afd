// Account and login (spec §8 "Account and login", §6 roles and restrictions).
import type { MessageKeys } from './types';

export const accountMessages = {
  accountNotFound: '帳號不存在',
  wrongAccountOrPassword: '帳號或密碼錯誤',
  accountExists: '帳號已存在',
  inviterNotFound: '邀請人不存在：沒有客戶使用此邀請碼，請核對您收到的邀請碼',
  accountFrozen: '帳號已凍結，請聯繫客服',
  loginBanned: '帳號已被禁止登入，請聯繫客服',
  accountDisabled: '帳號已停用，請聯繫客服',
  loginFailed: '登入失敗',
  passwordEmpty: '密碼不能為空',
  registerFailed: '註冊失敗',
  tradingBarred: '帳號已被禁止交易，請聯繫客服',
  withdrawBarred: '帳號已被禁止出金，請聯繫客服',
  noPermission: '您沒有權限，請聯繫管理員',
  seatAccountSupportOnly: '席位帳戶僅可透過線上客服辦理',
  loginRequired: '請先登入',
} as const satisfies MessageKeys;

// The account messages in English, by name (the names and the catalogue keys: ../account.ts).
import type { accountMessages } from '../account';
import type { MessageTexts } from '../types';

export const accountMessagesEn: MessageTexts<typeof accountMessages> = {
  accountNotFound: 'Account does not exist',
  wrongAccountOrPassword: 'Incorrect account or password',
  accountExists: 'Account already exists',
  inviterNotFound: 'Inviter does not exist: no customer has this invitation code. Check the code you were given',
  accountFrozen: 'Your account is frozen. Please contact support',
  loginBanned: 'Login is banned for this account. Please contact support',
  accountDisabled: 'Your account is disabled. Please contact support',
  loginFailed: 'Login failed',
  passwordEmpty: 'Password cannot be empty',
  registerFailed: 'Registration failed',
  tradingBarred: 'Trading is barred for this account. Please contact support',
  withdrawBarred: 'Withdrawals are barred for this account. Please contact support',
  noPermission: 'You do not have permission. Please contact an administrator',
  seatAccountSupportOnly: 'Seat accounts can only be served through online support',
  loginRequired: 'Please log in first',
};

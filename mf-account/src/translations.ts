// Texts of the account namespace (mf-account). tw, jp and en are complete; hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const ACCOUNT_TEXTS: Translations = {
  tw: {
    title_mine: '個人中心',
    title_setting: '設定',
    title_resetPwd: '修改登入密碼',
    title_moneyPwd: '資金密碼',
    title_bandCard: '實名認證',
    title_message: '站內信',
    title_msgdetail: '訊息詳情',
  },
  jp: {
    title_mine: 'マイページ',
    title_setting: '設定',
    title_resetPwd: 'ログインパスワードの変更',
    title_moneyPwd: '取引暗証番号',
    title_bandCard: '本人確認',
    title_message: 'お知らせ',
    title_msgdetail: 'お知らせ詳細',
  },
  en: {
    title_mine: 'Profile',
    title_setting: 'Settings',
    title_resetPwd: 'Change login password',
    title_moneyPwd: 'Fund password',
    title_bandCard: 'Identity verification',
    title_message: 'Site messages',
    title_msgdetail: 'Message detail',
  },
};

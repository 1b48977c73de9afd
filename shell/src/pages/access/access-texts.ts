// Texts of the access flows added for identity and security (passkey login step,
// re-verification code, passkey enrolment offer, forgot password), namespace 'access'.
// They live next to the pages that use them and load with those pages' chunk.
// tw, jp and en are complete (access-texts.test.ts); hi and id fall back to en.
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addTranslations, type Lang, type Translations } from '@kabuto/shared-sdk';

export const ACCESS_NS = 'access';

const en = {
  'passkey.title': 'Confirm with your passkey',
  'passkey.body': 'Your account is protected by a passkey. Use it to finish signing in.',
  'passkey.use': 'Use passkey',
  'passkey.waiting': 'Waiting for your passkey…',
  'passkey.cancelled': 'The passkey was not used. Try again, or start over.',
  startOver: 'Start over',

  'code.title': 'Confirm it is you',
  'code.body': 'Your account was reopened. We sent a 6-digit code to {{sentTo}}.',
  'code.label': 'Verification code',
  'code.placeholder': '6-digit code',
  'code.submit': 'Confirm',

  'enrol.title': 'Protect your account with a passkey',
  'enrol.body':
    'A passkey signs you in with your fingerprint, face or screen lock and cannot be phished. Withdrawals, bank-card changes and fund-password changes ask for it too.',
  'enrol.add': 'Add a passkey',
  'enrol.adding': 'Adding…',
  'enrol.skip': 'Not now',
  'enrol.unsupported': 'This browser cannot create passkeys. You can add one later in Settings.',
  'enrol.added': 'Passkey added. Next time you sign in, you will use it.',

  'forgot.title': 'Reset your password',
  'forgot.intro': 'Enter your account. We will send a 6-digit code to your registered mobile number.',
  'forgot.send': 'Send code',
  'forgot.sending': 'Sending…',
  'forgot.resendIn': 'Send again in {{seconds}} s',
  'forgot.resend': 'Send the code again',
  'forgot.code': 'Verification code',
  'forgot.codePlaceholder': '6-digit code',
  'forgot.password': 'New password',
  'forgot.passwordPlaceholder': 'Choose a new password',
  'forgot.confirm': 'Confirm new password',
  'forgot.confirmPlaceholder': 'Enter the new password again',
  'forgot.submit': 'Reset password',
  'forgot.back': 'Back to sign in',
} as const;

export type AccessTextKey = keyof typeof en;
type AccessTexts = Record<AccessTextKey, string>;

const tw: AccessTexts = {
  'passkey.title': '使用通行密鑰確認',
  'passkey.body': '您的帳號受通行密鑰保護，請使用通行密鑰完成登入。',
  'passkey.use': '使用通行密鑰',
  'passkey.waiting': '等待通行密鑰驗證…',
  'passkey.cancelled': '未使用通行密鑰。請再試一次，或重新開始。',
  startOver: '重新開始',

  'code.title': '確認是您本人',
  'code.body': '您的帳號已恢復使用。我們已將6位數驗證碼發送至 {{sentTo}}。',
  'code.label': '驗證碼',
  'code.placeholder': '6位數驗證碼',
  'code.submit': '確認',

  'enrol.title': '使用通行密鑰保護您的帳號',
  'enrol.body': '通行密鑰透過指紋、臉部或螢幕鎖定登入，無法被釣魚網站盜用。出金、變更銀行卡及變更資金密碼時也需要使用。',
  'enrol.add': '新增通行密鑰',
  'enrol.adding': '新增中…',
  'enrol.skip': '稍後再說',
  'enrol.unsupported': '此瀏覽器無法建立通行密鑰。您可以稍後在設定中新增。',
  'enrol.added': '通行密鑰已新增，下次登入時將使用它。',

  'forgot.title': '重設密碼',
  'forgot.intro': '請輸入帳號，我們會將6位數驗證碼發送至您註冊的手機號碼。',
  'forgot.send': '發送驗證碼',
  'forgot.sending': '發送中…',
  'forgot.resendIn': '{{seconds}} 秒後可重新發送',
  'forgot.resend': '重新發送驗證碼',
  'forgot.code': '驗證碼',
  'forgot.codePlaceholder': '6位數驗證碼',
  'forgot.password': '新密碼',
  'forgot.passwordPlaceholder': '請設定新密碼',
  'forgot.confirm': '確認新密碼',
  'forgot.confirmPlaceholder': '請再次輸入新密碼',
  'forgot.submit': '重設密碼',
  'forgot.back': '返回登入',
};

const jp: AccessTexts = {
  'passkey.title': 'パスキーで確認',
  'passkey.body': 'このアカウントはパスキーで保護されています。パスキーを使ってログインを完了してください。',
  'passkey.use': 'パスキーを使う',
  'passkey.waiting': 'パスキーの認証を待っています…',
  'passkey.cancelled': 'パスキーが使用されませんでした。もう一度お試しいただくか、最初からやり直してください。',
  startOver: '最初からやり直す',

  'code.title': 'ご本人確認',
  'code.body': 'アカウントの利用が再開されました。{{sentTo}} に6桁の確認コードを送信しました。',
  'code.label': '確認コード',
  'code.placeholder': '6桁の確認コード',
  'code.submit': '確認する',

  'enrol.title': 'パスキーでアカウントを守りましょう',
  'enrol.body':
    'パスキーは指紋・顔認証・画面ロックでログインでき、フィッシングで盗まれることがありません。出金、銀行口座の変更、取引暗証番号の変更の際にも使います。',
  'enrol.add': 'パスキーを登録',
  'enrol.adding': '登録中…',
  'enrol.skip': '後で',
  'enrol.unsupported': 'このブラウザではパスキーを作成できません。後から設定画面で登録できます。',
  'enrol.added': 'パスキーを登録しました。次回からはパスキーでログインします。',

  'forgot.title': 'パスワードの再設定',
  'forgot.intro': 'アカウントを入力してください。登録済みの携帯電話番号に6桁の確認コードを送信します。',
  'forgot.send': 'コードを送信',
  'forgot.sending': '送信中…',
  'forgot.resendIn': '{{seconds}} 秒後に再送信できます',
  'forgot.resend': 'コードを再送信',
  'forgot.code': '確認コード',
  'forgot.codePlaceholder': '6桁の確認コード',
  'forgot.password': '新しいパスワード',
  'forgot.passwordPlaceholder': '新しいパスワードを設定',
  'forgot.confirm': '新しいパスワード（確認）',
  'forgot.confirmPlaceholder': 'もう一度新しいパスワードを入力',
  'forgot.submit': 'パスワードを再設定',
  'forgot.back': 'ログインに戻る',
};

export const ACCESS_TEXTS: Translations = { tw, jp, en };

// Added (every language: they are few) when this module loads, with the access pages' chunk.
addTranslations(ACCESS_NS, ACCESS_TEXTS);

/** t() of the sign-in pages' namespace, typed by its keys, and the page language. */
export function useAccessTexts(): { t: (key: AccessTextKey, options?: TOptions) => string; lang: Lang } {
  const { t, i18n } = useTranslation(ACCESS_NS);
  return { t, lang: i18n.language as Lang };
}

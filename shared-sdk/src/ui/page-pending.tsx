// The honest placeholder every remote page shows until its feature issue lands: no
// fake data, no pretend forms, just a translated "not available yet" note. One shared
// component, so the five remotes say it the same way in every language.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '../i18n/instance';
import type { Translations } from '../i18n/languages';

/** Namespace of the SDK's own UI texts (the pending note, the step-up code prompt, the fund-password confirmation). */
export const SDK_UI_NAMESPACE = 'sdk-ui';

export const SDK_UI_TEXTS: Translations = {
  tw: {
    pendingTitle: '尚未開放',
    pendingBody: '此頁面目前尚未開放，功能上線後即可在此使用。',
    stepUpCodeTitle: '確認是您本人',
    stepUpCodeBody: '我們已將6位數驗證碼發送至 {{sentTo}}，請輸入以繼續。',
    stepUpCodePlaceholder: '6位數驗證碼',
    stepUpConfirm: '確認',
    stepUpCancel: '取消',
    retry: '重試',
    listEmpty: '暫無資料',
    fundPasswordTitle: '請輸入資金密碼確認',
    fundPasswordLabel: '資金密碼（6 位數字）',
    fundPasswordMissing: '送出時需要資金密碼，但您尚未設定。請先設定，此處已填寫的內容會保留。',
    fundPasswordSet: '設定資金密碼',
    contactSupport: '聯繫客服',
    close: '關閉',
  },
  jp: {
    pendingTitle: '準備中',
    pendingBody: 'このページはまだご利用いただけません。機能の公開後、こちらからご利用いただけます。',
    stepUpCodeTitle: 'ご本人確認',
    stepUpCodeBody: '{{sentTo}} に6桁の確認コードを送信しました。入力して続けてください。',
    stepUpCodePlaceholder: '6桁の確認コード',
    stepUpConfirm: '確認',
    stepUpCancel: 'キャンセル',
    retry: '再試行',
    listEmpty: 'まだありません',
    fundPasswordTitle: '取引暗証番号で確認',
    fundPasswordLabel: '取引暗証番号（6桁）',
    fundPasswordMissing: '送信には取引暗証番号が必要ですが、まだ設定されていません。先に設定してください。ここに入力した内容はそのまま残ります。',
    fundPasswordSet: '取引暗証番号を設定',
    contactSupport: 'サポートに問い合わせる',
    close: '閉じる',
  },
  en: {
    pendingTitle: 'Not available yet',
    pendingBody: 'This page is not available yet. It will open here once the feature is released.',
    stepUpCodeTitle: 'Confirm it is you',
    stepUpCodeBody: 'We sent a 6-digit code to {{sentTo}}. Enter it to continue.',
    stepUpCodePlaceholder: '6-digit code',
    stepUpConfirm: 'Confirm',
    stepUpCancel: 'Cancel',
    retry: 'Try again',
    listEmpty: 'Nothing here yet',
    fundPasswordTitle: 'Confirm with your fund password',
    fundPasswordLabel: 'Fund password (6 digits)',
    fundPasswordMissing: 'Sending this needs your fund password, and you have not set one yet. Set it first: what you enter here is kept.',
    fundPasswordSet: 'Set a fund password',
    contactSupport: 'Contact support',
    close: 'Close',
  },
  // Hindi and Indonesian: the texts a form shows before and at its fund password (the rest
  // falls back to English, as the switcher's partial languages do).
  hi: {
    fundPasswordTitle: 'अपने फ़ंड पासवर्ड से पुष्टि करें',
    fundPasswordLabel: 'फ़ंड पासवर्ड (6 अंक)',
    fundPasswordMissing: 'इसे भेजने के लिए आपके फ़ंड पासवर्ड की ज़रूरत है, जो आपने अभी सेट नहीं किया है। पहले इसे सेट करें: यहाँ भरी गई जानकारी बनी रहेगी।',
    fundPasswordSet: 'फ़ंड पासवर्ड सेट करें',
  },
  id: {
    fundPasswordTitle: 'Konfirmasi dengan kata sandi dana Anda',
    fundPasswordLabel: 'Kata sandi dana (6 digit)',
    fundPasswordMissing: 'Pengiriman ini memerlukan kata sandi dana, dan Anda belum menetapkannya. Tetapkan dulu: isian Anda di sini tetap tersimpan.',
    fundPasswordSet: 'Tetapkan kata sandi dana',
  },
};

/** Adds the sdk-ui texts (every language: they are small) to the page's i18next; safe to call again. */
export function registerSdkUiTexts(): void {
  addTranslations(SDK_UI_NAMESPACE, SDK_UI_TEXTS);
}

registerSdkUiTexts();

// Inline because the SDK is compiled by tsc, which carries no CSS files; the colours
// come from the shell's theme (inherited), so nothing global is introduced here.
const noteStyle: CSSProperties = { padding: '48px 24px', textAlign: 'center' };
const bodyStyle: CSSProperties = { margin: '12px 0 0', opacity: 0.7, lineHeight: 1.6 };

export function PagePending() {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  return (
    <section data-testid="page-pending" role="status" style={noteStyle}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{t('pendingTitle')}</h2>
      <p style={bodyStyle}>{t('pendingBody')}</p>
    </section>
  );
}

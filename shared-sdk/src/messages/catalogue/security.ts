// Sessions, lockout, one-time codes, passkeys and step-up, identity verification and
// site messages (issue 3; JSDA 2025 guideline: phishing-resistant MFA, automatic lock,
// notifications). The server answers these; docs/api/identity.md says when.
import type { MessageGroup } from './types';

export const securityMessages = {
  sessionExpired: {
    tw: '登入已過期，請重新登入',
    jp: 'ログインの有効期限が切れました。もう一度ログインしてください',
    en: 'Your session has expired. Please log in again',
  },
  /** The lock period is LOCKOUT_MINUTES (server/src/modules/identity/constants.ts). */
  // Password sign-in is paused for a growing delay (at most 15 minutes); a passkey still works.
  accountLocked: {
    tw: '密碼錯誤次數過多，請稍候幾分鐘再試，或使用通行密鑰登入，亦可聯繫客服',
    jp: 'パスワードの誤りが続いたため、パスワードでのログインを一時停止しています。数分後に再度お試しいただくか、パスキーでログインするか、サポートにお問い合わせください',
    en: 'Too many wrong passwords. Wait a few minutes and try again, sign in with your passkey, or contact support',
  },
  logoutSuccess: { tw: '已登出', jp: 'ログアウトしました', en: 'Logged out' },
  loginTicketExpired: {
    tw: '登入驗證已過期，請重新登入',
    jp: 'ログイン認証の有効期限が切れました。最初からやり直してください',
    en: 'The login verification has expired. Please log in again',
  },
  codeSentIfExists: {
    tw: '若帳號存在，驗證碼已發送',
    jp: 'アカウントが存在する場合、確認コードを送信しました',
    en: 'If the account exists, a verification code has been sent',
  },
  codeSent: { tw: '驗證碼已發送', jp: '確認コードを送信しました', en: 'Verification code sent' },
  codeInvalid: {
    tw: '驗證碼錯誤或已過期',
    jp: '確認コードが正しくないか、有効期限が切れています',
    en: 'The verification code is wrong or has expired',
  },
  codeFormat: { tw: '請輸入6位數字驗證碼', jp: '6桁の確認コードを入力してください', en: 'Please enter the 6-digit code' },
  passkeyFailed: { tw: '通行密鑰驗證失敗', jp: 'パスキーの認証に失敗しました', en: 'Passkey verification failed' },
  passkeyExists: { tw: '此通行密鑰已登錄', jp: 'このパスキーは登録済みです', en: 'This passkey is already registered' },
  passkeyNotFound: { tw: '通行密鑰不存在', jp: 'パスキーが見つかりません', en: 'Passkey not found' },
  passkeyAdded: { tw: '通行密鑰已新增', jp: 'パスキーを登録しました', en: 'Passkey added' },
  passkeyNameInvalid: {
    tw: '名稱須為1至40個字元',
    jp: '名前は1〜40文字で入力してください',
    en: 'The name must be 1 to 40 characters',
  },
  stepUpRequired: {
    tw: '請先完成身分驗證',
    jp: '追加の本人認証を行ってください',
    en: 'Please confirm it is you first',
  },
  passkeyRequiredForStepUp: {
    tw: '請使用通行密鑰驗證',
    jp: 'パスキーで認証してください',
    en: 'Please confirm with your passkey',
  },
  realNameSubmitted: {
    tw: '實名資料已提交，請等待審核',
    jp: '本人確認書類を提出しました。審査をお待ちください',
    en: 'Identity information submitted. Please wait for the review',
  },
  docTypeInvalid: { tw: '請選擇證件類型', jp: '本人確認書類の種類を選択してください', en: 'Please choose a document type' },
  idNumberInvalid: {
    tw: '證件號碼格式錯誤',
    jp: '本人確認書類の番号の形式が正しくありません',
    en: 'Invalid ID number',
  },
  uploadNotFound: {
    tw: '圖片不存在，請重新上傳',
    jp: '画像が見つかりません。もう一度アップロードしてください',
    en: 'Image not found. Please upload it again',
  },
  messageNotFound: { tw: '訊息不存在', jp: 'メッセージが見つかりません', en: 'Message not found' },
  reasonRequired: { tw: '請填寫原因', jp: '理由を入力してください', en: 'A reason is required' },
  // Operator-side answers (API and `npm run ops`).
  operatorCredentialRequired: {
    tw: '需要有效的操作員憑證',
    jp: '有効なオペレーター認証情報が必要です',
    en: 'A valid operator credential is required',
  },
  kycNotUnderReview: {
    tw: '沒有待審核的實名資料',
    jp: '審査待ちの本人確認書類はありません',
    en: 'No identity verification is waiting for review',
  },
  rebateRatioRequired: {
    tw: '代理須設定0至1之間的返佣比例',
    jp: '代理店には0〜1の還元率を設定してください',
    en: 'An agent needs a rebate ratio between 0 and 1',
  },
} as const satisfies MessageGroup;

// The security messages in Japanese, by name (the names and the catalogue keys: ../security.ts).
import type { securityMessages } from '../security';
import type { MessageTexts } from '../types';

export const securityMessagesJp: MessageTexts<typeof securityMessages> = {
  sessionExpired: 'ログインの有効期限が切れました。もう一度ログインしてください',
  /** The lock period is LOCKOUT_MINUTES (server/src/modules/identity/constants.ts). */
  // Password sign-in is paused for a growing delay (at most 15 minutes); a passkey still works.
  accountLocked:
    'パスワードの誤りが続いたため、パスワードでのログインを一時停止しています。数分後に再度お試しいただくか、パスキーでログインするか、サポートにお問い合わせください',
  logoutSuccess: 'ログアウトしました',
  loginTicketExpired: 'ログイン認証の有効期限が切れました。最初からやり直してください',
  codeSentIfExists: 'アカウントが存在する場合、確認コードを送信しました',
  codeSent: '確認コードを送信しました',
  codeInvalid: '確認コードが正しくないか、有効期限が切れています',
  codeFormat: '6桁の確認コードを入力してください',
  passkeyFailed: 'パスキーの認証に失敗しました',
  passkeyExists: 'このパスキーは登録済みです',
  passkeyNotFound: 'パスキーが見つかりません',
  passkeyAdded: 'パスキーを登録しました',
  passkeyNameInvalid: '名前は1〜40文字で入力してください',
  stepUpRequired: '追加の本人認証を行ってください',
  passkeyRequiredForStepUp: 'パスキーで認証してください',
  realNameSubmitted: '本人確認書類を提出しました。審査をお待ちください',
  docTypeInvalid: '本人確認書類の種類を選択してください',
  idNumberInvalid: '本人確認書類の番号の形式が正しくありません',
  uploadNotFound: '画像が見つかりません。もう一度アップロードしてください',
  messageNotFound: 'メッセージが見つかりません',
  reasonRequired: '理由を入力してください',
  // Operator-side answers (API and `npm run ops`).
  operatorCredentialRequired: '有効なオペレーター認証情報が必要です',
  operatorPasskeyHeld: 'このオペレーターにはパスキーが登録済みです。パスキーでサインインしてください',
  operatorPasskeyLast: '最後のパスキーは削除できません。先に別のパスキーを追加してください',
  operatorSessionRequired: 'この操作にはコンソールのセッション（認証情報とパスキー）が必要です',
  operatorCredentialOffNetwork:
    'オペレーター認証情報だけで使えるのはオペレーター用ネットワーク内のみです。コンソールで認証情報とパスキーでサインインしてください',
  kycNotUnderReview: '審査待ちの本人確認書類はありません',
  rebateRatioRequired: '代理店には0〜1の還元率を設定してください',
};

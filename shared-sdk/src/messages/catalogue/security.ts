// Sessions, lockout, one-time codes, passkeys and step-up, identity verification and
// site messages (JSDA 2025 guideline: phishing-resistant MFA, automatic lock,
// notifications). The server answers these; docs/api/identity.md says when.
import type { MessageKeys } from './types';

export const securityMessages = {
  sessionExpired: '登入已過期，請重新登入',
  /** The lock period is LOCKOUT_MINUTES (server/src/modules/identity/constants.ts). */
  // Password sign-in is paused for a growing delay (at most 15 minutes); a passkey still works.
  accountLocked: '密碼錯誤次數過多，請稍候幾分鐘再試，或使用通行密鑰登入，亦可聯繫客服',
  logoutSuccess: '已登出',
  loginTicketExpired: '登入驗證已過期，請重新登入',
  codeSentIfExists: '若帳號存在，驗證碼已發送',
  codeSent: '驗證碼已發送',
  codeInvalid: '驗證碼錯誤或已過期',
  codeFormat: '請輸入6位數字驗證碼',
  passkeyFailed: '通行密鑰驗證失敗',
  passkeyExists: '此通行密鑰已登錄',
  passkeyNotFound: '通行密鑰不存在',
  passkeyAdded: '通行密鑰已新增',
  passkeyNameInvalid: '名稱須為1至40個字元',
  stepUpRequired: '請先完成身分驗證',
  passkeyRequiredForStepUp: '請使用通行密鑰驗證',
  realNameSubmitted: '實名資料已提交，請等待審核',
  docTypeInvalid: '請選擇證件類型',
  idNumberInvalid: '證件號碼格式錯誤',
  uploadNotFound: '圖片不存在，請重新上傳',
  messageNotFound: '訊息不存在',
  reasonRequired: '請填寫原因',
  // Operator-side answers (API and `npm run ops`).
  operatorCredentialRequired: '需要有效的操作員憑證',
  // The console's second factor: an operator's passkeys (server/src/modules/ops/passkeys.ts).
  operatorPasskeyHeld: '此操作員已有通行密鑰，請以通行密鑰登入',
  operatorPasskeyLast: '不可移除最後一把通行密鑰，請先新增另一把',
  operatorSessionRequired: '此操作須在主控台工作階段中進行（憑證加通行密鑰）',
  // The credential alone is a CLI key for the operators' own networks (ops/networks.ts).
  operatorCredentialOffNetwork: '僅憑操作員憑證只能在操作員網路內使用；請在主控台以憑證加通行密鑰登入',
  kycNotUnderReview: '沒有待審核的實名資料',
  rebateRatioRequired: '代理須設定0至1之間的返佣比例',
} as const satisfies MessageKeys;

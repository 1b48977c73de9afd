// Node-safe entry '@kabuto/shared-sdk/schemas': zod schemas shared by client and server.
export {
  ACCOUNT_PATTERN,
  PASSWORD_PATTERN,
  acceptedSchema,
  accountSchema,
  fundPasswordGrantSchema,
  fundPasswordSchema,
  inviteCodeSchema,
  normaliseAccount,
  passwordSchema,
} from './account';
export {
  currencyPairSchema,
  emailSchema,
  loginFormSchema,
  realNameFormSchema,
  REGISTER_FIELDS,
  registerFormSchema,
  type LoginForm,
  type RealNameForm,
  type RegisterForm,
} from './forms';
export {
  INT4_MAX,
  PRICE_DECIMALS,
  parseStrictDecimal,
  positiveIntegerSchema,
  positivePriceSchema,
  priceSchema,
  rowIdSchema,
  strictInteger,
  type DecimalRules,
  type StrictDecimal,
} from './numbers';
export { firstErrorKey, type ParseResultLike } from './errors';
export {
  DOC_TYPES,
  DOC_TYPES_WITH_BACK,
  docHasBack,
  STEP_UP_PURPOSES,
  UPLOAD_KEY_PATTERN,
  changePasswordFormSchema,
  forgotCodeFormSchema,
  forgotResetFormSchema,
  fundPasswordFormSchema,
  fundPasswordGrantFormSchema,
  oneTimeCodeSchema,
  passkeyNameSchema,
  realNameSubmitFormSchema,
  stepUpPurposeSchema,
  type ChangePasswordForm,
  type DocType,
  type ForgotResetForm,
  type FundPasswordForm,
  type FundPasswordGrant,
  type FundPasswordGrantForm,
  type RealNameSubmitForm,
  type StepUpPurpose,
} from './identity';
export type {
  CodeStep,
  IdentityUserInfo,
  InviteCodeInfo,
  LoginResult,
  PasskeyInfo,
  PasskeyStep,
  RealNameStatus,
  Role,
  SessionResult,
  SiteMessageDetail,
  SiteMessageItem,
  SiteMessagePage,
  StepUpGrantResult,
  StepUpOptionsResult,
  UserRestrictions,
  VerificationState,
  WebAuthnOptionsJSON,
} from './identity-api';
export * from './funds';
export { kanaReading, nameKanaSchema } from './kana';
export * from './trading';
export * from './ipo';
export * from './lending';
export * from './block-trades';
export * from './strategies';
export * from './price-alerts';
export * from './support';
export * from './credit';
export * from './rewards';
export * from './dividends';
export * from '../ipo/draw';
export * from './market';
export { businessClockInfoSchema, clockAdvanceSchema, type BusinessClockInfo, type ClockAdvanceInput, type ClockAdvanceResult } from './clock';
export {
  INDEX_CODES,
  type BalanceEvent,
  type BankCardEvent,
  type DepositEvent,
  type IndexCode,
  type IndexQuote,
  type MessageEvent,
  type UserEvent,
  type UserEventName,
  type VerificationEvent,
  type WithdrawalEvent,
} from './live-events';
export * from './strategy-trust';

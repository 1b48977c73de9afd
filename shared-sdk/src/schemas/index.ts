// Node-safe entry '@kabuto/shared-sdk/schemas': zod schemas shared by client and server.
export {
  ACCOUNT_PATTERN,
  PASSWORD_PATTERN,
  acceptedSchema,
  accountSchema,
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
  registerFormSchema,
  type LoginForm,
  type RealNameForm,
  type RegisterForm,
} from './forms';
export { positiveIntegerSchema, positivePriceSchema } from './numbers';
export { firstErrorKey, type ParseResultLike } from './errors';

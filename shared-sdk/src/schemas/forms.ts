// Whole-form schemas of the access screens and other shared forms (spec §5).
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { acceptedSchema, accountSchema, confirmPasswordSchema, inviteCodeSchema, newPasswordTwice, passwordSchema } from './account';
import { nameKanaSchema } from './kana';

/** Login: account, password, and the privacy agreement read and accepted. */
export const loginFormSchema = z.object({
  account: accountSchema,
  password: passwordSchema,
  agreePrivacy: acceptedSchema(MSG.agreePrivacyRequired),
});

/** Register: phone-number account, password twice, invitation code, customer agreement accepted. */
export const registerFormSchema = z
  .object({
    account: accountSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    inviteCode: inviteCodeSchema,
    agreeCustomer: acceptedSchema(MSG.agreeCustomerRequired),
  })
  .refine(newPasswordTwice.check, {
    ...newPasswordTwice.params,
    // Checked even when a later field (invitation code, agreement) failed: the form tells the
    // first field in screen order (firstErrorKey with REGISTER_FIELDS), not the last one.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'password' || issue.path?.[0] === 'confirmPassword'),
  });

/** The register form's fields in screen order. */
export const REGISTER_FIELDS = ['account', 'password', 'confirmPassword', 'inviteCode', 'agreeCustomer'] as const;

/** Identity verification text fields: real name, its katakana reading and ID number are required. */
export const realNameFormSchema = z.object({
  realName: z.string({ error: MSG.realNameRequired }).trim().min(1, { error: MSG.realNameRequired }),
  nameKana: nameKanaSchema,
  idNumber: z.string({ error: MSG.idNumberRequired }).trim().min(1, { error: MSG.idNumberRequired }),
});

/** Currency exchange pair: the same currency cannot be exchanged. */
export const currencyPairSchema = z
  .object({
    from: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }),
    to: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }),
  })
  .refine((pair) => pair.from.toUpperCase() !== pair.to.toUpperCase(), { error: MSG.sameCurrency, path: ['to'] });

export const emailSchema = z.email({ error: MSG.emailInvalid });

export type LoginForm = z.infer<typeof loginFormSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type RealNameForm = z.infer<typeof realNameFormSchema>;

// Form schemas of the identity calls (docs/api/identity.md), shared by the account
// pages and the server. Failures carry catalogue keys, like ./forms.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { accountSchema, confirmPasswordSchema, fundPasswordSchema, newPasswordTwice, passwordSchema } from './account';
import { nameKanaSchema } from './kana';

/** A one-time code: six digits (forgot password, re-verification, step-up fallback). */
export const oneTimeCodeSchema = z
  .string({ error: MSG.codeFormat })
  .trim()
  .regex(/^\d{6}$/, { error: MSG.codeFormat });

/** The purposes a step-up grant can be asked for. */
export const STEP_UP_PURPOSES = ['withdraw', 'bank-card', 'fund-password', 'passkey-remove'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
export const stepUpPurposeSchema = z.enum(STEP_UP_PURPOSES, { error: MSG.invalidParams });

/**
 * Identity documents accepted for verification: spec §3's five, and the My Number card
 * (individual number card), the photo ID most residents of Japan hold and the one securities
 * companies ask for, since an account needs the holder's individual number for tax reporting.
 */
export const DOC_TYPES = ['my_number_card', 'driving_licence', 'insurance_card', 'resident_record', 'passport', 'residence_card'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/**
 * The documents with a back to photograph. A resident record (住民票) is a one-sided paper,
 * and a passport's photo page is the page that identifies: neither asks for a back photo.
 */
export const DOC_TYPES_WITH_BACK: readonly DocType[] = ['my_number_card', 'driving_licence', 'insurance_card', 'residence_card'];

export function docHasBack(docType: DocType): boolean {
  return DOC_TYPES_WITH_BACK.includes(docType);
}

/** An upload key as the upload client makes it: imgs/ + 15 random characters + extension. */
export const UPLOAD_KEY_PATTERN = /^imgs\/[A-Za-z0-9]{15}\.[A-Za-z0-9]{1,5}$/;

const uploadKeySchema = z
  .string({ error: MSG.idPhotosRequired })
  .trim()
  .min(1, { error: MSG.idPhotosRequired })
  .regex(UPLOAD_KEY_PATTERN, { error: MSG.uploadNotFound });

/** Change login password: the original, then the new one twice. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string({ error: MSG.passwordEmpty }).min(1, { error: MSG.passwordEmpty }),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(newPasswordTwice.check, newPasswordTwice.params);

/**
 * Set (first time) or change the fund password. The original is optional here; the
 * server requires it when a fund password already exists.
 */
export const fundPasswordFormSchema = z
  .object({
    oldFundPassword: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v)),
    fundPassword: fundPasswordSchema,
    confirmFundPassword: confirmPasswordSchema,
  })
  .refine((form) => form.fundPassword === form.confirmFundPassword, {
    error: MSG.passwordsDiffer,
    path: ['confirmFundPassword'],
  });

/** user/fundPasswordGrant: the fund password, checked once for an order ticket (answered with a grant). */
export const fundPasswordGrantFormSchema = z.object({ fundPassword: fundPasswordSchema });

/** The answer of user/fundPasswordGrant: send `grant` as fundPasswordGrant on the ticket's orders until `expiresAt`. */
export interface FundPasswordGrant {
  grant: string;
  /** ISO instant. */
  expiresAt: string;
  ttlSeconds: number;
}

/** Forgot password, step 1: the account to send a code to. */
export const forgotCodeFormSchema = z.object({ account: accountSchema });

/** Forgot password, step 2: account, the code received, the new password twice. */
export const forgotResetFormSchema = z
  .object({
    account: accountSchema,
    code: oneTimeCodeSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(newPasswordTwice.check, newPasswordTwice.params);

/**
 * Identity verification: name, its katakana reading, ID number, document type, front
 * photo, and a back photo for the documents that have one (a back sent for a one-sided
 * document is dropped, never claimed). The reading is what a bank card's holder name is
 * checked against (banks print holders in katakana; a name verified in kanji could never match).
 */
export const realNameSubmitFormSchema = z
  .object({
    realName: z.string({ error: MSG.realNameRequired }).trim().min(1, { error: MSG.realNameRequired }).max(64, { error: MSG.realNameRequired }),
    nameKana: nameKanaSchema,
    idNumber: z
      .string({ error: MSG.idNumberRequired })
      .trim()
      .min(1, { error: MSG.idNumberRequired })
      .regex(/^[A-Za-z0-9-]{4,32}$/, { error: MSG.idNumberInvalid }),
    docType: z.enum(DOC_TYPES, { error: MSG.docTypeInvalid }),
    frontKey: uploadKeySchema,
    backKey: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
      .pipe(uploadKeySchema.optional()),
  })
  .superRefine((form, ctx) => {
    if (docHasBack(form.docType) && form.backKey === undefined) ctx.addIssue({ code: 'custom', message: MSG.idPhotosRequired, path: ['backKey'] });
  })
  .transform((form) => (docHasBack(form.docType) ? form : { ...form, backKey: undefined }));

/** A passkey's display name. */
export const passkeyNameSchema = z
  .string({ error: MSG.passkeyNameInvalid })
  .trim()
  .min(1, { error: MSG.passkeyNameInvalid })
  .max(40, { error: MSG.passkeyNameInvalid });

export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
export type FundPasswordForm = z.infer<typeof fundPasswordFormSchema>;
export type FundPasswordGrantForm = z.input<typeof fundPasswordGrantFormSchema>;
export type ForgotResetForm = z.infer<typeof forgotResetFormSchema>;
export type RealNameSubmitForm = z.infer<typeof realNameSubmitFormSchema>;

// Account, password and invitation-code rules (spec §5), shared by the client forms
// and the server. Each failure's message is a catalogue key (MSG.*).
import { z } from 'zod';
import { MSG } from '../messages/catalogue';

const FULL_WIDTH_DIGIT = /[０-９]/g;

/**
 * Japanese mobile number as typed → the ten-digit account form: full-width digits become
 * ASCII, spaces and hyphens go, '+81' or the trunk zero goes ('090-1234-5678' → '9012345678').
 * Returns the cleaned text even when it is not a valid number; accountSchema decides.
 */
export function normaliseAccount(raw: string): string {
  let digits = raw.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\s\-‐－ー―]/g, '');
  if (digits.startsWith('+81')) digits = digits.slice(3);
  if (/^0\d{10}$/.test(digits)) digits = digits.slice(1);
  return digits;
}

/** Ten-digit Japanese mobile number (070/080/090 without the trunk zero). */
export const ACCOUNT_PATTERN = /^[789]0\d{8}$/;

export const accountSchema = z
  .string({ error: MSG.accountEmpty })
  .trim()
  .min(1, { error: MSG.accountEmpty })
  .transform(normaliseAccount)
  .pipe(z.string().regex(ACCOUNT_PATTERN, { error: MSG.accountInvalid }));

/**
 * One password rule for every screen: 8–20 printable ASCII characters (letters, digits and
 * symbols; no spaces). It satisfies both texts of spec §5 ("longer than 6 characters"; hint
 * "letters or digits, eight characters") and does not refuse symbols, which NIST SP 800-63B
 * §3.1.1.2 asks verifiers to accept (password managers generate them).
 */
export const PASSWORD_PATTERN = /^[\x21-\x7e]{8,20}$/;

export const passwordSchema = z.string({ error: MSG.passwordEmpty }).min(1, { error: MSG.passwordEmpty }).regex(PASSWORD_PATTERN, { error: MSG.passwordRule });

/** A new password typed a second time: required here; whether it matches is the form's check (newPasswordTwice). */
export const confirmPasswordSchema = z.string({ error: MSG.confirmPasswordEmpty }).min(1, { error: MSG.confirmPasswordEmpty });

/** The form's new password and its second typing agree (refusal MSG.passwordsDiffer on the second). */
export const newPasswordTwice = {
  check: (form: { password: string; confirmPassword: string }) => form.password === form.confirmPassword,
  params: { error: MSG.passwordsDiffer, path: ['confirmPassword'] },
};

/** Fund (transaction) password: six digits. */
export const fundPasswordSchema = z
  .string({ error: MSG.fundPasswordEmpty })
  .min(1, { error: MSG.fundPasswordEmpty })
  .regex(/^\d{6}$/, { error: MSG.fundPasswordRule });

/**
 * A fund-password grant (user/fundPasswordGrant): the fund password checked once for an order
 * ticket, named on each order of it instead of the password. 32 random bytes, base64url.
 */
export const fundPasswordGrantSchema = z.string({ error: MSG.fundPasswordGrantInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, { error: MSG.fundPasswordGrantInvalid });

/**
 * A money action's proof, either one: the fund password, or a fund-password grant of this session
 * (user/fundPasswordGrant). Spread into a form; refine it with `requireFundPasswordOrGrant`.
 */
export const fundPasswordOrGrantFields = {
  fundPassword: z.preprocess((v) => (v === '' ? undefined : v), fundPasswordSchema.optional()),
  fundPasswordGrant: z.preprocess((v) => (v === '' ? undefined : v), fundPasswordGrantSchema.optional()),
};

/** Neither the password nor a grant: fundPasswordEmpty on the password field. */
export function requireFundPasswordOrGrant(form: { fundPassword?: string | undefined; fundPasswordGrant?: string | undefined }, ctx: z.RefinementCtx): void {
  if (form.fundPassword === undefined && form.fundPasswordGrant === undefined)
    ctx.addIssue({ code: 'custom', message: MSG.fundPasswordEmpty, path: ['fundPassword'] });
}

/** Invitation code, required at registration: 4–16 letters or digits. */
export const inviteCodeSchema = z
  .string({ error: MSG.inviteCodeRequired })
  .trim()
  .min(1, { error: MSG.inviteCodeRequired })
  .regex(/^[A-Za-z0-9]{4,16}$/, { error: MSG.inviteCodeInvalid });

/**
 * A ticked agreement box. Accepts `true` and the form encodings of a ticked box
 * ('true', '1', 'on'), so the server can check the same field from a form body.
 */
export function acceptedSchema(message: string) {
  return z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal('on')], { error: message }).transform((): true => true);
}

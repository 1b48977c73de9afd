import { MSG } from '../messages/catalogue';

/** The shape of a zod safeParse result that this helper needs. */
export interface ParseResultLike {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string }> } | undefined;
}

/**
 * The catalogue key of the first failed rule of a safeParse result, or null when it
 * passed: `firstErrorKey(loginFormSchema.safeParse(form))` → MSG.accountEmpty.
 */
export function firstErrorKey(result: ParseResultLike): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? MSG.invalidParams;
}

import { MSG } from '../messages/catalogue';

/** The shape of a zod safeParse result that this helper needs. */
export interface ParseResultLike {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey> }> } | undefined;
}

/**
 * The catalogue key of the first failed rule of a safeParse result, or null when it
 * passed: `firstErrorKey(loginFormSchema.safeParse(form))` → MSG.accountEmpty.
 */
export function firstErrorKey(result: ParseResultLike, fieldOrder?: readonly string[]): string | null {
  if (result.success) return null;
  const issues = result.error?.issues ?? [];
  if (!fieldOrder) return issues[0]?.message ?? MSG.invalidParams;
  // A cross-field rule (passwords differ) is reported after the fields: put the issues back
  // in the order the fields appear on the form, so the user is told about the first one.
  const rank = (path: ReadonlyArray<PropertyKey> | undefined) => {
    const at = fieldOrder.indexOf(String(path?.[0]));
    return at < 0 ? fieldOrder.length : at;
  };
  const ordered = [...issues].sort((a, b) => rank(a.path) - rank(b.path));
  return ordered[0]?.message ?? MSG.invalidParams;
}

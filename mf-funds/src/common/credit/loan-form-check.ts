// What the borrow and repay forms can tell before asking the server, with the catalogue's own
// messages (docs/credit.md): an amount in whole yen, from the published minimum in published
// steps, within what is borrowable now; a repayment within what is owed. The server checks all
// of it again (and the fund password, the score, the ratio, a pending application).
import { MSG } from '@kabuto/shared-sdk';
import { firstErrorKey, fundPasswordSchema, parseAmountToMinor, type Money } from '@kabuto/shared-sdk/schemas';

export interface BorrowLimits {
  minimum: Money;
  step: Money;
  borrowable: Money;
}

/** null when the amount may be sent, else the catalogue key to show. */
export function borrowAmountProblem(text: string, limits: BorrowLimits): string | null {
  const parsed = parseAmountToMinor(text.trim(), 0);
  if (!parsed.ok) return parsed.error;
  if (parsed.minor < BigInt(limits.minimum.minor)) return MSG.loanAmountBelowMinimum;
  const step = BigInt(limits.step.minor);
  if (step > 0n && parsed.minor % step !== 0n) return MSG.loanAmountNotStep;
  if (parsed.minor > BigInt(limits.borrowable.minor)) return MSG.loanLimitInsufficient;
  return null;
}

/** null when the repayment may be sent, else the catalogue key to show. */
export function repayAmountProblem(text: string, outstanding: Money): string | null {
  if (BigInt(outstanding.minor) <= 0n) return MSG.noOutstandingLoan;
  const parsed = parseAmountToMinor(text.trim(), 0);
  if (!parsed.ok) return parsed.error;
  if (parsed.minor > BigInt(outstanding.minor)) return MSG.repaymentExceedsLoan;
  return null;
}

/**
 * The largest amount the borrow form can take now: what is borrowable rounded down to a step,
 * or null when that is below the minimum (no application can pass).
 */
export function largestBorrowable(limits: BorrowLimits): bigint | null {
  const step = BigInt(limits.step.minor);
  const borrowable = BigInt(limits.borrowable.minor);
  const largest = step > 0n ? borrowable - (borrowable % step) : borrowable;
  return largest >= BigInt(limits.minimum.minor) ? largest : null;
}

/** null when the fund password has the published form, else the catalogue key. */
export function fundPasswordProblem(password: string): string | null {
  const checked = fundPasswordSchema.safeParse(password);
  return checked.success ? null : (firstErrorKey(checked) ?? MSG.fundPasswordRule);
}

// What the withdrawal screen can tell before asking the server, with the catalogue's
// own messages (the special min/max formats carry the amount and the unit, spec §8).
// The server checks all of it again, plus the window, the fund password and the card.
import { MSG, withdrawMaxMessage, withdrawMinMessage, groupAmount } from '@kabuto/shared-sdk';
import { parseAmountToMinor, type Money } from '@kabuto/shared-sdk/schemas';

/** The unit the catalogue's withdrawal messages name for yen. */
export const YEN_UNIT = '日元';

export interface WithdrawLimits {
  min: Money;
  max: Money;
  available: Money;
}

/** null when the amount may be sent, else the catalogue key (or special message) to show. */
export function withdrawAmountProblem(amount: string, limits: WithdrawLimits): string | null {
  const parsed = parseAmountToMinor(amount, 0);
  if (!parsed.ok) return parsed.error;
  if (parsed.minor < BigInt(limits.min.minor)) return withdrawMinMessage(groupAmount(limits.min.amount), YEN_UNIT);
  if (parsed.minor > BigInt(limits.max.minor)) return withdrawMaxMessage(groupAmount(limits.max.amount), YEN_UNIT);
  if (parsed.minor > BigInt(limits.available.minor)) return MSG.insufficientWithdrawable;
  return null;
}

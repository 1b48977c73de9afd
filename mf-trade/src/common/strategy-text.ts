// How the strategy screens write a record's figures: percentages as the server computed them
// (2 dp, signed for returns), the status and end reason by their keys.
import type { FollowingEndReason, StrategyView } from '@kabuto/shared-sdk/schemas';
import { kit } from '@kabuto/shared-sdk/ui';
import type { TradeTextKey } from '../texts/en';

/** '+3.20%' / '-1.05%' / '0.00%': a return with its sign. */
export function signedPercent(text: string): string {
  const n = Number(text);
  return `${n > 0 ? '+' : ''}${text}%`;
}

/** The kit's colour for a return: up, down, or none for zero. */
export function upDownClass(text: string | null): string | undefined {
  const n = Number(text ?? 0);
  return n > 0 ? kit.up : n < 0 ? kit.down : undefined;
}

export const STATUS_KEY: Record<StrategyView['status'], TradeTextKey> = {
  active: 'strategies.status.active',
  retired: 'strategies.status.retired',
};

export const END_REASON_KEY: Record<FollowingEndReason, TradeTextKey> = {
  customer: 'following.end.customer',
  deadline: 'following.end.deadline',
  stopLoss: 'following.end.stopLoss',
  strategyRetired: 'following.end.strategyRetired',
};

/** The id in the address (`?id=`), or null when it is not a row id. */
export function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

/** 'YYYY-MM-DD' + n days (calendar arithmetic on the date key, no clock). */
export function addDaysToKey(key: string, days: number): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// The rewards commands of `npm run ops` (docs/api/rewards.md "Operator"): grant a campaign
// coupon to one customer (audited; once per customer and campaign) and list a customer's coupons.
// args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const REWARDS_USAGE = `
Rewards (coupons; a coupon never conditions a withdrawal, a deposit or access to money):
  coupon-grant <account> --kind cash|fee-discount --value <yen> --expires <date> --campaign <t> --reason <text> [--min-order <yen>]
                                             grant a campaign coupon (expiry YYYY-MM-DD after today)
  coupons <userId>                           a customer's coupons: usable, used, expired`;

export const REWARDS_VALUE_FLAGS = ['kind', 'value', 'expires', 'campaign', 'min-order'] as const;

/** The call of a rewards command, or null when `command` is not one. */
export function parseRewardsCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  const first = positional[0];
  switch (command) {
    case 'coupon-grant': {
      if (!first || !/^\d{10}$/.test(first)) return fail('coupon-grant: give the ten-digit account');
      for (const flag of ['kind', 'value', 'expires', 'campaign', 'reason'] as const) if (!flags[flag]) return fail(`coupon-grant: --${flag} is required`);
      const body = {
        account: first,
        kind: flags.kind,
        value: flags.value,
        expiresOn: flags.expires,
        campaign: flags.campaign,
        reason: flags.reason,
        ...(flags['min-order'] ? { minOrderValue: flags['min-order'] } : {}),
      };
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/rewards/campaign', body } };
    }
    case 'coupons':
      if (!first || !/^\d+$/.test(first)) return fail('coupons: give the user id');
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/rewards/customers/${first}/coupons` } };
    default:
      return null;
  }
}

function couponLine(c: Json): string {
  const value = (c.value ?? {}) as Json;
  return `#${s(c.id)} ${s(c.kind)} ¥${s(value.amount)} ${s(c.source)} (${s(c.sourceDetail)}) ${s(c.state)} until ${s(c.expiresOn)}${c.usedFor ? ` used for ${s(c.usedFor)}` : ''}`;
}

export function formatRewardsAnswer(command: string, data: unknown): string | null {
  if (command === 'coupon-grant') return couponLine((data ?? {}) as Json);
  if (command !== 'coupons') return null;
  const d = (data ?? {}) as Json;
  const lines = (['usable', 'used', 'expired'] as const).flatMap((state) => (Array.isArray(d[state]) ? (d[state] as Json[]) : []).map(couponLine));
  return lines.length ? lines.join('\n') : 'No coupons.';
}

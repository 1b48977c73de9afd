// The investment trust that follows one strategy (docs/strategies.md "Investment trust"), shared by
// the server and the screens. Units are whole 口 (units); the NAV (基準価額) is quoted in yen per
// 10,000 units, the Japanese convention, starting at ¥10,000. Money travels as Money (yen text).
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { fundPasswordOrGrantFields, requireFundPasswordOrGrant } from './account';
import { idempotencyKeySchema } from './funds';
import { followAmountSchema } from './strategies';
import type { Money } from './funds';
import { rowIdSchema } from './numbers';

/** The NAV is quoted per this many units (Japanese 投資信託 practice: 1万口あたり). */
export const TRUST_NAV_UNITS = 10_000;
/** The NAV a trust starts at: ¥10,000 per 10,000 units (one unit = ¥1). */
export const TRUST_INITIAL_NAV_YEN = 10_000;
/** Highest trust fee an operator may publish, basis points a year (Kabuto's own bound). */
export const TRUST_FEE_MAX_BP = 300;

const trustIdField = rowIdSchema(MSG.productNotFound);
/** Whole units above 0 (text or number, no decimals). */
export const trustUnitsSchema = z.union([z.string(), z.number()], { error: MSG.trustUnitsInvalid }).transform((value, ctx) => {
  const text = String(value).trim();
  if (!/^[1-9]\d{0,14}$/.test(text)) {
    ctx.issues.push({ code: 'custom', message: MSG.trustUnitsInvalid, input: value });
    return z.NEVER;
  }
  return BigInt(text);
});

/** strategy/trust/detail, strategy/trust/mine. */
export const trustIdFormSchema = z.object({ id: trustIdField });
/** strategy/trust/subscribe: an amount of yen, priced at the next NAV. */
export const trustSubscribeFormSchema = z
  .object({ id: trustIdField, amount: followAmountSchema, ...fundPasswordOrGrantFields, idempotencyKey: idempotencyKeySchema })
  .superRefine(requireFundPasswordOrGrant);
/** strategy/trust/redeem: whole units, priced at the next NAV. */
export const trustRedeemFormSchema = z
  .object({ id: trustIdField, units: trustUnitsSchema, ...fundPasswordOrGrantFields, idempotencyKey: idempotencyKeySchema })
  .superRefine(requireFundPasswordOrGrant);
/**
 * strategy/trust/cancel: one of my pending requests, until its NAV date's close. No fund password:
 * a cancel only moves the customer's own money back to them (as trade/cancel asks for none).
 */
export const trustCancelFormSchema = z.object({ id: rowIdSchema(MSG.productNotFound), idempotencyKey: idempotencyKeySchema });
/** Operator: set up a trust following a strategy (audited with the reason). */
export const opsTrustCreateFormSchema = z.object({
  strategyId: rowIdSchema(MSG.productNotFound),
  name: z.string({ error: MSG.strategyTextInvalid }).trim().min(1, { error: MSG.strategyTextInvalid }).max(40, { error: MSG.strategyTextInvalid }),
  feeBpPerYear: z.coerce
    .number({ error: MSG.trustFeeInvalid })
    .int({ error: MSG.trustFeeInvalid })
    .min(0, { error: MSG.trustFeeInvalid })
    .max(TRUST_FEE_MAX_BP, { error: MSG.trustFeeInvalid }),
  minimumYen: followAmountSchema,
  reason: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }).max(500, { error: MSG.invalidParams }),
});

export interface TrustNavPoint {
  /** The business date (JST) whose close the NAV is of. */
  date: string;
  /** Yen per 10,000 units (floor). */
  nav: Money;
  netAssets: Money;
  units: string;
}
export interface TrustHoldingView {
  code: string;
  /** The issue's name per language. */
  name: { tw: string; jp: string; en: string };
  shares: number;
  /** The price it was valued at (yen text, the venue's price at the close). */
  price: string;
  value: Money;
}
export interface TrustView {
  id: number;
  name: string;
  strategyId: number;
  strategyName: string;
  status: 'open' | 'closed';
  /** 信託報酬: percent a year (text), accrued each NAV date from the net assets. */
  feePercentPerYear: string;
  feeBpPerYear: number;
  minimum: Money;
  /** The last published NAV, or null before the first. */
  last: TrustNavPoint | null;
  /** Fees accrued since the trust began (each one a posting to the broker's revenue). */
  feesAccrued: Money;
  simulated: true;
}
export interface TrustDetail extends TrustView {
  history: TrustNavPoint[];
  /** The holdings the last NAV valued, and the trust's cash after that NAV’s requests. */
  holdings: TrustHoldingView[];
  cash: Money;
  /** Yen owed to redemptions priced but not yet paid, after that NAV (holdings + cash − payable = net assets). */
  payable: Money;
  feeLastNav: Money;
  /** The fee in plain words with a worked example on ¥1,000,000. */
  feeExample: { base: Money; perDay: Money; perYear: Money };
  createdAt: string;
}
/**
 * pending until its NAV; cancelled by the customer before its NAV date's close; filled at the NAV;
 * priced: a redemption priced at its NAV whose yen is owed until the trust's cash (its sales) covers it.
 */
export const TRUST_REQUEST_STATUSES = ['pending', 'priced', 'filled', 'cancelled'] as const;
export type TrustRequestStatus = (typeof TRUST_REQUEST_STATUSES)[number];
export interface TrustRequestView {
  id: number;
  kind: 'subscribe' | 'redeem';
  status: TrustRequestStatus;
  /** The business date whose NAV prices it. */
  navDate: string;
  amount: Money | null;
  units: string | null;
  /** Once priced or filled: the NAV (per 10,000 units), the units and the cash that moved (priced: owed), the yen returned. */
  nav: Money | null;
  filledUnits: string | null;
  cash: Money | null;
  refund: Money | null;
  createdAt: string;
  filledAt: string | null;
  /** Pending only: the instant (its NAV date's close, 15:30 JST) until which it may be cancelled. */
  cancelUntil: string | null;
}
export interface TrustMine {
  trustId: number;
  units: string;
  /** Units less those in pending redemptions. */
  redeemable: string;
  /** Units × the last NAV (floor), or null before the first NAV. */
  value: Money | null;
  requests: TrustRequestView[];
  simulated: true;
}

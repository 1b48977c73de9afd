// Block trades (ToSTNeT-style off-auction sales of the broker's own inventory; docs/api/block-trades.md),
// shared by mf-trade and the server. Quantities travel as shares in whole lots of 100, prices as
// yen text, money as Money. The buy rules live here once (checkBlockBuy): the server enforces them,
// the buy sheet uses the same function to say which rule and which amount a refusal was about.
// Every offer is simulated.
import { z } from 'zod';
import { MSG, type MessageKey } from '../messages/catalogue';
import { fundPasswordOrGrantFields, requireFundPasswordOrGrant } from './account';
import { idempotencyKeySchema, pageFormSchema, type LocalisedNames, type Money, type Page } from './funds';
import { parseStrictDecimal, rowIdSchema } from './numbers';

export const BLOCK_LOT_SHARES = 100;
/** Spec §9: "Block trade minimum 300 shares … minimum purchase amount 1500000". */
export const BLOCK_MIN_SHARES = 300;
export const BLOCK_MIN_AMOUNT_YEN = 1_500_000;
/** ToSTNeT-1 single-issue trades: within ±7 % of the last auction price (JPX; research/mission-anchors.md §2). */
export const BLOCK_PRICE_BAND_BP = 700;
export const BLOCK_PRICE_RULE_SOURCE = 'JPX ToSTNeT-1 (single issue): within ±7% of the reference price; reference here = the previous close' as const;
export const BLOCK_OFFER_STATUSES = ['upcoming', 'open', 'soldOut', 'closed'] as const;
export type BlockOfferStatus = (typeof BLOCK_OFFER_STATUSES)[number];

const offerIdField = rowIdSchema(MSG.productNotFound);

/** Shares to buy: a whole number of lots (100, 200, …). Empty, zero or negative → belowMinimumBuy; not whole lots → lotsRequired. */
export const blockSharesSchema = z.union([z.number(), z.string()], { error: MSG.belowMinimumBuy }).transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (value === '' || (typeof value === 'string' && value.startsWith('-')) || (typeof value === 'number' && value < 0)) return fail(MSG.belowMinimumBuy);
  const parsed = parseStrictDecimal(value, { maxDecimals: 0 });
  if (!parsed.ok) return fail(MSG.lotsRequired);
  const n = Number(parsed.value.int || '0');
  if (!Number.isSafeInteger(n)) return fail(MSG.aboveMaximumBuy);
  if (n === 0) return fail(MSG.belowMinimumBuy);
  if (n % BLOCK_LOT_SHARES !== 0) return fail(MSG.lotsRequired);
  return n;
});

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** block/list: the published offers (open and upcoming first). */
export const blockListFormSchema = pageFormSchema;
/** block/mine: my block buys. */
export const blockMineFormSchema = pageFormSchema;
/** block/buy: buy `shares` of one offer at its published price. */
export const blockBuyFormSchema = z
  .object({
    offerId: offerIdField,
    shares: blockSharesSchema,
    ...fundPasswordOrGrantFields,
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(requireFundPasswordOrGrant);

export type BlockListForm = z.input<typeof blockListFormSchema>;
export type BlockMineForm = z.input<typeof blockMineFormSchema>;
export type BlockBuyForm = z.input<typeof blockBuyFormSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------
/** How the offer's price was set: previous close × (1 + percent / 100), inside the published band. */
export interface BlockPriceRule {
  basis: 'previousClose';
  /** The previous close the price was set from (yen text). */
  previousClose: string;
  /** Signed percent against it, two decimals ('-3.00' = 3 % discount). */
  percent: string;
  /** The band the percent must stay within (7 = ±7 %). */
  bandPercent: number;
  source: typeof BLOCK_PRICE_RULE_SOURCE;
}

export interface BlockOffer {
  id: number;
  code: string;
  name: LocalisedNames;
  /** Yen text (whole yen). */
  price: string;
  rule: BlockPriceRule;
  /** Shares offered in total and still available. */
  quantity: number;
  available: number;
  windowStart: string;
  windowEnd: string;
  status: BlockOfferStatus;
  lotShares: number;
  minShares: number;
  minAmount: Money;
  /** Most shares one customer may buy on one JST day, and over the whole offer. */
  dailyLimit: number;
  maxPerCustomer: number;
  /** 0 = none; else bought shares cannot be sold for this many calendar days. */
  lockUpDays: number;
  /** What the asking customer has bought of this offer today and in total. */
  mine: { boughtToday: number; bought: number };
  offAuction: true;
  simulated: true;
}

export interface BlockPurchase {
  id: number;
  offerId: number;
  code: string;
  name: LocalisedNames;
  shares: number;
  price: string;
  amount: Money;
  /** The trading position the shares became, and its order number. */
  positionId: number;
  orderNo: string;
  /** First JST day the shares may be sold; null without lock-up. */
  lockUpUntil: string | null;
  at: string;
  offAuction: true;
  simulated: true;
  replayed?: true;
}

export type BlockOfferPage = Page<BlockOffer>;
export type BlockPurchasePage = Page<BlockPurchase>;

// ---------------------------------------------------------------------------------------
// The buy rules
// ---------------------------------------------------------------------------------------
/** What a refusal was about: the rule and the amounts (yen as whole-yen decimal text). */
export type BlockRefusalDetail =
  | { rule: 'window'; status: BlockOfferStatus; opens: string; closes: string }
  | { rule: 'price-band'; price: string; previousClose: string; bandPercent: number }
  | { rule: 'minimum-shares'; minimum: number; shares: number }
  | { rule: 'minimum-amount'; minimum: string; amount: string }
  | { rule: 'daily-limit'; limit: number; boughtToday: number; shares: number }
  | { rule: 'per-customer-maximum'; maximum: number; bought: number; shares: number }
  | { rule: 'available'; available: number; shares: number };

export interface BlockRefusal {
  msg: MessageKey;
  detail: BlockRefusalDetail;
}

export interface BlockBuyCheck {
  status: BlockOfferStatus;
  windowStart: string;
  windowEnd: string;
  /** Whole yen. */
  priceYen: bigint;
  minShares: number;
  minAmountYen: bigint;
  dailyLimit: number;
  maxPerCustomer: number;
  available: number;
  boughtToday: number;
  bought: number;
}

/** The first rule `shares` breaks, or null. Order: window, minimum shares, minimum amount, daily limit, per-customer maximum, available. */
export function checkBlockBuy(offer: BlockBuyCheck, shares: number): BlockRefusal | null {
  if (offer.status !== 'open' && offer.status !== 'soldOut')
    return { msg: MSG.blockTradeClosed, detail: { rule: 'window', status: offer.status, opens: offer.windowStart, closes: offer.windowEnd } };
  if (shares < offer.minShares) return { msg: MSG.belowMinimumBuy, detail: { rule: 'minimum-shares', minimum: offer.minShares, shares } };
  const amount = offer.priceYen * BigInt(shares);
  if (amount < offer.minAmountYen)
    return { msg: MSG.belowMinimumBuy, detail: { rule: 'minimum-amount', minimum: offer.minAmountYen.toString(), amount: amount.toString() } };
  if (offer.boughtToday + shares > offer.dailyLimit)
    return { msg: MSG.dailyPurchaseLimitReached, detail: { rule: 'daily-limit', limit: offer.dailyLimit, boughtToday: offer.boughtToday, shares } };
  if (offer.bought + shares > offer.maxPerCustomer)
    return { msg: MSG.aboveMaximumBuy, detail: { rule: 'per-customer-maximum', maximum: offer.maxPerCustomer, bought: offer.bought, shares } };
  if (shares > offer.available) return { msg: MSG.aboveMaximumBuy, detail: { rule: 'available', available: offer.available, shares } };
  return null;
}

/** The status of an offer at `now`. */
export function blockOfferStatus(offer: { windowStart: Date; windowEnd: Date; closedAt: Date | null; available: number }, now: Date): BlockOfferStatus {
  if (offer.closedAt !== null || now >= offer.windowEnd) return 'closed';
  if (now < offer.windowStart) return 'upcoming';
  return offer.available <= 0 ? 'soldOut' : 'open';
}

/**
 * The published price rule: previous close (tenths of a yen) × (10000 + bp) / 10000, rounded to
 * whole yen towards the previous close so the price never leaves the band the percent states.
 * Answers tenths (a multiple of 10), or null when |bp| exceeds the ±7 % band.
 */
export function blockPriceTenths(previousCloseTenths: number, bp: number): number | null {
  if (!Number.isInteger(bp) || Math.abs(bp) > BLOCK_PRICE_BAND_BP || !Number.isSafeInteger(previousCloseTenths) || previousCloseTenths <= 0) return null;
  const exact = BigInt(previousCloseTenths) * BigInt(10_000 + bp); // tenths × 10000
  const unit = 10n * 10_000n; // one yen in (tenths × 10000)
  // Towards the previous close: a discount rounds up, a premium rounds down.
  const yen = bp <= 0 ? (exact + unit - 1n) / unit : exact / unit;
  const tenths = Number(yen * 10n);
  return tenths > 0 ? tenths : null;
}

/** Whether `priceTenths` is within ±7 % of `referenceTenths` (the ToSTNeT-1 band). */
export function withinBlockBand(priceTenths: number, referenceTenths: number): boolean {
  const diff = BigInt(Math.abs(priceTenths - referenceTenths)) * 10_000n;
  return diff <= BigInt(referenceTenths) * BigInt(BLOCK_PRICE_BAND_BP);
}

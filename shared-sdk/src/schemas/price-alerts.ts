// Price alerts (docs/price-alerts.md, docs/api/price-alerts.md): forms and answers of
// the `alerts` group, shared by mf-market, mf-account and the server. Prices travel as yen text
// ('2790.5'), the % move as percent text with one decimal ('2.5'). Every price is simulated.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { PRICE_ALERT_MAX_ACTIVE, PRICE_ALERT_MOVE_MAX_PERCENT, PRICE_ALERT_MOVE_MIN_PERCENT } from '../messages/catalogue/price-alerts';
import { parseStrictDecimal, priceSchema, rowIdSchema } from './numbers';

export { PRICE_ALERT_MAX_ACTIVE, PRICE_ALERT_MOVE_MAX_PERCENT, PRICE_ALERT_MOVE_MIN_PERCENT };

/** above: a trade at or above the price; below: at or below; move: the last trade's % change from the previous close. */
export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];
/** Which way a % move counts: either way, up only, down only. */
export const PRICE_ALERT_DIRECTIONS = ['both', 'up', 'down'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
/** active: waiting for a venue trade that meets the rule; fired: sent once, never again (editing re-arms it). */
export const PRICE_ALERT_STATES = ['active', 'fired'] as const;
export type PriceAlertState = (typeof PRICE_ALERT_STATES)[number];

/** Percent text with at most one decimal → basis points (2.5 → 250), or null when it is not such a number. */
export function movePercentToBp(text: string): number | null {
  const parsed = parseStrictDecimal(text, { maxDecimals: 1 });
  if (!parsed.ok || parsed.value.int.length > 3) return null;
  return Number(parsed.value.int || '0') * 100 + Number(parsed.value.frac || '0') * 10;
}

/** Basis points → percent text ('250' → '2.5', 1000 → '10'). */
export function bpToMovePercent(bp: number): string {
  const tenths = Math.round(bp / 10);
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

export const PRICE_ALERT_MOVE_MIN_BP = movePercentToBp(PRICE_ALERT_MOVE_MIN_PERCENT) ?? 10;
export const PRICE_ALERT_MOVE_MAX_BP = movePercentToBp(PRICE_ALERT_MOVE_MAX_PERCENT) ?? 3000;

const codeField = z
  .string({ error: MSG.unknownStockCode })
  .trim()
  .regex(/^[0-9A-Z]{4}$/, { error: MSG.unknownStockCode });
const idField = rowIdSchema(MSG.priceAlertNotFound);
const emptyIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);
const movePercentField = z.union([z.number(), z.string()], { error: MSG.priceAlertMoveOutOfRange }).transform((value, ctx) => {
  const bp = movePercentToBp(String(value));
  if (bp === null || bp < PRICE_ALERT_MOVE_MIN_BP || bp > PRICE_ALERT_MOVE_MAX_BP) {
    ctx.issues.push({ code: 'custom', message: MSG.priceAlertMoveOutOfRange, input: value });
    return z.NEVER;
  }
  return bp;
});

const ruleFields = {
  kind: z.enum(PRICE_ALERT_KINDS, { error: MSG.priceAlertKindInvalid }),
  /** Yen text for above / below; ignored for move. */
  price: z.preprocess(emptyIsMissing, priceSchema(MSG.priceAlertPriceNotOnTick).optional()),
  /** Percent text for move (→ basis points); ignored for above / below. */
  movePercent: z.preprocess(emptyIsMissing, movePercentField.optional()),
  direction: z.preprocess(emptyIsMissing, z.enum(PRICE_ALERT_DIRECTIONS, { error: MSG.invalidParams }).optional().default('both')),
};

/** A rule needs its own figure: a price for above / below, a % for move. */
function checkRule(form: { kind: PriceAlertKind; price?: string | undefined; movePercent?: number | undefined }, ctx: z.RefinementCtx): void {
  if (form.kind !== 'move' && form.price === undefined) ctx.addIssue({ code: 'custom', message: MSG.priceAboveZero, path: ['price'] });
  if (form.kind === 'move' && form.movePercent === undefined) ctx.addIssue({ code: 'custom', message: MSG.priceAlertMoveOutOfRange, path: ['movePercent'] });
}

/** alerts/list: every alert of mine, or one stock's. */
export const priceAlertListFormSchema = z.object({ code: z.preprocess(emptyIsMissing, codeField.optional()) });
/** alerts/create: a new active alert on a stock. */
export const priceAlertCreateFormSchema = z.object({ code: codeField, ...ruleFields }).superRefine(checkRule);
/** alerts/update: a new rule for one of my alerts; it becomes active again (re-armed from now). */
export const priceAlertUpdateFormSchema = z.object({ id: idField, ...ruleFields }).superRefine(checkRule);
/** alerts/delete: remove one of my alerts (active or fired). */
export const priceAlertDeleteFormSchema = z.object({ id: idField });

export type PriceAlertListForm = z.input<typeof priceAlertListFormSchema>;
export type PriceAlertCreateForm = z.input<typeof priceAlertCreateFormSchema>;
export type PriceAlertUpdateForm = z.input<typeof priceAlertUpdateFormSchema>;
export type PriceAlertDeleteForm = z.input<typeof priceAlertDeleteFormSchema>;

export interface PriceAlertView {
  id: number;
  code: string;
  names: { tw: string; jp: string; en: string };
  kind: PriceAlertKind;
  /** Yen text for above / below, else null. */
  price: string | null;
  /** Percent text for move, else null. */
  movePercent: string | null;
  direction: PriceAlertDirection | null;
  state: PriceAlertState;
  /** When the rule was (re)armed: trades before it do not count. ISO time on the business clock. */
  armedAt: string;
  /** The venue trade that fired it: its time (business clock) and price, yen text. */
  firedAt: string | null;
  firedPrice: string | null;
  /** Venue prices are simulated (the whole market is). */
  simulated: true;
}

export interface PriceAlertList {
  list: PriceAlertView[];
  /** How many of mine are active, against the published maximum. */
  active: number;
  maxActive: number;
  movePercentMin: string;
  movePercentMax: string;
  /** Asked for one stock: its tick at the last (or previous close) price, yen text, which the alert price must be a multiple of. */
  tick: string | null;
}

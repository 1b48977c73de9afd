// Number rules (spec §5): added credit or margin, lot and share counts must be positive
// integers; a pending order's price must be above 0. Form bodies carry numbers as text, so
// these schemas read a number or its decimal text, always through parseStrictDecimal.
import { z } from 'zod';
import type { DecimalParts } from '../format/decimal';
import { MSG, type MessageKey } from '../messages/catalogue';

// ---- the one strict decimal parser -------------------------------------------------------
// Every money, price and quantity field of a form reads its text here (docs/api: numbers are
// plain decimal text): an optional '-' only where the field allows negatives, digits, and an
// optional '.' with at least one digit after it. No exponent, no '+', no surrounding
// whitespace, no leading or trailing '.', no separators. A JS number is read as its own text,
// so 1e21 (written '1e+21') is refused like '1e21'.

export interface DecimalRules {
  /** The most decimals that may be non-zero ('12.50' has one): 0 for whole numbers. Unlimited when left out. */
  maxDecimals?: number;
  /** Whether a leading '-' is allowed. */
  negative?: boolean;
}

export type StrictDecimal = { ok: true; value: DecimalParts } | { ok: false; reason: 'format' | 'decimals' };

/** Digits on either side are capped so no text can be long enough to cost anything to read. */
const STRICT_DECIMAL = /^(-?)(\d{1,20})(?:\.(\d{1,20}))?$/;

/**
 * Strict decimal text (or a finite number) → its exact digits: `int` without leading zeros
 * ('' for zero), `frac` without trailing zeros. `reason` tells a malformed text ('format')
 * from one with more decimals than the field takes ('decimals').
 */
export function parseStrictDecimal(input: unknown, rules: DecimalRules = {}): StrictDecimal {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input : '';
  const m = STRICT_DECIMAL.exec(text);
  if (!m || (m[1] === '-' && !rules.negative)) return { ok: false, reason: 'format' };
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (rules.maxDecimals !== undefined && frac.length > rules.maxDecimals) return { ok: false, reason: 'decimals' };
  const int = (m[2] ?? '').replace(/^0+/, '');
  return { ok: true, value: { negative: m[1] === '-' && (int !== '' || frac !== ''), int, frac } };
}

/** A strict whole number (negatives allowed, so a field can give them its own message) → number, or null. */
export function strictInteger(input: unknown): number | null {
  const parsed = parseStrictDecimal(input, { maxDecimals: 0, negative: true });
  if (!parsed.ok) return null;
  const n = Number(`${parsed.value.negative ? '-' : ''}${parsed.value.int || '0'}`);
  return Number.isSafeInteger(n) ? n : null;
}

/** A whole number above 0 (safe integer) → number. '12' and 12 pass; '1.5', '0', '-3', '1e3', ' 12', '' fail. */
export const positiveIntegerSchema = z.union([z.number(), z.string()], { error: MSG.positiveIntegerRequired }).transform((value, ctx) => {
  const n = strictInteger(value);
  if (n === null || n <= 0) {
    ctx.issues.push({ code: 'custom', message: MSG.positiveIntegerRequired, input: value });
    return z.NEVER;
  }
  return n;
});

/** Decimals a price may carry: the narrowest TSE tick is 0.1 yen (market-rules/tick-size.ts). */
export const PRICE_DECIMALS = 1;

/**
 * A price above 0 with at most PRICE_DECIMALS decimals → its exact decimal text ('0012.50' →
 * '12.5', 3.25 → refused), so the server can turn it into integer tenths without floating
 * point. `offTick` is the field's refusal for a finer price than any tick.
 */
export function priceSchema(offTick: MessageKey) {
  return z.union([z.number(), z.string()], { error: MSG.priceAboveZero }).transform((value, ctx) => {
    const parsed = parseStrictDecimal(value, { maxDecimals: PRICE_DECIMALS });
    if (!parsed.ok || (parsed.value.int === '' && parsed.value.frac === '')) {
      ctx.issues.push({ code: 'custom', message: parsed.ok || parsed.reason === 'format' ? MSG.priceAboveZero : offTick, input: value });
      return z.NEVER;
    }
    return `${parsed.value.int || '0'}${parsed.value.frac ? `.${parsed.value.frac}` : ''}`;
  });
}

/** An order's price (trade and conditional forms). */
export const positivePriceSchema = priceSchema(MSG.priceNotOnTick);

/** The largest value a PostgreSQL `integer` column (and so a `serial` id) holds. */
export const INT4_MAX = 2_147_483_647;

/**
 * The id of a row in a `serial` column → number, 1..INT4_MAX. Anything else is refused with
 * `notFound` (the resource's own "not found"): no row can have that id, and a value outside
 * the column's range would otherwise reach the database as an out-of-range error.
 * Plain decimal digits only: '1e3', '+5', ' 5', '1.0' are refused like any unknown id.
 */
export function rowIdSchema(notFound: MessageKey) {
  return z.union([z.number(), z.string()], { error: notFound }).transform((value, ctx) => {
    const n = strictInteger(value);
    if (n === null || n < 1 || n > INT4_MAX) {
      ctx.issues.push({ code: 'custom', message: notFound, input: value });
      return z.NEVER;
    }
    return n;
  });
}

// Number rules (spec §5): added credit or margin, lot and share counts must be positive
// integers; a pending order's price must be above 0. Form bodies carry numbers as text,
// so both schemas read a number or its decimal text.
import { z } from 'zod';
import { parseDecimal } from '../format/decimal';
import { MSG, type MessageKey } from '../messages/catalogue';

/** A whole number above 0 (safe integer) → number. '12' and 12 pass; '1.5', '0', '-3', '1e3', '' fail. */
export const positiveIntegerSchema = z.union([z.number(), z.string()], { error: MSG.positiveIntegerRequired }).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) {
    ctx.issues.push({ code: 'custom', message: MSG.positiveIntegerRequired, input: value });
    return z.NEVER;
  }
  return n;
});

/**
 * A price above 0 → its exact decimal text ('0012.50' → '12.5', 3.25 → '3.25'), so the
 * server can turn it into integer ticks without floating point.
 */
export const positivePriceSchema = z.union([z.number(), z.string()], { error: MSG.priceAboveZero }).transform((value, ctx) => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const parsed = parseDecimal(text);
  const frac = parsed?.frac.replace(/0+$/, '') ?? '';
  if (!parsed || parsed.negative || (parsed.int === '' && frac === '')) {
    ctx.issues.push({ code: 'custom', message: MSG.priceAboveZero, input: value });
    return z.NEVER;
  }
  return `${parsed.int || '0'}${frac ? `.${frac}` : ''}`;
});

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
    const text = typeof value === 'number' ? String(value) : value;
    const n = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 1 && n <= INT4_MAX)) {
      ctx.issues.push({ code: 'custom', message: notFound, input: value });
      return z.NEVER;
    }
    return n;
  });
}

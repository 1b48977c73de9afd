// Number rules (spec §5): added credit or margin, lot and share counts must be positive
// integers; a pending order's price must be above 0. Form bodies carry numbers as text,
// so both schemas read a number or its decimal text.
import { z } from 'zod';
import { parseDecimal } from '../format/decimal';
import { MSG } from '../messages/catalogue';

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

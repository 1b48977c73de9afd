// Money display (spec §5): empty or non-numeric shows '0'; otherwise rounded to 1 decimal
// (form 1, the default) or 2 decimals (form 2), thousands separated every 3 digits,
// leading minus sign. Works on exact decimal digits, never on floats.
import { groupThousands, parseDecimal, roundDecimal, type DecimalParts } from './decimal';

export type MoneyForm = 1 | 2;

function toDecimal(value: unknown): DecimalParts | null {
  if (typeof value === 'bigint') return parseDecimal(value.toString());
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(String(value)) : null;
  // Separators already in the text ('1,234.5') are tolerated, so formatted values re-format.
  if (typeof value === 'string') return parseDecimal(value.trim().replace(/,/g, ''));
  return null;
}

/**
 * formatMoney('1234567.89') → '1,234,567.9'; formatMoney(-1234.5, 2) → '-1,234.50';
 * formatMoney('') / formatMoney('abc') / formatMoney(null) → '0'.
 * A bigint is read as a whole amount in major units; for integer minor units use
 * `formatMinorUnits`.
 */
export function formatMoney(value: unknown, form: MoneyForm = 1): string {
  const parsed = toDecimal(value);
  if (!parsed) return '0';
  const rounded = roundDecimal(parsed, form === 2 ? 2 : 1);
  const isZero = /^0*$/.test(rounded.int + rounded.frac);
  const sign = rounded.negative && !isZero ? '-' : '';
  return `${sign}${groupThousands(rounded.int || '0')}.${rounded.frac}`;
}

/**
 * Integer minor units (ledger amounts) → decimal text in major units, exactly:
 * minorUnitsToDecimal(123456n, 2) → '1234.56'; minorUnitsToDecimal(-5n, 2) → '-0.05';
 * JPY has 0 decimals: minorUnitsToDecimal(1500n, 0) → '1500'.
 */
export function minorUnitsToDecimal(minor: bigint, currencyDecimals: number): string {
  if (!Number.isInteger(currencyDecimals) || currencyDecimals < 0) {
    throw new RangeError(`currencyDecimals must be a non-negative integer, got ${currencyDecimals}`);
  }
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(currencyDecimals + 1, '0');
  const int = digits.slice(0, digits.length - currencyDecimals);
  const frac = digits.slice(digits.length - currencyDecimals);
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** formatMoney over integer minor units: formatMinorUnits(123456n, 2) → '1,234.6'. */
export function formatMinorUnits(minor: bigint, currencyDecimals: number, form: MoneyForm = 1): string {
  return formatMoney(minorUnitsToDecimal(minor, currencyDecimals), form);
}

// Exact decimal-string arithmetic for display: money never goes through floating point.

/** A non-negative decimal split into digits: `int` has no leading zeros ('' for zero), `frac` as written. */
export interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads '1234.56', '-0.5', '.5', '1e21', '1.5e-7' (and the text of any JS number)
 * into exact digits. Returns null for anything that is not a finite decimal.
 */
export function parseDecimal(text: string): DecimalParts | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, intDigits = '', fracDigits = '', exp] = m;
  if (intDigits === '' && fracDigits === '') return null;
  let digits = intDigits + fracDigits;
  let point = intDigits.length;
  if (exp !== undefined) point += Number(exp);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits += '0'.repeat(point - digits.length);
  }
  return { negative: sign === '-', int: digits.slice(0, point).replace(/^0+/, ''), frac: digits.slice(point) };
}

/** Adds one to a string of decimal digits ('199' → '200', '' → '1'). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}

/** Rounds half away from zero to `decimals` places; keeps the sign separate. */
export function roundDecimal(value: DecimalParts, decimals: number): DecimalParts {
  const padded = value.frac.padEnd(decimals + 1, '0');
  const kept = value.int + padded.slice(0, decimals);
  const roundUp = Number(padded[decimals]) >= 5;
  const rounded = (roundUp ? incrementDigits(kept || '0') : kept).padStart(decimals + 1, '0');
  const int = rounded.slice(0, rounded.length - decimals).replace(/^0+/, '');
  return { negative: value.negative, int, frac: rounded.slice(rounded.length - decimals) };
}

/** '1234567' → '1,234,567'. */
export function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** @jest-environment node */
import { formatMinorUnits, formatMoney, minorUnitsToDecimal } from './money';

describe('formatMoney', () => {
  it.each([[''], ['   '], ['abc'], ['12abc'], [null], [undefined], [Number.NaN], [Infinity], [{}], [true], ['-'], ['.']])(
    'shows 0 for empty or non-numeric %p',
    (value) => {
      expect(formatMoney(value)).toBe('0');
      expect(formatMoney(value, 2)).toBe('0');
    },
  );

  it('rounds to 1 decimal by default and 2 in the second form', () => {
    expect(formatMoney(1234.56)).toBe('1,234.6');
    expect(formatMoney(1234.56, 2)).toBe('1,234.56');
    expect(formatMoney('1234.5', 2)).toBe('1,234.50');
    expect(formatMoney(5)).toBe('5.0');
    expect(formatMoney(0)).toBe('0.0');
  });

  it('rounds half away from zero on exact digits (no float drift)', () => {
    expect(formatMoney('1.005', 2)).toBe('1.01'); // (1.005).toFixed(2) gives 1.00
    expect(formatMoney(1.005, 2)).toBe('1.01');
    expect(formatMoney('0.05')).toBe('0.1');
    expect(formatMoney('0.04')).toBe('0.0');
    expect(formatMoney('9.96')).toBe('10.0');
    expect(formatMoney('999999.95')).toBe('1,000,000.0');
    expect(formatMoney('-2.25')).toBe('-2.3');
    expect(formatMoney(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('groups thousands every 3 digits with a leading minus', () => {
    expect(formatMoney('1234567.891')).toBe('1,234,567.9');
    expect(formatMoney(-1234567)).toBe('-1,234,567.0');
    expect(formatMoney('-999.99', 2)).toBe('-999.99');
    expect(formatMoney(100)).toBe('100.0');
    expect(formatMoney(1000)).toBe('1,000.0');
  });

  it('does not show a minus for a value that rounds to zero', () => {
    expect(formatMoney('-0.04')).toBe('0.0');
    expect(formatMoney(-0)).toBe('0.0');
  });

  it('reads strings with spaces, signs, separators and exponents, and bigints', () => {
    expect(formatMoney(' +12.34 ')).toBe('12.3');
    expect(formatMoney('1,234.5')).toBe('1,234.5');
    expect(formatMoney('.5', 2)).toBe('0.50');
    expect(formatMoney(1e21)).toBe('1,000,000,000,000,000,000,000.0');
    expect(formatMoney(1.5e-7, 2)).toBe('0.00');
    expect(formatMoney(123456789012345678901234567890n)).toBe('123,456,789,012,345,678,901,234,567,890.0');
    expect(formatMoney('12345678901234567890.05')).toBe('12,345,678,901,234,567,890.1');
  });
});

describe('minor units', () => {
  it('converts integer minor units to exact decimal text', () => {
    expect(minorUnitsToDecimal(123456n, 2)).toBe('1234.56');
    expect(minorUnitsToDecimal(-5n, 2)).toBe('-0.05');
    expect(minorUnitsToDecimal(1500n, 0)).toBe('1500');
    expect(minorUnitsToDecimal(0n, 2)).toBe('0.00');
    expect(() => minorUnitsToDecimal(1n, -1)).toThrow(RangeError);
  });

  it('formats minor units like formatMoney', () => {
    expect(formatMinorUnits(123456n, 2)).toBe('1,234.6');
    expect(formatMinorUnits(123456n, 2, 2)).toBe('1,234.56');
    expect(formatMinorUnits(-150000000n, 0)).toBe('-150,000,000.0');
    expect(formatMinorUnits(900719925474099312345n, 2, 2)).toBe('9,007,199,254,740,993,123.45');
  });
});

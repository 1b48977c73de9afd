import { MSG, translateMessage } from '@kabuto/shared-sdk';
import { withdrawAmountProblem } from './withdraw-check';

const yen = (n: number) => ({ currency: 'JPY' as const, minor: String(n), amount: String(n) });
const limits = { min: yen(100), max: yen(10_000_000), available: yen(250_000) };

describe('withdrawal amount before sending', () => {
  it('accepts whole yen between the minimum and what is available', () => {
    expect(withdrawAmountProblem('100', limits)).toBeNull();
    expect(withdrawAmountProblem('250000', limits)).toBeNull();
  });

  it('refuses with the catalogue message, the special ones with amount and unit', () => {
    expect(withdrawAmountProblem('abc', limits)).toBe(MSG.amountInvalid);
    expect(withdrawAmountProblem('0', limits)).toBe(MSG.amountInvalid);
    expect(withdrawAmountProblem('1.5', limits)).toBe(MSG.amountTooManyDecimals);
    expect(withdrawAmountProblem('99', limits)).toBe('出金最小值100日元');
    expect(translateMessage(withdrawAmountProblem('99', limits) ?? '', 'en')).toContain('100');
    expect(withdrawAmountProblem('20000000', { ...limits, available: yen(30_000_000) })).toBe('出金最大值10,000,000日元');
    expect(withdrawAmountProblem('250001', limits)).toBe(MSG.insufficientWithdrawable);
  });
});

import { MSG } from '@kabuto/shared-sdk';
import type { Money } from '@kabuto/shared-sdk/schemas';
import { borrowAmountProblem, fundPasswordProblem, largestBorrowable, repayAmountProblem } from './loan-form-check';

const yen = (minor: number): Money => ({ currency: 'JPY', minor: String(minor), amount: String(minor) });
const LIMITS = { minimum: yen(100_000), step: yen(10_000), borrowable: yen(1_234_567) };

describe('the borrow form', () => {
  it('takes whole ¥10,000 steps from ¥100,000 up to what is borrowable', () => {
    expect(borrowAmountProblem('100000', LIMITS)).toBeNull();
    expect(borrowAmountProblem(' 1230000 ', LIMITS)).toBeNull();
  });

  it('names the rule an amount breaks', () => {
    expect(borrowAmountProblem('90000', LIMITS)).toBe(MSG.loanAmountBelowMinimum);
    expect(borrowAmountProblem('105000', LIMITS)).toBe(MSG.loanAmountNotStep);
    expect(borrowAmountProblem('1240000', LIMITS)).toBe(MSG.loanLimitInsufficient);
  });

  it('refuses what is not a plain amount of yen: zero, negative, decimals, exponent, full-width', () => {
    for (const text of ['0', '-100000', '', 'abc', '1e5', '１００，０００']) expect(borrowAmountProblem(text, LIMITS)).not.toBeNull();
    expect(borrowAmountProblem('100000.5', LIMITS)).toBe(MSG.amountTooManyDecimals);
  });

  it('offers the largest amount a step allows, or none below the minimum', () => {
    expect(largestBorrowable(LIMITS)).toBe(1_230_000n);
    expect(largestBorrowable({ ...LIMITS, borrowable: yen(99_999) })).toBeNull();
  });
});

describe('the repay form', () => {
  it('takes any whole-yen amount up to what is owed', () => {
    expect(repayAmountProblem('1', yen(500_123))).toBeNull();
    expect(repayAmountProblem('500123', yen(500_123))).toBeNull();
  });

  it('refuses more than is owed, and anything when nothing is', () => {
    expect(repayAmountProblem('500124', yen(500_123))).toBe(MSG.repaymentExceedsLoan);
    expect(repayAmountProblem('1', yen(0))).toBe(MSG.noOutstandingLoan);
    expect(repayAmountProblem('0', yen(10))).toBe(MSG.amountInvalid);
  });
});

describe('the fund password', () => {
  it('is six digits', () => {
    expect(fundPasswordProblem('246810')).toBeNull();
    expect(fundPasswordProblem('')).toBe(MSG.fundPasswordEmpty);
    expect(fundPasswordProblem('12345')).toBe(MSG.fundPasswordRule);
  });
});

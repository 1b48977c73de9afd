import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { creditApplyFormSchema, creditRepayFormSchema, LOAN_MINIMUM_YEN, LOAN_STEP_YEN } from './credit';

const base = { fundPassword: '246810', idempotencyKey: 'abcdefgh12' };

describe('credit forms', () => {
  it.each([
    ['0', MSG.amountInvalid],
    ['-100000', MSG.amountInvalid],
    ['1e5', MSG.amountInvalid],
    ['１００，０００', MSG.amountInvalid],
    ['100,000', MSG.amountInvalid],
    [' 100000', MSG.amountInvalid],
    ['100000.5', MSG.amountTooManyDecimals],
    ['90000', MSG.loanAmountBelowMinimum],
    ['115000', MSG.loanAmountNotStep],
  ])('refuses a loan amount of %j with its catalogue message', (amount, msg) => {
    expect(firstErrorKey(creditApplyFormSchema.safeParse({ ...base, amount }))).toBe(msg);
  });

  it('takes the minimum and whole steps above it', () => {
    expect(creditApplyFormSchema.safeParse({ ...base, amount: String(LOAN_MINIMUM_YEN) }).success).toBe(true);
    expect(creditApplyFormSchema.safeParse({ ...base, amount: String(LOAN_MINIMUM_YEN + LOAN_STEP_YEN), reason: '' }).success).toBe(true);
  });

  it('takes any whole-yen repayment above 0 (the outstanding amount is checked by the server)', () => {
    expect(creditRepayFormSchema.safeParse({ ...base, amount: '1' }).success).toBe(true);
    expect(firstErrorKey(creditRepayFormSchema.safeParse({ ...base, amount: '0' }))).toBe(MSG.amountInvalid);
  });
});

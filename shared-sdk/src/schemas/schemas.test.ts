/** @jest-environment node */
import { MSG } from '../messages/catalogue';
import {
  accountSchema,
  currencyPairSchema,
  emailSchema,
  firstErrorKey,
  fundPasswordSchema,
  inviteCodeSchema,
  loginFormSchema,
  normaliseAccount,
  passwordSchema,
  positiveIntegerSchema,
  positivePriceSchema,
  realNameFormSchema,
  registerFormSchema,
} from './index';

describe('accountSchema', () => {
  it.each([
    ['9012345678', '9012345678'],
    ['09012345678', '9012345678'],
    ['090-1234-5678', '9012345678'],
    [' 080 1234 5678 ', '8012345678'],
    ['７０１２３４５６７８', '7012345678'],
    ['+81 90-1234-5678', '9012345678'],
  ])('accepts %p as %p', (input, expected) => {
    expect(accountSchema.parse(input)).toBe(expected);
  });

  it('fails an empty account with accountEmpty', () => {
    expect(firstErrorKey(accountSchema.safeParse(''))).toBe(MSG.accountEmpty);
    expect(firstErrorKey(accountSchema.safeParse('   '))).toBe(MSG.accountEmpty);
    expect(firstErrorKey(accountSchema.safeParse(undefined))).toBe(MSG.accountEmpty);
  });

  it.each([
    ['901234567'], // 9 digits: must be longer than 9
    ['90123456789'], // 11 digits without a trunk zero
    ['6012345678'], // not a 70/80/90 mobile prefix
    ['0312345678'], // landline
    ['9012345a78'],
  ])('fails %p with accountInvalid', (input) => {
    expect(firstErrorKey(accountSchema.safeParse(input))).toBe(MSG.accountInvalid);
  });

  it('normalises without validating', () => {
    expect(normaliseAccount('090-1234-5678')).toBe('9012345678');
    expect(normaliseAccount('12')).toBe('12');
  });
});

describe('passwordSchema', () => {
  it('accepts 8–20 ASCII letters or digits', () => {
    expect(passwordSchema.parse('abcd1234')).toBe('abcd1234');
    expect(passwordSchema.parse('A'.repeat(20))).toBe('A'.repeat(20));
    expect(passwordSchema.parse('12345678')).toBe('12345678');
  });

  it('fails empty with passwordEmpty, everything else with passwordRule', () => {
    expect(firstErrorKey(passwordSchema.safeParse(''))).toBe(MSG.passwordEmpty);
    expect(firstErrorKey(passwordSchema.safeParse('abc123'))).toBe(MSG.passwordRule); // 6: not longer than 6
    expect(firstErrorKey(passwordSchema.safeParse('abc1234'))).toBe(MSG.passwordRule); // 7
    expect(firstErrorKey(passwordSchema.safeParse('A'.repeat(21)))).toBe(MSG.passwordRule);
    expect(firstErrorKey(passwordSchema.safeParse('abcd 1234'))).toBe(MSG.passwordRule);
    expect(passwordSchema.safeParse('abcd!234').success).toBe(true);
    expect(passwordSchema.safeParse('P@ss#w0rd-~{}').success).toBe(true);
    expect(firstErrorKey(passwordSchema.safeParse('ａｂｃｄ１２３４'))).toBe(MSG.passwordRule);
  });
});

describe('loginFormSchema', () => {
  const valid = { account: '090-1234-5678', password: 'abcd1234', agreePrivacy: true };

  it('parses a valid form and normalises the account', () => {
    expect(loginFormSchema.parse(valid)).toEqual({ account: '9012345678', password: 'abcd1234', agreePrivacy: true });
    expect(loginFormSchema.parse({ ...valid, agreePrivacy: 'on' }).agreePrivacy).toBe(true);
  });

  it('reports the first failed rule in field order', () => {
    expect(firstErrorKey(loginFormSchema.safeParse({ account: '', password: '', agreePrivacy: false }))).toBe(MSG.accountEmpty);
    expect(firstErrorKey(loginFormSchema.safeParse({ ...valid, password: '' }))).toBe(MSG.passwordEmpty);
    expect(firstErrorKey(loginFormSchema.safeParse({ ...valid, agreePrivacy: false }))).toBe(MSG.agreePrivacyRequired);
    expect(firstErrorKey(loginFormSchema.safeParse({ ...valid, agreePrivacy: undefined }))).toBe(MSG.agreePrivacyRequired);
    expect(firstErrorKey(loginFormSchema.safeParse({ ...valid, agreePrivacy: 'false' }))).toBe(MSG.agreePrivacyRequired);
  });
});

describe('registerFormSchema', () => {
  const valid = {
    account: '09012345678',
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
    inviteCode: 'AB12',
    agreeCustomer: true,
  };

  it('parses a valid form', () => {
    expect(registerFormSchema.parse(valid)).toEqual({ ...valid, account: '9012345678' });
  });

  it('requires matching passwords', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'abcd12345' });
    expect(firstErrorKey(result)).toBe(MSG.passwordsDiffer);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(firstErrorKey(registerFormSchema.safeParse({ ...valid, confirmPassword: '' }))).toBe(MSG.confirmPasswordEmpty);
  });

  it('requires an invitation code of 4–16 letters or digits', () => {
    expect(firstErrorKey(registerFormSchema.safeParse({ ...valid, inviteCode: '' }))).toBe(MSG.inviteCodeRequired);
    expect(firstErrorKey(registerFormSchema.safeParse({ ...valid, inviteCode: undefined }))).toBe(MSG.inviteCodeRequired);
    expect(firstErrorKey(inviteCodeSchema.safeParse('ab1'))).toBe(MSG.inviteCodeInvalid);
    expect(firstErrorKey(inviteCodeSchema.safeParse('a'.repeat(17)))).toBe(MSG.inviteCodeInvalid);
    expect(firstErrorKey(inviteCodeSchema.safeParse('ab-12'))).toBe(MSG.inviteCodeInvalid);
    expect(inviteCodeSchema.parse(' abc123 ')).toBe('abc123');
  });

  it('requires the customer agreement', () => {
    expect(firstErrorKey(registerFormSchema.safeParse({ ...valid, agreeCustomer: false }))).toBe(MSG.agreeCustomerRequired);
  });
});

describe('other schemas', () => {
  it('fund password is six digits', () => {
    expect(fundPasswordSchema.parse('012345')).toBe('012345');
    expect(firstErrorKey(fundPasswordSchema.safeParse(''))).toBe(MSG.fundPasswordEmpty);
    expect(firstErrorKey(fundPasswordSchema.safeParse('12345'))).toBe(MSG.fundPasswordRule);
    expect(firstErrorKey(fundPasswordSchema.safeParse('1234567'))).toBe(MSG.fundPasswordRule);
    expect(firstErrorKey(fundPasswordSchema.safeParse('12345a'))).toBe(MSG.fundPasswordRule);
  });

  it('positive integers from numbers or text', () => {
    expect(positiveIntegerSchema.parse(3)).toBe(3);
    expect(positiveIntegerSchema.parse('100')).toBe(100);
    for (const bad of [0, -1, 1.5, '0', '-3', '1.5', '', 'abc', '1e3', ' 100 ', '+3', '3.', Number.NaN, 2 ** 53, null]) {
      expect(firstErrorKey(positiveIntegerSchema.safeParse(bad))).toBe(MSG.positiveIntegerRequired);
    }
  });

  it('price above 0 as exact decimal text', () => {
    expect(positivePriceSchema.parse('0012.50')).toBe('12.5');
    expect(positivePriceSchema.parse(3.5)).toBe('3.5');
    expect(positivePriceSchema.parse('0.1')).toBe('0.1');
    for (const bad of [0, '0', '0.00', -1, '-0.5', '', 'abc', Infinity, undefined, '.5', '5.', '2.2e3', '+3000', ' 3000']) {
      expect(firstErrorKey(positivePriceSchema.safeParse(bad))).toBe(MSG.priceAboveZero);
    }
    // Finer than the narrowest tick (0.1 yen): the order's off-tick refusal.
    for (const bad of [3.25, '0.01', '12.55']) expect(firstErrorKey(positivePriceSchema.safeParse(bad))).toBe(MSG.priceNotOnTick);
  });

  it('real name and ID number are required', () => {
    expect(firstErrorKey(realNameFormSchema.safeParse({ realName: ' ', nameKana: 'ヤマダ', idNumber: 'X1' }))).toBe(MSG.realNameRequired);
    expect(firstErrorKey(realNameFormSchema.safeParse({ realName: '山田太郎', nameKana: 'ヤマダ タロウ', idNumber: '' }))).toBe(MSG.idNumberRequired);
    expect(firstErrorKey(realNameFormSchema.safeParse({ realName: '山田太郎', nameKana: ' ', idNumber: 'X1' }))).toBe(MSG.nameKanaRequired);
    expect(firstErrorKey(realNameFormSchema.safeParse({ realName: '山田太郎', nameKana: '山田太郎', idNumber: 'X1' }))).toBe(MSG.nameKanaKatakana);
    expect(realNameFormSchema.parse({ realName: ' 山田太郎 ', nameKana: 'やまだ たろう', idNumber: 'X1' })).toEqual({
      realName: '山田太郎',
      nameKana: 'ヤマダ\u3000タロウ',
      idNumber: 'X1',
    });
  });

  it('the same currency cannot be exchanged', () => {
    expect(firstErrorKey(currencyPairSchema.safeParse({ from: 'JPY', to: 'jpy' }))).toBe(MSG.sameCurrency);
    expect(currencyPairSchema.parse({ from: 'USD', to: 'JPY' })).toEqual({ from: 'USD', to: 'JPY' });
  });

  it('email must have a valid format', () => {
    expect(firstErrorKey(emailSchema.safeParse('a@b'))).toBe(MSG.emailInvalid);
    expect(emailSchema.parse('taro@example.jp')).toBe('taro@example.jp');
  });

  it('firstErrorKey is null on success', () => {
    expect(firstErrorKey(passwordSchema.safeParse('abcd1234'))).toBeNull();
    expect(firstErrorKey({ success: false, error: { issues: [] } })).toBe(MSG.invalidParams);
  });
});

/** @jest-environment node */
import { MSG } from '../messages/catalogue';
import {
  bankCardFormSchema,
  depositFormSchema,
  exchangeQuoteFormSchema,
  firstErrorKey,
  isKatakanaName,
  minorToAmount,
  normaliseKanaName,
  parseAmountToMinor,
  withdrawFormSchema,
} from './index';

describe('amounts', () => {
  it.each([
    ['100', 0, 100n],
    ['12.30', 2, 1230n],
    ['12.3', 2, 1230n],
    ['0.01', 2, 1n],
    ['1.000', 0, 1n],
  ])('%s with %i decimals → %p minor units', (text, decimals, minor) => {
    expect(parseAmountToMinor(text, decimals)).toEqual({ ok: true, minor });
  });
  it.each([
    ['0', 0, MSG.amountInvalid],
    ['-1', 0, MSG.amountInvalid],
    ['1e3', 0, MSG.amountInvalid],
    ['1,000', 0, MSG.amountInvalid],
    ['', 0, MSG.amountInvalid],
    ['1.5', 0, MSG.amountTooManyDecimals],
    ['1.005', 2, MSG.amountTooManyDecimals],
  ])('%s with %i decimals is refused', (text, decimals, error) => {
    expect(parseAmountToMinor(text, decimals)).toEqual({ ok: false, error });
  });
  it('prints minor units exactly', () => {
    expect(minorToAmount(1230n, 2)).toBe('12.30');
    expect(minorToAmount(-5n, 2)).toBe('-0.05');
    expect(minorToAmount(100n, 0)).toBe('100');
  });
});

describe('kana names', () => {
  it('normalises width, hiragana, small kana and spaces', () => {
    expect(normaliseKanaName('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダタロウ');
    expect(normaliseKanaName('やまだ　たろう')).toBe('ヤマダタロウ');
    expect(normaliseKanaName('キョウコ')).toBe('キヨウコ');
    expect(isKatakanaName(normaliseKanaName('山田太郎'))).toBe(false);
    expect(isKatakanaName('ヤマダタロウ')).toBe(true);
  });
});

describe('funds forms', () => {
  it('report the first failed rule as a catalogue key', () => {
    expect(
      firstErrorKey(
        bankCardFormSchema.safeParse({ holderName: 'Yamada', bankCode: '0001', branchCode: '001', accountNumber: '1234567', accountType: 'ordinary' }),
      ),
    ).toBe(MSG.holderNameKatakana);
    expect(firstErrorKey(depositFormSchema.safeParse({ channelId: 'bank-jpy', amount: '100', idempotencyKey: 'abcdefgh12' }))).toBe(MSG.depositProofMissing);
    expect(firstErrorKey(withdrawFormSchema.safeParse({ cardId: '1', amount: '100.5', fundPassword: '123456', idempotencyKey: 'abcdefgh12' }))).toBe(
      MSG.amountTooManyDecimals,
    );
    expect(firstErrorKey(exchangeQuoteFormSchema.safeParse({ from: 'usd', to: 'USD', amount: '1' }))).toBe(MSG.sameCurrency);
    expect(firstErrorKey(exchangeQuoteFormSchema.safeParse({ from: 'EUR', to: 'USD', amount: '1' }))).toBe(MSG.currencyUnsupported);
  });
});

// The one strict decimal parser every money, price and quantity field reads its text with.
import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { amountTextSchema, jpyAmountSchema, parseAmountToMinor } from './funds';
import { blockSharesSchema } from './block-trades';
import { INT4_MAX, parseStrictDecimal, rowIdSchema, strictInteger } from './numbers';
import { PRICE_ALERT_MOVE_MIN_PERCENT, movePercentToBp, priceAlertCreateFormSchema } from './price-alerts';
import { leverageSchema, lotsSchema, placeOrderFormSchema } from './trading';

describe('parseStrictDecimal', () => {
  it.each([
    ['0', {}, { negative: false, int: '', frac: '' }],
    ['3000', {}, { negative: false, int: '3000', frac: '' }],
    ['0012.50', {}, { negative: false, int: '12', frac: '5' }],
    ['2790.5', { maxDecimals: 1 }, { negative: false, int: '2790', frac: '5' }],
    ['2790.50', { maxDecimals: 1 }, { negative: false, int: '2790', frac: '5' }],
    ['-12.3', { negative: true }, { negative: true, int: '12', frac: '3' }],
    ['-0', { negative: true }, { negative: false, int: '', frac: '' }],
    [12.5, {}, { negative: false, int: '12', frac: '5' }],
  ] as const)('reads %p (%p)', (input, rules, value) => {
    expect(parseStrictDecimal(input, rules)).toEqual({ ok: true, value });
  });

  it.each([
    ['2.2e3', {}],
    ['1e3', {}],
    ['1E3', {}],
    ['+3000', {}],
    ['3000.', {}],
    ['.5', {}],
    [' 1', {}],
    ['1 ', {}],
    ['\t1', {}],
    ['1,000', {}],
    ['', {}],
    ['-', { negative: true }],
    ['-5', {}],
    ['--5', { negative: true }],
    ['0x10', {}],
    ['１', {}],
    ['NaN', {}],
    ['Infinity', {}],
    [Number.NaN, {}],
    [Number.POSITIVE_INFINITY, {}],
    [1e21, {}],
    ['1'.repeat(21), {}],
    [null, {}],
    [undefined, {}],
    [true, {}],
  ] as const)('refuses %p (%p) as malformed', (input, rules) => {
    expect(parseStrictDecimal(input, rules)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['1.5', 0],
    ['2790.55', 1],
    ['0.001', 2],
  ] as const)('refuses %p with more than %p decimals', (input, maxDecimals) => {
    expect(parseStrictDecimal(input, { maxDecimals })).toEqual({ ok: false, reason: 'decimals' });
  });

  it('strictInteger: whole numbers only, negatives kept for the field to judge', () => {
    expect(strictInteger('42')).toBe(42);
    expect(strictInteger('-7')).toBe(-7);
    expect(strictInteger('1.0')).toBe(1);
    for (const bad of ['1.5', '1e3', ' 1', '+1', '9007199254740993', '']) expect(strictInteger(bad)).toBeNull();
  });
});

describe('fields that read it', () => {
  it('row ids: 1..2^31-1, plain digits, else the resource not-found', () => {
    const id = rowIdSchema(MSG.orderNotFound);
    expect(id.parse('1')).toBe(1);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [String(INT4_MAX + 1), '9999999999999999999', '-1', '0', '1.5', '1e3', ' 1', '', null]) {
      expect(firstErrorKey(id.safeParse(bad))).toBe(MSG.orderNotFound);
    }
  });

  it('trade/place price: the probe’s 2.2e3 and friends are refused', () => {
    const base = { code: '7203', side: 'buy', product: 'cash', orderType: 'limit', lots: '1', idempotencyKey: 'key-12345678' };
    expect(placeOrderFormSchema.safeParse({ ...base, price: '2200' }).success).toBe(true);
    for (const price of ['2.2e3', '+2200', '2200.', '.5', ' 2200']) {
      expect(firstErrorKey(placeOrderFormSchema.safeParse({ ...base, price }))).toBe(MSG.priceAboveZero);
    }
  });

  it('lots: " 1", "+1", "1." and "1e0" are refused', () => {
    expect(lotsSchema.parse('1')).toBe(1);
    for (const lots of [' 1', '1 ', '+1', '1.', '1e0', '1.0.0']) expect(firstErrorKey(lotsSchema.safeParse(lots))).toBe(MSG.lotsRequired);
  });

  it('alert price and % move', () => {
    const alert = (fields: Record<string, unknown>) => priceAlertCreateFormSchema.safeParse({ code: '7203', ...fields });
    expect(alert({ kind: 'above', price: '3000' }).success).toBe(true);
    for (const price of ['1e3', '+3000', '3000.', '.5']) expect(firstErrorKey(alert({ kind: 'above', price }))).toBe(MSG.priceAboveZero);
    expect(firstErrorKey(alert({ kind: 'above', price: '3000.25' }))).toBe(MSG.priceAlertPriceNotOnTick);
    expect(movePercentToBp('2.5')).toBe(250);
    expect(movePercentToBp(PRICE_ALERT_MOVE_MIN_PERCENT)).not.toBeNull();
    for (const bad of ['2.5e0', '+2.5', '2.', '.5', ' 2.5', '2.55']) expect(movePercentToBp(bad)).toBeNull();
  });

  it('money: whole yen for JPY, the currency’s decimals otherwise', () => {
    expect(parseAmountToMinor('12.30', 2)).toEqual({ ok: true, minor: 1230n });
    expect(parseAmountToMinor('1.5', 0)).toEqual({ ok: false, error: MSG.amountTooManyDecimals });
    for (const bad of ['1e3', '+100', '100.', '.5', ' 100', '-100', '0']) expect(parseAmountToMinor(bad, 0)).toEqual({ ok: false, error: MSG.amountInvalid });
    expect(firstErrorKey(amountTextSchema.safeParse(' 100'))).toBe(MSG.amountInvalid);
    expect(firstErrorKey(jpyAmountSchema.safeParse('1e3'))).toBe(MSG.amountInvalid);
  });

  it('block shares and leverage', () => {
    expect(blockSharesSchema.parse('200')).toBe(200);
    for (const bad of [' 200', '+200', '200.', '2e2']) expect(firstErrorKey(blockSharesSchema.safeParse(bad))).toBe(MSG.lotsRequired);
    expect(leverageSchema.parse('2.5')).toBe('2.5');
    for (const bad of [' 2', '+2', '2.', '.5', '2e0', '0.5']) expect(firstErrorKey(leverageSchema.safeParse(bad))).toBe(MSG.leverageInvalid);
  });
});

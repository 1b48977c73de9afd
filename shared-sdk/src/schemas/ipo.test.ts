/** @jest-environment node */
// The IPO forms as a customer fills them: every bad quantity gets its catalogue message, the
// same one the server answers (docs/api/ipo.md §4 ipo/apply).
import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { ipoApplyFormSchema, ipoListFormSchema, ipoPayFormSchema, ipoWaiveFormSchema } from './ipo';

const apply = (quantity: unknown, extra: Record<string, unknown> = {}) =>
  ipoApplyFormSchema.safeParse({ code: '9501', quantity, fundPassword: '135790', idempotencyKey: 'ipo-apply-0001', ...extra });

describe('ipo/apply form', () => {
  it('takes whole lots of 100 shares, as number or text', () => {
    expect(apply(100)).toMatchObject({ success: true, data: { quantity: 100, code: '9501' } });
    expect(apply('300')).toMatchObject({ success: true, data: { quantity: 300 } });
  });

  it.each([
    [0, MSG.ipoUnitsNotPositive],
    ['0', MSG.ipoUnitsNotPositive],
    ['', MSG.ipoUnitsNotPositive],
    [-100, MSG.ipoUnitsNotPositive],
    ['-200', MSG.ipoUnitsNotPositive],
    [150, MSG.ipoUnitsNotWholeLots],
    ['1.5', MSG.ipoUnitsNotWholeLots],
    [100.5, MSG.ipoUnitsNotWholeLots],
    ['abc', MSG.ipoUnitsNotWholeLots],
    ['1e3', MSG.ipoUnitsNotWholeLots],
    [' 300', MSG.ipoUnitsNotWholeLots],
    ['+300', MSG.ipoUnitsNotWholeLots],
    ['300.', MSG.ipoUnitsNotWholeLots],
    [undefined, MSG.ipoUnitsNotPositive],
  ])('quantity %p → %s', (quantity, message) => {
    expect(firstErrorKey(apply(quantity))).toBe(message);
  });

  it('refuses a bad code, a missing key or a malformed fund password with their messages', () => {
    expect(firstErrorKey(apply(100, { code: '95' }))).toBe(MSG.ipoIssueNotFound);
    expect(firstErrorKey(apply(100, { idempotencyKey: 'x' }))).toBe(MSG.idempotencyKeyRequired);
    expect(firstErrorKey(apply(100, { fundPassword: '12ab56' }))).toBe(MSG.fundPasswordRule);
  });
});

describe('ipo/pay, ipo/waive and ipo/list forms', () => {
  it('need a positive application id', () => {
    expect(ipoWaiveFormSchema.safeParse({ id: '7' })).toMatchObject({ success: true, data: { id: 7 } });
    for (const id of ['0', '-1', 'x', '1.5']) expect(firstErrorKey(ipoWaiveFormSchema.safeParse({ id }))).toBe(MSG.ipoSubscriptionNotFound);
    expect(firstErrorKey(ipoPayFormSchema.safeParse({ id: 3, fundPassword: '135790' }))).toBe(MSG.idempotencyKeyRequired);
  });

  it('filters by a known status only', () => {
    expect(ipoListFormSchema.safeParse({ status: 'applying' }).success).toBe(true);
    expect(firstErrorKey(ipoListFormSchema.safeParse({ status: 'won' }))).toBe(MSG.invalidParams);
  });
});

import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { couponRedeemFormSchema, opsCampaignCouponFormSchema } from './rewards';

const campaign = { account: '1234567890', kind: 'cash', value: '500', expiresOn: '2026-12-31', campaign: 'winter', reason: 'welcome' };

describe('rewards forms', () => {
  it('refuses a redeem without a coupon id or key, with its catalogue message', () => {
    expect(firstErrorKey(couponRedeemFormSchema.safeParse({ couponId: 'abc', idempotencyKey: 'abcdefgh12' }))).toBe(MSG.couponNotFound);
    expect(firstErrorKey(couponRedeemFormSchema.safeParse({ couponId: '3' }))).toBe(MSG.idempotencyKeyRequired);
    expect(couponRedeemFormSchema.parse({ couponId: '3', idempotencyKey: 'abcdefgh12' })).toEqual({ couponId: 3, idempotencyKey: 'abcdefgh12' });
  });

  it.each(['0', '-5', '1.5', '100001', '¥500', ''])('refuses a campaign coupon value of %j', (value) => {
    expect(firstErrorKey(opsCampaignCouponFormSchema.safeParse({ ...campaign, value }))).toBe(MSG.couponValueInvalid);
  });

  it('refuses an expiry that is not a date and takes a whole-yen value as bigint', () => {
    expect(firstErrorKey(opsCampaignCouponFormSchema.safeParse({ ...campaign, expiresOn: 'soon' }))).toBe(MSG.couponExpiryInvalid);
    expect(opsCampaignCouponFormSchema.parse({ ...campaign, minOrderValue: '' })).toMatchObject({ value: 500n, minOrderValue: undefined });
    expect(opsCampaignCouponFormSchema.parse({ ...campaign, value: '100000', minOrderValue: '200000' })).toMatchObject({
      value: 100000n,
      minOrderValue: 200000n,
    });
  });
});

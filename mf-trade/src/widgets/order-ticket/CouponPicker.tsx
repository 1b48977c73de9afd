// The order ticket's fee-discount coupon (docs/dividends.md "Coupons"): the customer's usable
// fee-discount coupons, each with its rule and what it saves on this order at the published
// schedule (the server's estimate of the commission; ¥0 by default, said plainly). Shown only
// when there is one to pick; the server checks the pick again when the order is placed.
import { Selector } from 'antd-mobile';
import { useEffect } from 'react';
import { formatDateKey, formatMoneyText, groupAmount } from '@kabuto/shared-sdk';
import type { CouponView, Money } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetCouponsQuery } from '../../api/rewards';
import { useTradeText } from '../../common/texts';

export const yenMoney = (minor: bigint): Money => ({ currency: 'JPY', minor: minor.toString(), amount: minor.toString() });

/**
 * What `coupon` saves on an order of `orderValue` charged `commission` (yen): up to its value off
 * the commission, when the order meets its minimum (the server's rule: fee-discount.ts).
 */
export function couponSaving(coupon: Pick<CouponView, 'value' | 'minOrderValue'>, commission: bigint, orderValue: bigint): { applies: boolean; saves: bigint } {
  if (coupon.minOrderValue !== null && orderValue < BigInt(coupon.minOrderValue.minor)) return { applies: false, saves: 0n };
  const value = BigInt(coupon.value.minor);
  return { applies: true, saves: value < commission ? value : commission };
}

export interface CouponPickerProps {
  /** The estimate's commission and the order value the coupon's minimum is checked against. */
  commission: Money;
  orderValue: Money;
  couponId: number | null;
  onChange: (couponId: number | null) => void;
}

export function CouponPicker({ commission, orderValue, couponId, onChange }: CouponPickerProps) {
  const { t, lang } = useTradeText();
  // Asked afresh each time the ticket opens: a coupon another order used since is not offered.
  const { data } = useGetCouponsQuery(undefined, { refetchOnMountOrArgChange: true });
  const usable = (data?.usable ?? []).filter((c) => c.kind === 'fee-discount');
  const fee = BigInt(commission.minor);
  const value = BigInt(orderValue.minor);
  const picked = usable.find((c) => c.id === couponId);
  const pickedApplies = picked ? couponSaving(picked, fee, value).applies : false;
  // A pick that is gone (used elsewhere) or no longer applies (the order changed) is dropped.
  useEffect(() => {
    if (couponId !== null && data && !pickedApplies) onChange(null);
  }, [couponId, data, pickedApplies, onChange]);
  if (usable.length === 0) return null;
  return (
    <section data-testid="ticket-coupons" style={{ marginTop: 10 }}>
      <p className={styles.label}>{t('ticket.coupon')}</p>
      <Selector
        columns={1}
        value={[couponId ?? 0]}
        onChange={(v) => onChange(v[0] ? v[0] : null)}
        options={[
          { value: 0, label: t('ticket.coupon.none') },
          ...usable.map((c) => {
            const saving = couponSaving(c, fee, value);
            const minimum = c.minOrderValue ? formatMoneyText(c.minOrderValue) : null;
            return {
              value: c.id,
              label: t('rewards.kind.fee-discount', { value: groupAmount(c.value.amount) }),
              disabled: !saving.applies,
              description: (
                <span data-testid="ticket-coupon" data-coupon-id={c.id} data-applies={saving.applies ? 'true' : 'false'}>
                  {saving.applies || minimum === null
                    ? t('ticket.coupon.saves', { saves: formatMoneyText(yenMoney(saving.saves)), commission: formatMoneyText(commission) })
                    : t('ticket.coupon.belowMinimum', { minimum, value: formatMoneyText(orderValue) })}
                  {' · '}
                  {t('rewards.expires', { date: formatDateKey(c.expiresOn, lang) })}
                </span>
              ),
            };
          }),
        ]}
        data-testid="ticket-coupon-picker"
      />
      <p className={styles.muted} data-testid="ticket-coupon-note">
        {fee === 0n ? t('ticket.coupon.zero') : t('ticket.coupon.how')}
      </p>
    </section>
  );
}

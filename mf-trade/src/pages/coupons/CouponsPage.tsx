// Coupons (/pages/common/coupons): the daily sign-in (streak calendar, published rewards, the
// button), then my coupons in three tabs (usable, used, expired), each with its rules. A cash
// coupon is redeemed here, once, and the answer's ledger postings are shown; a fee-discount
// coupon's rules say what it discounts (the commission, ¥0 by default) and it is picked in the
// order ticket; the order that holds or used one is linked. A coupon never
// conditions a withdrawal, a deposit or access to money, and the page says so.
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageState, QueryState, errorMessage, formatDateKey, formatDateTime, formatMoneyText, groupAmount, isLoaded, routeTo } from '@kabuto/shared-sdk';
import { COUPON_STATES, type CouponPosting, type CouponRedemption, type CouponState, type CouponView } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useGetCouponsQuery, useRedeemCouponMutation } from '../../api/rewards';
import { DailySignIn } from '../../common/DailySignIn';
import { useTradeText } from '../../common/texts';

function Postings({ postings }: { postings: CouponPosting[] }) {
  const { t } = useTradeText();
  return (
    <div data-testid="coupon-postings">
      <p className={styles.label}>{t('rewards.postings')}</p>
      {postings.map((p) => {
        const kind = p.account.split(':')[0];
        const name = kind === 'marketing_expense' || kind === 'customer_cash' ? t(`rewards.account.${kind}`) : p.account;
        return (
          <div className={styles.row} key={p.account} data-testid="coupon-posting">
            <span>
              {name}
              <span className={styles.muted} style={{ display: 'block', fontSize: 12 }}>
                {p.account}
              </span>
            </span>
            <span className={styles.value} style={{ whiteSpace: 'nowrap' }}>
              {formatMoneyText(p.amount)}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The last redemption on this page: kept here, since the coupon itself moves to the used tab. */
function Redeemed({ redemption }: { redemption: CouponRedemption }) {
  const { t } = useTradeText();
  return (
    <div className={styles.card} data-testid="coupon-redemption" data-coupon-id={redemption.coupon.id}>
      <p className={styles.note} data-testid="coupon-redeemed">
        {t('rewards.redeemed', { value: groupAmount(redemption.coupon.value.amount) })}
      </p>
      <Postings postings={redemption.postings} />
    </div>
  );
}

function CouponCard({ coupon, onRedeemed }: { coupon: CouponView; onRedeemed: (r: CouponRedemption) => void }) {
  const { t, lang } = useTradeText();
  const [redeem, redeeming] = useRedeemCouponMutation();
  const keys = useSubmissionKeys();
  const [error, setError] = useState<string | null>(null);
  const value = groupAmount(coupon.value.amount);

  async function submit() {
    setError(null);
    // One key per tap on this coupon: a retry after a time-out reuses it (one posting).
    const answer = await redeem({ couponId: coupon.id, idempotencyKey: keys.keyFor({ couponId: coupon.id }) });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error));
      return;
    }
    keys.settle();
    if (answer.data) onRedeemed(answer.data);
  }

  const rule =
    coupon.kind === 'cash'
      ? t('rewards.rule.cash', { value })
      : t('rewards.rule.fee-discount', {
          value,
          minimum: coupon.minOrderValue ? t('rewards.rule.minimum', { value: groupAmount(coupon.minOrderValue.amount) }) : '',
        });
  return (
    <div className={styles.card} data-testid="coupon" data-coupon-id={coupon.id} data-kind={coupon.kind} data-state={coupon.state}>
      <div className={styles.row}>
        <span className={styles.value}>{t(`rewards.kind.${coupon.kind}`, { value })}</span>
        <span className={styles.tag}>{t(`rewards.state.${coupon.state}`)}</span>
      </div>
      <p className={styles.muted}>{t(`rewards.source.${coupon.source}`, { detail: coupon.sourceDetail })}</p>
      <p className={styles.muted} data-testid="coupon-rule">
        {rule}
      </p>
      <p className={styles.muted}>
        {coupon.state === 'used' && coupon.usedAt
          ? t('rewards.usedAt', { at: formatDateTime(coupon.usedAt, lang) })
          : t('rewards.expires', { date: formatDateKey(coupon.expiresOn, lang) })}
      </p>
      {coupon.orderPositionId !== null && (
        <p className={styles.muted} data-testid="coupon-order" data-position-id={coupon.orderPositionId}>
          {coupon.usedAt ? t('rewards.onOrder') : t('rewards.heldByOrder')} ·{' '}
          <Link to={routeTo('positionDetail', { id: coupon.orderPositionId })} data-testid="coupon-order-link">
            {t('rewards.viewOrder')}
          </Link>
        </p>
      )}
      {coupon.state === 'usable' && coupon.kind === 'cash' && (
        <Button size="small" color="primary" loading={redeeming.isLoading} onClick={() => void submit()} data-testid="coupon-redeem">
          {t('rewards.redeem', { value })}
        </Button>
      )}
      <Refusal text={error} testId="coupon-error" />
    </div>
  );
}

export default function CouponsPage() {
  const { t } = useTradeText();
  // Asked afresh on every visit: an order placed or ended since may have claimed or given back a coupon.
  const query = useGetCouponsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: CouponState = COUPON_STATES.find((k) => k === asked) ?? 'usable';
  const [redeemed, setRedeemed] = useState<CouponRedemption | null>(null);
  return (
    <div className={styles.page} data-testid="coupons-page">
      <DailySignIn />
      <p className={styles.note} data-testid="coupons-never">
        {t('rewards.rule.never')}
      </p>
      {redeemed && <Redeemed redemption={redeemed} />}
      {!isLoaded(query) ? (
        <QueryState query={query} />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
            {COUPON_STATES.map((key) => (
              <Tabs.Tab key={key} title={<span data-testid={`coupons-tab-${key}`}>{t(`rewards.tab.${key}`, { count: query.data[key].length })}</span>} />
            ))}
          </Tabs>
          {query.data[tab].length === 0 ? (
            <PageState status="empty" emptyText={t('rewards.empty')} testId="coupons-empty" />
          ) : (
            query.data[tab].map((c) => <CouponCard key={c.id} coupon={c} onRedeemed={setRedeemed} />)
          )}
        </>
      )}
    </div>
  );
}

// One investment trust (/pages/common/trust?id=): the NAV history chart, the holdings and cash
// the last NAV was computed from, the trust fee with a worked example, my units and requests, and
// the subscribe and redeem forms (fund password). Both forms are orders at the NEXT NAV (blind
// pricing), which the page says before the customer asks. Simulated, and said so.
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageState, QueryState, errorMessage, formatDateKey, groupAmount, isLoaded } from '@kabuto/shared-sdk';
import type { TrustDetail, TrustMine, TrustRequestView } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm } from '@kabuto/shared-sdk/ui/forms';
import { useCancelTrustRequestMutation, useGetMyTrustQuery, useGetTrustQuery, useRedeemTrustMutation, useSubscribeTrustMutation } from '../../api/trust';
import { useTradeText } from '../../common/texts';
import { NavChart } from './NavChart';

function Holdings({ trust }: { trust: TrustDetail }) {
  const { t, lang } = useTradeText();
  return (
    <section className={styles.card} data-testid="trust-holdings">
      <p className={styles.label}>{t('trust.holdings')}</p>
      {trust.holdings.length === 0 && <p className={styles.muted}>{t('trust.noHoldings')}</p>}
      {trust.holdings.map((h) => (
        <div className={styles.row} key={h.code} data-testid="trust-holding" data-code={h.code}>
          <span>
            {h.code} {lang === 'tw' || lang === 'jp' ? h.name[lang] : h.name.en}
            <span className={styles.muted} style={{ display: 'block', fontSize: 12 }}>
              {t('trust.holding', { shares: h.shares.toLocaleString('en-US'), price: groupAmount(h.price) })}
            </span>
          </span>
          <span className={styles.value}>¥{groupAmount(h.value.amount)}</span>
        </div>
      ))}
      <div className={styles.row}>
        <span>{t('trust.cash')}</span>
        <span className={styles.value} data-testid="trust-cash">
          ¥{groupAmount(trust.cash.amount)}
        </span>
      </div>
      {/* Yen priced for redemptions and not yet paid: not the unit holders', so holdings + cash − this = net assets. */}
      {trust.payable.amount !== '0' && (
        <div className={styles.row}>
          <span>{t('trust.payable')}</span>
          <span className={styles.value} data-testid="trust-payable">
            −¥{groupAmount(trust.payable.amount)}
          </span>
        </div>
      )}
    </section>
  );
}

function Fee({ trust }: { trust: TrustDetail }) {
  const { t } = useTradeText();
  return (
    <section className={styles.card} data-testid="trust-fee">
      <div className={styles.row}>
        <span className={styles.label}>{t('trust.fee')}</span>
        <span className={styles.value}>{t('trust.feeRate', { rate: trust.feePercentPerYear })}</span>
      </div>
      <p className={styles.muted} data-testid="trust-fee-example">
        {t('trust.feeExample', {
          rate: trust.feePercentPerYear,
          base: groupAmount(trust.feeExample.base.amount),
          perDay: groupAmount(trust.feeExample.perDay.amount),
          perYear: groupAmount(trust.feeExample.perYear.amount),
        })}
      </p>
      <p className={styles.muted}>{t('trust.feesAccrued', { value: groupAmount(trust.feesAccrued.amount) })}</p>
    </section>
  );
}

/** A pending request's Cancel: asked once inline (what happens to the money or units said first); the server's refusal shown as it is. */
function CancelRequest({ r }: { r: TrustRequestView }) {
  const { t, lang } = useTradeText();
  const [cancel, cancelling] = useCancelTrustRequestMutation();
  const keys = useSubmissionKeys();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmed() {
    setAsking(false);
    setError(null);
    // One key per request: a retry after a time-out is answered as the first cancel was.
    const answer = await cancel({ id: r.id, idempotencyKey: keys.keyFor({ id: r.id }) });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error));
      return;
    }
    keys.settle();
  }

  const date = formatDateKey(r.navDate, lang);
  return (
    <>
      {!asking && (
        <Button size="small" color="danger" loading={cancelling.isLoading} onClick={() => setAsking(true)} data-testid="trust-request-cancel">
          {t('trust.cancel')}
        </Button>
      )}
      {asking && (
        <div className={styles.note} style={{ marginTop: 8 }} role="alertdialog" data-testid="trust-cancel-confirm">
          <p style={{ margin: '0 0 8px' }}>
            {r.kind === 'subscribe'
              ? t('trust.cancelConfirmSubscribe', { amount: groupAmount(r.amount?.amount ?? '0'), date })
              : t('trust.cancelConfirmRedeem', { units: groupAmount(r.units ?? '0'), date })}
          </p>
          <div className={styles.actions}>
            <Button size="small" color="danger" onClick={() => void confirmed()} data-testid="trust-cancel-yes">
              {t('common.confirm')}
            </Button>
            <Button size="small" onClick={() => setAsking(false)} data-testid="trust-cancel-no">
              {t('trust.keep')}
            </Button>
          </div>
        </div>
      )}
      <Refusal text={error} testId="trust-cancel-error" />
    </>
  );
}

function RequestRow({ r }: { r: TrustRequestView }) {
  const { t, lang } = useTradeText();
  const what =
    r.kind === 'subscribe'
      ? t('trust.request.subscribe', { amount: groupAmount(r.amount?.amount ?? '0') })
      : t('trust.request.redeem', { units: groupAmount(r.units ?? '0') });
  const date = formatDateKey(r.navDate, lang);
  const outcome =
    r.status === 'pending'
      ? t('trust.request.pending', { date })
      : r.status === 'cancelled'
        ? t('trust.request.cancelled')
        : r.status === 'priced'
          ? t('trust.request.pricedRedeem', { nav: groupAmount(r.nav?.amount ?? '0'), date, cash: groupAmount(r.cash?.amount ?? '0') })
          : r.kind === 'subscribe'
            ? t('trust.request.filledSubscribe', {
                nav: groupAmount(r.nav?.amount ?? '0'),
                date,
                units: groupAmount(r.filledUnits ?? '0'),
                cash: groupAmount(r.cash?.amount ?? '0'),
                refund: groupAmount(r.refund?.amount ?? '0'),
              })
            : t('trust.request.filledRedeem', { nav: groupAmount(r.nav?.amount ?? '0'), date, cash: groupAmount(r.cash?.amount ?? '0') });
  return (
    <div className={styles.listRow} data-testid="trust-request" data-status={r.status} data-kind={r.kind}>
      <span className={styles.value}>{what}</span>
      <p className={styles.muted}>{outcome}</p>
      {r.status === 'pending' && <CancelRequest r={r} />}
    </div>
  );
}

function Mine({ mine }: { mine: TrustMine }) {
  const { t } = useTradeText();
  return (
    <section className={styles.card} data-testid="trust-mine">
      <div className={styles.row}>
        <span className={styles.label}>{t('trust.mine')}</span>
        <span className={styles.value} data-testid="trust-my-units">
          {t('trust.myUnits', { units: groupAmount(mine.units) })}
        </span>
      </div>
      {mine.value && <p className={styles.muted}>{t('trust.myValue', { value: groupAmount(mine.value.amount) })}</p>}
      <p className={styles.label}>{t('trust.requests')}</p>
      {mine.requests.length === 0 ? <p className={styles.muted}>{t('trust.noRequests')}</p> : mine.requests.map((r) => <RequestRow key={r.id} r={r} />)}
    </section>
  );
}

/** One of the two forms: an amount (subscribe) or units (redeem), then the fund password. */
function OrderForm({ trust, mine, kind }: { trust: TrustDetail; mine: TrustMine; kind: 'subscribe' | 'redeem' }) {
  const { t } = useTradeText();
  const [subscribe, subscribing] = useSubscribeTrustMutation();
  const [redeem, redeeming] = useRedeemTrustMutation();
  const keys = useSubmissionKeys();
  const [value, setValue] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit() {
    setError(null);
    setDone(false);
    // One key per form as sent: a retry after a time-out reuses it, so nothing is held twice.
    const idempotencyKey = keys.keyFor({ id: trust.id, kind, value });
    const answer =
      kind === 'subscribe'
        ? await subscribe({ id: trust.id, amount: value, fundPassword, idempotencyKey })
        : await redeem({ id: trust.id, units: value, fundPassword, idempotencyKey });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error));
      return;
    }
    keys.settle();
    setValue('');
    setFundPassword('');
    setDone(true);
  }

  return (
    <section className={styles.card} data-testid={`trust-${kind}-form`}>
      <p className={styles.label}>{kind === 'subscribe' ? t('trust.subscribe') : t('trust.redeem')}</p>
      <p className={styles.muted}>
        {kind === 'subscribe' ? `${t('trust.minimum')}: ¥${groupAmount(trust.minimum.amount)}` : t('trust.redeemable', { units: groupAmount(mine.redeemable) })}
      </p>
      <Input
        className={styles.field}
        inputMode="numeric"
        value={value}
        onChange={setValue}
        placeholder={kind === 'subscribe' ? t('trust.amount') : t('trust.unitsField')}
        aria-label={kind === 'subscribe' ? t('trust.amount') : t('trust.unitsField')}
        data-testid={`trust-${kind}-value`}
      />
      <FundPasswordConfirm value={fundPassword} onChange={setFundPassword} testId={`trust-${kind}`} />
      <Button
        block
        color="primary"
        style={{ marginTop: 8 }}
        loading={kind === 'subscribe' ? subscribing.isLoading : redeeming.isLoading}
        disabled={value === '' || fundPassword === ''}
        onClick={() => void submit()}
        data-testid={`trust-${kind}-submit`}
      >
        {kind === 'subscribe' ? t('trust.subscribeButton') : t('trust.redeemButton')}
      </Button>
      {done && (
        <p className={styles.note} data-testid={`trust-${kind}-accepted`}>
          {t('trust.accepted')}
        </p>
      )}
      <Refusal text={error} testId={`trust-${kind}-error`} />
    </section>
  );
}

export default function TrustPage() {
  const { t, lang } = useTradeText();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const trust = useGetTrustQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const mine = useGetMyTrustQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  if (!valid) return <PageState status="empty" emptyText={t('trust.empty')} testId="trust-missing" />;
  if (!isLoaded(trust)) return <QueryState query={trust} />;
  if (!isLoaded(mine)) return <QueryState query={mine} />;
  const d = trust.data;
  return (
    <div className={styles.page} data-testid="trust-page" data-trust-id={d.id}>
      <p className={styles.note} data-testid="trust-simulated">
        {t('trust.simulated')}
      </p>
      <section className={styles.card}>
        <div className={styles.row}>
          <span className={styles.value} data-testid="trust-name">
            {d.name}
          </span>
          <span className={styles.tag}>{t('common.simulatedTag')}</span>
        </div>
        <p className={styles.muted}>{t('trust.follows', { name: d.strategyName })}</p>
        <p className={styles.value} data-testid="trust-nav">
          {d.last ? t('trust.navOn', { nav: groupAmount(d.last.nav.amount), date: formatDateKey(d.last.date, lang) }) : t('trust.noNav')}
        </p>
        {d.last && (
          <>
            <div className={styles.row}>
              <span className={styles.label}>{t('trust.netAssets')}</span>
              <span>¥{groupAmount(d.last.netAssets.amount)}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.label}>{t('trust.units')}</span>
              <span>{groupAmount(d.last.units)}</span>
            </div>
          </>
        )}
      </section>
      <section className={styles.card}>
        <p className={styles.label}>{t('trust.history')}</p>
        <NavChart history={d.history} label={t('trust.nav')} />
      </section>
      <Holdings trust={d} />
      <Fee trust={d} />
      <Mine mine={mine.data} />
      <p className={styles.note} data-testid="trust-blind">
        {t('trust.blind')}
      </p>
      <OrderForm trust={d} mine={mine.data} kind="subscribe" />
      <OrderForm trust={d} mine={mine.data} kind="redeem" />
    </div>
  );
}

// Conditional orders (docs/trading.md §11) with each leg's state — waiting, triggered, filled,
// cancelled, expired, rejected (with why and its figures) — on Positions (all of them) and on a position's detail (those touching
// it: a stop-loss on it, the IFD that opened it). Waiting ones can be cancelled here; a
// triggered leg's child is a normal order, shown and cancelled as a position.
import { Button } from 'antd-mobile';
import { errorMessage, formatDateKey, translateMessage, type Lang } from '@kabuto/shared-sdk';
import type { ConditionalLegView, ConditionalOrderView } from '@kabuto/shared-sdk/schemas';
import { Fragment, useState } from 'react';
import { useCancelConditionalMutation, useGetConditionalOrdersQuery } from '../api/trading';
import { formatPrice } from './format';
import { useTradeText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function legLine(t: ReturnType<typeof useTradeText>['t'], leg: ConditionalLegView): string {
  const what = `${t(`side.${leg.side}`)} ${t('common.shares', { quantity: leg.quantity.toLocaleString('en-US') })}`;
  const order = leg.orderType === 'limit' && leg.price ? `${t('orderType.limit')} ${formatPrice(leg.price)}` : t('orderType.market');
  switch (leg.trigger) {
    case 'stop':
      return t('cond.leg.stop', { what, stop: formatPrice(leg.triggerPrice ?? ''), order });
    case 'touch':
      return t('cond.leg.touch', { what, price: formatPrice(leg.price ?? '') });
    case 'trailing':
      return t('cond.leg.trailing', { what, width: leg.trailWidth ?? '', stop: formatPrice(leg.trailStop ?? '') });
    default:
      return t('cond.leg.none', { what, order });
  }
}

/** Reasons the server names by a word of its own; any other reason is a catalogue message. */
const OWN_REASONS = ['position-closed', 'position-reduced', 'oco', 'customer', 'parent-unfilled', 'child-order-failed', 'day-ended'] as const;
const FIGURES = ['required', 'buyingPower', 'sellableFrom'] as const;

/** Why a leg ended or shrank, in the page's language, with the figures behind a refusal. */
function reasonLine(t: ReturnType<typeof useTradeText>['t'], lang: Lang, leg: ConditionalLegView): string | null {
  if (leg.reason === null || leg.reason === 'rejected') return null;
  const own = OWN_REASONS.find((r) => r === leg.reason);
  const why = own ? t(`cond.reason.${own}`) : translateMessage(leg.reason, lang);
  const figures = FIGURES.flatMap((f) => {
    const value = leg.reasonData?.[f];
    return value === undefined || value === null
      ? []
      : [t(`cond.figure.${f}`, { value: typeof value === 'string' && f !== 'sellableFrom' ? Number(value).toLocaleString('en-US') : String(value) })];
  });
  return t('cond.reason', { reason: figures.length > 0 ? `${why} (${figures.join(', ')})` : why });
}

function ConditionalCard({ order }: { order: ConditionalOrderView }) {
  const { t, lang } = useTradeText();
  const [cancel, cancelling] = useCancelConditionalMutation();
  const [error, setError] = useState<string | null>(null);
  const name = lang === 'tw' || lang === 'jp' ? order.name[lang] : order.name.en;
  return (
    <section className={styles.card} data-testid="conditional-order" data-id={order.id} data-state={order.state} data-kind={order.kind}>
      <div className={styles.rowHead}>
        <span>
          {t(`cond.kind.${order.kind}`)} · {name} <span className={styles.muted}>{order.code}</span>
        </span>
        <span className={styles.tag} data-testid="conditional-state">
          {t(`cond.state.${order.state}`)}
        </span>
      </div>
      {order.legs.map((leg) => {
        const why = reasonLine(t, lang, leg);
        return (
          <Fragment key={leg.id}>
            <div className={styles.row} data-testid="conditional-leg" data-state={leg.state} data-role={leg.role}>
              <span className={styles.muted}>
                {leg.role === 'child' ? `${t('cond.then')} ` : ''}
                {legLine(t, leg)}
                {leg.role === 'child' && !leg.armed ? ` (${t('cond.notArmed')})` : ''}
                {leg.triggerTradePrice ? ` · ${t('cond.firedAt', { price: formatPrice(leg.triggerTradePrice) })}` : ''}
              </span>
              <span className={styles.value} style={{ whiteSpace: 'nowrap', marginLeft: 8 }}>
                {t(`cond.state.${leg.state}`)}
              </span>
            </div>
            {why && (
              <p className={styles.muted} data-testid="conditional-reason">
                {why}
              </p>
            )}
          </Fragment>
        );
      })}
      <p className={styles.muted}>{t('cond.validOn', { date: formatDateKey(order.validOn, lang) })}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {order.actions.includes('cancel') && (
        <Button
          size="small"
          loading={cancelling.isLoading}
          onClick={() =>
            void cancel({ id: order.id }).then((answer) => {
              if ('error' in answer && answer.error) setError(errorMessage(answer.error) || null);
            })
          }
          data-testid="conditional-cancel"
        >
          {t('common.cancel')}
        </Button>
      )}
    </section>
  );
}

/** The conditional orders of the customer, or of one position; nothing at all when there are none. */
export function ConditionalOrders({ positionId }: { positionId?: number }) {
  const { t } = useTradeText();
  const { data } = useGetConditionalOrdersQuery(positionId === undefined ? {} : { positionId });
  if (!data || data.length === 0) return null;
  return (
    <div data-testid="conditional-orders">
      <p className={styles.label}>{t('cond.title')}</p>
      {data.map((order) => (
        <ConditionalCard order={order} key={order.id} />
      ))}
    </div>
  );
}

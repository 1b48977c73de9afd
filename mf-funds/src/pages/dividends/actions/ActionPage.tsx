// One split (ROUTES.dividendDetail4, spec dividendInfo4; `?id=`): the ratio and effective date,
// the customer's cash and margin shares before and after, the close before and the base price
// after (close ÷ ratio), and the resting orders it cancelled.
import { useSearchParams } from 'react-router-dom';
import { QueryState, ROUTES, isLoaded } from '@kabuto/shared-sdk';
import type { CorporateActionDetail } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetCorporateActionQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { MissingRecord } from '../parts/DetailState';
import { SimulatedNote } from '../parts/Notes';
import { idFromQuery, sharesText, yenText } from '../parts/view';
import { SplitHead } from './SplitHead';

function Action({ action }: { action: CorporateActionDetail }) {
  const { t } = useFundsText();
  const held = action.sharesBefore !== null && action.sharesAfter !== null;
  return (
    <>
      <section className={styles.card} data-testid="action-breakdown" data-state={action.state}>
        <SplitHead action={action} />
        {held ? (
          <p data-testid="action-shares">
            {t('div.action.sharesLine', { before: sharesText(action.sharesBefore ?? 0), after: sharesText(action.sharesAfter ?? 0) })}
          </p>
        ) : (
          action.state === 'done' && <p className={styles.muted}>{t('div.action.notHeld')}</p>
        )}
        {action.marginSharesBefore !== null && action.marginSharesAfter !== null && (
          <p>{t('div.action.marginLine', { before: sharesText(action.marginSharesBefore), after: sharesText(action.marginSharesAfter) })}</p>
        )}
        {action.priceBefore !== null && action.priceAfter !== null && (
          <p data-testid="action-price">{t('div.action.priceLine', { before: yenText(action.priceBefore), after: yenText(action.priceAfter) })}</p>
        )}
        <p className={styles.muted}>{t('div.actions.intro')}</p>
      </section>
      <section className={styles.card} data-testid="action-cancelled">
        <p className={styles.label}>{t('div.action.cancelledOrders')}</p>
        <p className={styles.muted}>{t('div.action.cancelled', { count: action.cancelledOrders.length })}</p>
        {action.cancelledOrders.map((order) => (
          <p className={styles.muted} key={order.orderId}>
            {t('div.action.order', {
              id: order.orderId,
              side: t(`div.action.side.${order.side}`),
              quantity: sharesText(order.quantity),
              price: order.price === null ? t('div.action.market') : `¥${yenText(order.price)}`,
            })}
          </p>
        ))}
      </section>
    </>
  );
}

function ActionQuery({ id }: { id: string }) {
  const query = useGetCorporateActionQuery({ id });
  if (!isLoaded(query)) return <QueryState query={query} />;
  return <Action action={query.data} />;
}

export default function ActionPage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  if (id === null) return <MissingRecord back={ROUTES.dividends4} />;
  return (
    <div className={styles.page} data-testid="corporate-action-detail" data-id={id}>
      <SimulatedNote />
      <ActionQuery id={id} />
    </div>
  );
}

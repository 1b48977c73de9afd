// One order/position row (spec §3 fields), shared by the positions list and the day-trading tabs.
import { routeTo, formatMoneyText, formatSignedMoney } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { TradePosition } from '@kabuto/shared-sdk/schemas';
import { directionKey, formatPrice, pnlDirection } from './format';
import { useTradeText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export function PositionRow({ row }: { row: TradePosition }) {
  const { t, lang } = useTradeText();
  const navigate = useNavigate();
  const name = lang === 'tw' || lang === 'jp' ? row.name[lang] : row.name.en;
  const open = row.unrealisedPnl !== null;
  const short = row.direction === 'short';
  const pnl = open ? row.unrealisedPnl : row.realisedPnl;
  const cell = (label: string, value: string, extra?: { testId?: string; direction?: string }) => (
    <div>
      <div className={styles.muted}>{label}</div>
      <div className={extra?.direction === 'up' ? styles.up : extra?.direction === 'down' ? styles.down : undefined} data-testid={extra?.testId}>
        {value}
      </div>
    </div>
  );
  return (
    <button
      type="button"
      className={styles.listRow}
      onClick={() => void navigate(routeTo('positionDetail', { id: row.id }))}
      data-testid="position-row"
      data-id={row.id}
      data-status={row.status}
    >
      <div className={styles.rowHead}>
        <span>
          {name} <span className={styles.muted}>{row.code}</span>
        </span>
        <span className={styles.tag} data-testid="position-status">
          {t(`status.${row.status}`)}
        </span>
      </div>
      <div className={styles.muted} style={{ marginTop: 4 }}>
        {t(`product.${row.product}`)} · {t(directionKey(row.product, row.direction))} · {t(`orderType.${row.orderType}`)}
        {row.limitPrice ? ` ${formatPrice(row.limitPrice)}` : ''} · {row.leverage}× · {row.orderNo}
        {row.venue && <span data-testid="position-venue">{` · ${t(`venue.${row.venue}`)}`}</span>}
        {row.offAuction && <span data-testid="position-off-auction">{` · ${t('block.offAuction')}`}</span>}
        {row.lentQuantity > 0 && (
          <span data-testid="position-lent">{` · ${t('field.lentQuantityShort', { quantity: row.lentQuantity.toLocaleString('en-US') })}`}</span>
        )}
      </div>
      <div className={styles.grid}>
        {row.status === 'cancelled'
          ? // Ended before any close: what was ordered and what of it filled, not a "closed quantity" of 0.
            cell(t('field.ordered'), `${row.orderedQuantity.toLocaleString('en-US')} / ${row.filledQuantity.toLocaleString('en-US')}`)
          : cell(
              t(open || row.status === 'pending' ? 'field.holdingQuantity' : 'field.closedQuantity'),
              t('common.shares', { quantity: (open || row.status === 'pending' ? row.holdingQuantity : row.closedQuantity).toLocaleString('en-US') }),
            )}
        {cell(t(short ? 'field.openPriceShort' : 'field.openPrice'), formatPrice(row.openPrice))}
        {cell(open ? t('field.lastPrice') : t(short ? 'field.closePriceShort' : 'field.closePrice'), formatPrice(open ? row.lastPrice : row.closePrice), {
          testId: 'position-last',
        })}
        {cell(t('field.totalCost'), formatMoneyText(row.totalCost))}
        {cell(t('field.marketValue'), row.marketValue ? formatMoneyText(row.marketValue) : '--')}
        {cell(open ? t('field.unrealised') : t('field.realised'), pnl ? formatSignedMoney(pnl) : '--', {
          testId: 'position-pnl',
          direction: pnlDirection(pnl),
        })}
      </div>
    </button>
  );
}

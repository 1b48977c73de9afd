// Position detail (ROUTES.positionDetail?id=…): every field of spec §3 for one order, its
// venue orders and fills (with the venue trade ids that are also on the public tape), the
// ledger postings behind it with their sums, and the actions its status allows (spec §4):
// cancel a pending order, close (market or limit, whole or in lots), cancel a close order.
import { Button } from 'antd-mobile';
import { PageState, errorMessage, formatDateKey, formatDateTime, translateMessage, formatMoneyText, formatSignedMoney } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Money, TradePositionDetail, TradePostingLine } from '@kabuto/shared-sdk/schemas';
import { useState } from 'react';
import { useCancelCloseMutation, useCancelOrderMutation, useGetPositionDetailQuery } from '../../api/trading';
import { addYen, directionKey, formatPrice, pnlDirection } from '../../common/format';
import { useTradeText } from '../../common/texts';
import type { TradeTextKey } from '../../texts/en';
import { ClosePositionForm, closeFormKey } from './ClosePositionForm';
import { ConditionalOrders } from '../../common/ConditionalOrders';
import { StopLossForm } from './StopLossForm';
import { MarginPanel } from '../../common/MarginPanel';
import { Refusal, kit as styles, readKeptForm } from '@kabuto/shared-sdk/ui';

const ZERO: Money = { currency: 'JPY', minor: '0', amount: '0' };

/** Per account, and the whole: a double-entry journal sums to zero. */
export function postingSums(postings: readonly TradePostingLine[]): { byAccount: { account: string; sum: Money }[]; total: Money } {
  const byAccount = new Map<string, Money>();
  let total = ZERO;
  for (const line of postings) {
    byAccount.set(line.account, addYen(byAccount.get(line.account) ?? ZERO, line.amount));
    total = addYen(total, line.amount);
  }
  return { byAccount: [...byAccount].map(([account, sum]) => ({ account, sum })), total };
}

function Field({ label, value, testId, direction }: { label: string; value: string; testId?: string; direction?: 'up' | 'down' | 'flat' }) {
  return (
    <div className={styles.row}>
      <span className={styles.muted}>{label}</span>
      <span className={`${styles.value} ${direction === 'up' ? styles.up : direction === 'down' ? styles.down : ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Fields({ position }: { position: TradePositionDetail }) {
  const { t, lang } = useTradeText();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, lang) : '--');
  const short = position.direction === 'short';
  const name = lang === 'tw' || lang === 'jp' ? position.name[lang] : position.name.en;
  const open = position.unrealisedPnl !== null;
  const fees = position.fees;
  return (
    <section className={styles.card} data-testid="detail-fields">
      <Field label={t('field.orderNo')} value={position.orderNo} testId="detail-order-no" />
      <Field label={t('field.code')} value={position.code} />
      <Field label={t('field.name')} value={name} />
      <Field
        label={t('field.orderType')}
        value={`${t(`orderType.${position.orderType}`)} · ${t(`product.${position.product}`)} ${t(directionKey(position.product, position.direction))}${position.marginKind ? ` · ${t(`kind.${position.marginKind}`)}` : ''}`}
      />
      {position.limitPrice && <Field label={t('field.limitPrice')} value={formatPrice(position.limitPrice)} />}
      <Field label={t('field.status')} value={t(`status.${position.status}`)} testId="detail-status" />
      {position.endReason && <Field label={t('field.endReason')} value={t(`endReason.${position.endReason}`)} />}
      <Field label={t(short ? 'field.openPriceShort' : 'field.openPrice')} value={formatPrice(position.openPrice)} testId="detail-open-price" />
      <Field label={t('field.lots')} value={String(position.lots)} />
      <Field
        label={t('field.ordered')}
        value={`${position.orderedQuantity.toLocaleString('en-US')} / ${position.filledQuantity.toLocaleString('en-US')}`}
        testId="detail-filled"
      />
      <Field
        label={t('field.holdingQuantity')}
        value={t('common.shares', { quantity: position.holdingQuantity.toLocaleString('en-US') })}
        testId="detail-holding"
      />
      {position.lentQuantity > 0 && (
        <Field label={t('field.lentQuantity')} value={t('common.shares', { quantity: position.lentQuantity.toLocaleString('en-US') })} testId="detail-lent" />
      )}
      <Field label={t('field.closedQuantity')} value={t('common.shares', { quantity: position.closedQuantity.toLocaleString('en-US') })} />
      <Field label={t('field.totalCost')} value={formatMoneyText(position.totalCost)} testId="detail-total-cost" />
      <Field label={t('field.leverage')} value={`${position.leverage}×`} />
      <Field label={t('field.lastPrice')} value={formatPrice(position.lastPrice)} />
      <Field label={t('field.marketValue')} value={position.marketValue ? formatMoneyText(position.marketValue) : '--'} />
      <Field label={t(short ? 'field.closePriceShort' : 'field.closePrice')} value={formatPrice(position.closePrice)} testId="detail-close-price" />
      <Field label={t('field.openedAt')} value={time(position.openedAt)} />
      <Field label={t(short ? 'field.sellTime' : 'field.buyTime')} value={time(position.firstFillAt)} />
      {/* The closing trade's time: a position that ended without one (cancelled, expired) has none. */}
      <Field
        label={t(short ? 'field.buyTime' : 'field.sellTime')}
        value={position.closedQuantity > 0 ? time(position.closedAt) : '--'}
        testId="detail-close-time"
      />
      <Field
        label={t('field.realised')}
        value={formatSignedMoney(position.realisedPnl)}
        testId="detail-realised"
        direction={pnlDirection(position.realisedPnl)}
      />
      {open && position.unrealisedPnl && (
        <Field
          label={t('field.unrealised')}
          value={formatSignedMoney(position.unrealisedPnl)}
          testId="detail-unrealised"
          direction={pnlDirection(position.unrealisedPnl)}
        />
      )}
      <Field label={t('field.held')} value={formatMoneyText(position.held)} testId="detail-held" />
      <Field label={t('field.interest')} value={formatMoneyText(position.interest)} />
      <Field label={t('field.commission')} value={formatMoneyText(fees.commission)} />
      <Field label={t('field.serviceFee')} value={formatMoneyText(fees.serviceFee)} />
      <Field label={t('field.buySellFees')} value={`${formatMoneyText(fees.buyFee)} / ${formatMoneyText(fees.sellFee)}`} />
      <Field label={t('field.stampDuty')} value={formatMoneyText(fees.stampDuty)} />
      <Field label={t('field.feesTotal')} value={formatMoneyText(fees.total)} />
      {position.dueDate && <Field label={t('field.dueDate')} value={formatDateKey(position.dueDate, lang)} testId="detail-due-date" />}
      <p className={styles.muted}>{lang === 'tw' || lang === 'jp' ? fees.notes[lang] : fees.notes.en}</p>
    </section>
  );
}

function Fills({ position }: { position: TradePositionDetail }) {
  const { t, lang } = useTradeText();
  return (
    <section className={styles.card} data-testid="detail-fills">
      <p className={styles.label}>{t('detail.fills')}</p>
      {position.fills.length === 0 && <p className={styles.muted}>{t('detail.noFills')}</p>}
      {position.fills.map((fill) => (
        <div key={fill.tradeId} data-testid="detail-fill" data-trade-id={fill.tradeId} data-price={fill.price} data-kind={fill.kind}>
          <div className={styles.row}>
            <span>
              {t(`detail.fillKind.${fill.kind}`)} · {t(`side.${fill.side}`)} {fill.auction ? `· ${t('detail.auctionFill')}` : ''}
              {fill.venue && <span data-testid="detail-fill-venue">{` · ${t(`venue.${fill.venue}`)}`}</span>}
              {fill.offAuction && <span data-testid="detail-fill-off-auction">{` · ${t('block.offAuction')}`}</span>}
            </span>
            <span className={styles.value}>
              {formatPrice(fill.price)} × {fill.quantity.toLocaleString('en-US')}
            </span>
          </div>
          <div className={styles.row}>
            <span className={styles.muted}>{t(fill.offAuction ? 'block.tradeId' : 'detail.tradeId', { id: fill.tradeId })}</span>
            <span className={styles.muted}>{formatDateTime(fill.at, lang)}</span>
          </div>
        </div>
      ))}
      {position.orders.length > 0 && <p className={styles.label}>{t('detail.orders')}</p>}
      {position.orders.map((order) => (
        <div className={styles.row} key={order.id} data-testid="detail-order" data-state={order.state}>
          <span className={styles.muted}>
            {t(`detail.orderKind.${order.kind}`)} · {t(`side.${order.side}`)} · {t(`orderType.${order.orderType}`)}{' '}
            {order.price ? formatPrice(order.price) : ''}
            {order.venue && <span data-testid="detail-order-venue">{` · ${t(`venue.${order.venue}`)}`}</span>}
            {order.offAuction && <span data-testid="detail-order-off-auction">{` · ${t('block.offAuction')}`}</span>}
          </span>
          <span className={styles.muted}>
            {order.filledQuantity}/{order.quantity} · {t(`detail.orderState.${order.state}`)}
          </span>
        </div>
      ))}
    </section>
  );
}

/** The ledger accounts a position posts to (docs/trading.md §2), by the name the server gives them. */
const ACCOUNT_KEYS: Readonly<Record<string, TradeTextKey>> = {
  customer_cash: 'ledgerAccount.customerCash',
  'broker:exchange_clearing': 'ledgerAccount.exchangeClearing',
  'broker:margin_financing': 'ledgerAccount.marginFinancing',
  'broker:margin_interest': 'ledgerAccount.marginInterest',
  'broker:fees': 'ledgerAccount.fees',
};

/** An account as the customer reads it; one this screen does not know keeps the ledger's name. */
function accountLabel(account: string, t: (key: TradeTextKey) => string): string {
  const key = ACCOUNT_KEYS[account];
  return key ? t(key) : account;
}

function journalKey(type: string): TradeTextKey | null {
  const key = `journal.${type}`;
  return [
    'journal.trade_buy',
    'journal.trade_sell',
    'journal.trade_fee',
    'journal.margin_open_long',
    'journal.margin_open_short',
    'journal.margin_close',
    'journal.block_buy',
  ].includes(key)
    ? (key as TradeTextKey)
    : null;
}

function Postings({ position }: { position: TradePositionDetail }) {
  const { t, lang } = useTradeText();
  const sums = postingSums(position.postings);
  return (
    <section className={styles.card} data-testid="detail-postings">
      <p className={styles.label}>{t('detail.postings')}</p>
      {position.postings.length === 0 && <p className={styles.muted}>{t('detail.noPostings')}</p>}
      {position.postings.map((line, i) => {
        const key = journalKey(line.type);
        return (
          <div key={`${line.journalId}-${i}`} data-testid="detail-posting" data-account={line.account} data-minor={line.amount.minor}>
            <div className={styles.row}>
              <span>{key ? t(key) : t('journal.other', { type: line.type })}</span>
              <span className={styles.value}>{formatSignedMoney(line.amount)}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>
                #{line.journalId} · {accountLabel(line.account, t)}
              </span>
              <span className={styles.muted}>{formatDateTime(line.at, lang)}</span>
            </div>
          </div>
        );
      })}
      {sums.byAccount.map(({ account, sum }) => (
        <Field
          key={account}
          label={t('detail.sumOf', { account: accountLabel(account, t) })}
          value={formatSignedMoney(sum)}
          testId={`detail-posting-sum-${account}`}
        />
      ))}
      {position.postings.length > 0 && <Field label={t('detail.sumAll')} value={formatSignedMoney(sums.total)} testId="detail-posting-total" />}
    </section>
  );
}

function Actions({ position, startClosing }: { position: TradePositionDetail; startClosing: boolean }) {
  const { t } = useTradeText();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [cancelClose, cancellingClose] = useCancelCloseMutation();
  // Open at once when sent by the ticket's cash Sell (close=sell: the close form is what the
  // customer asked for), or when they come back from setting a fund password in the middle of a close.
  const [closing, setClosing] = useState(() => startClosing || readKeptForm(closeFormKey(position.id)) !== null);
  // Cancelling asks once, inline: what happens to the money is said before it happens.
  const [asking, setAsking] = useState<'cancel' | 'cancelClose' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (position.actions.length === 0) return null;

  async function confirmed() {
    const action = asking;
    setAsking(null);
    if (!action) return;
    const answer = action === 'cancel' ? await cancel({ id: position.id }) : await cancelClose({ id: position.id });
    setError(answer.error ? errorMessage(answer.error) || null : null);
  }

  return (
    <section className={styles.card} data-testid="detail-actions">
      <p className={styles.label}>{t('detail.actions')}</p>
      <div className={styles.actions}>
        {position.actions.includes('cancel') && (
          <Button color="danger" loading={cancelling.isLoading} onClick={() => setAsking('cancel')} data-testid="detail-cancel">
            {t('detail.cancel')}
          </Button>
        )}
        {position.actions.includes('close') && !closing && (
          <Button color="primary" onClick={() => setClosing(true)} data-testid="detail-close">
            {t('detail.close')}
          </Button>
        )}
        {position.actions.includes('cancelClose') && (
          <Button color="warning" loading={cancellingClose.isLoading} onClick={() => setAsking('cancelClose')} data-testid="detail-cancel-close">
            {t('detail.cancelClose')}
          </Button>
        )}
      </div>
      {asking && (
        <div className={styles.note} style={{ marginTop: 10 }} role="alertdialog" data-testid="detail-confirm">
          <p style={{ margin: '0 0 8px' }}>{t(asking === 'cancel' ? 'detail.cancelConfirm' : 'detail.cancelCloseConfirm')}</p>
          <div className={styles.actions}>
            <Button size="small" color="danger" onClick={() => void confirmed()} data-testid="detail-confirm-yes">
              {t('common.confirm')}
            </Button>
            <Button size="small" onClick={() => setAsking(null)} data-testid="detail-confirm-no">
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
      {closing && position.actions.includes('close') && <ClosePositionForm position={position} onDone={() => setClosing(false)} />}
      <Refusal text={error} testId="detail-error" />
    </section>
  );
}

export default function PositionDetailPage() {
  const { t, lang } = useTradeText();
  const [params] = useSearchParams();
  const idText = params.get('id') ?? '';
  const id = /^\d+$/.test(idText) ? Number(idText) : null;
  const { data, isLoading, isError, error, refetch } = useGetPositionDetailQuery({ id: id ?? 0 }, { skip: id === null });
  if (id === null) return <PageState status="empty" emptyText={translateMessage(MSG.orderNotFound, lang)} testId="detail-state" />;
  if (isLoading) return <PageState status="loading" testId="detail-state" />;
  if (isError || !data) {
    // A refusal (unknown id, another customer's) is said as the server says it; anything else can be retried.
    const refused = error && 'failure' in error && error.failure === 'rejected' ? errorMessage(error) : '';
    return refused ? (
      <PageState status="empty" emptyText={refused} testId="detail-state" />
    ) : (
      <PageState status="failed" onRetry={() => void refetch()} testId="detail-state" />
    );
  }
  return (
    <div className={styles.page} data-testid="position-detail" data-id={data.id} data-status={data.status}>
      <p className={styles.note}>{t('common.simulated')}</p>
      {data.product === 'margin' && data.unrealisedPnl !== null && <MarginPanel />}
      <Fields position={data} />
      <Actions position={data} startClosing={params.get('close') === 'sell'} />
      <StopLossForm position={data} />
      <ConditionalOrders positionId={data.id} />
      <Fills position={data} />
      <Postings position={data} />
    </div>
  );
}

// A following (ROUTES.followingDetail, ?id=): its mirrored orders (placed / skipped / refused)
// with the leader's price beside the follower's own fill price, the slippage per order (buy:
// follower − leader; sell: leader − follower; + is worse), the copy stop-loss, pause / resume,
// stop with the copied positions closed at market or kept (the customer's choice), and why it
// ended: the sales that closed its positions at the end, and whether its value is final. Every
// refusal is shown as the server says it.
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageState, formatDateKey, formatDateTime, formatMoneyText, routeTo, translateMessage } from '@kabuto/shared-sdk';
import type { FollowingCloseView, FollowingView, MirroredOrderView } from '@kabuto/shared-sdk/schemas';
import { FieldRow, Refusal, kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetFollowingQuery, usePauseFollowingMutation, useResumeFollowingMutation, useStopFollowingMutation } from '../../api/strategies';
import { formatPrice } from '../../common/format';
import { refusalText } from '../../common/refusal';
import { useTradeText } from '../../common/texts';
import type { TradeTextKey } from '../../texts/en';
import { END_REASON_KEY, idParam } from '../../common/strategy-text';
import { followingState, valueIsFinal } from '../../common/FollowingRow';
import { FigureRow } from '../../common/FigureRow';

function MirroredOrder({ order }: { order: MirroredOrderView }) {
  const { t, lang } = useTradeText();
  const slip = order.slippage === null ? null : Number(order.slippage);
  return (
    <div className={styles.listRow} style={{ display: 'block', padding: '8px 0' }} data-testid={`mirrored-${order.id}`} data-outcome={order.outcome}>
      <div className={styles.rowHead}>
        <strong>
          {t(`side.${order.side}`)} {order.code}
        </strong>
        <span className={styles.tag} data-testid="mirrored-outcome">
          {t(`following.outcome.${order.outcome}`)}
        </span>
      </div>
      <div>
        <FigureRow label={t('following.quantity')} testId="mirrored-quantity">
          {t('following.quantityOf', { quantity: order.quantity, leader: order.leaderQuantity })}
        </FigureRow>
        <FigureRow label={t('following.leaderPrice')} testId="mirrored-leader-price">
          {formatPrice(order.leaderPrice)}
        </FigureRow>
        <FigureRow label={t('following.fillPrice')} testId="mirrored-fill-price">
          {order.fillPrice === null ? t('following.notFilled') : formatPrice(order.fillPrice)}
        </FigureRow>
        <FigureRow
          label={t('following.slippage')}
          className={slip === null || slip === 0 ? undefined : slip > 0 ? styles.negative : styles.positive}
          testId="mirrored-slippage"
        >
          {order.slippage === null ? '—' : t('following.slippageYen', { yen: `${slip !== null && slip > 0 ? '+' : ''}${order.slippage}` })}
        </FigureRow>
      </div>
      {order.reason && (
        <p className={styles.muted} style={{ margin: '4px 0 0' }} data-testid="mirrored-reason">
          {t('following.reason', { reason: order.reason === 'zero-lots' ? t('following.zeroLots') : translateMessage(order.reason, lang) })}
        </p>
      )}
      <p className={styles.muted} style={{ margin: '2px 0 0' }}>
        {formatDateTime(order.at, lang)}
      </p>
    </div>
  );
}

/** A copied position sold at market when the following ended, as its order stands: only what the venue's fills say. */
function ClosedAtEnd({ close }: { close: FollowingCloseView }) {
  const { t, lang } = useTradeText();
  return (
    <div className={styles.listRow} style={{ display: 'block', padding: '8px 0' }} data-testid={`closed-at-end-${close.id}`} data-state={close.state}>
      <div className={styles.rowHead}>
        <strong>
          {t(`side.${close.side}`)} {close.code}
        </strong>
        <span className={styles.tag} data-testid="closed-at-end-state">
          {t(`following.closeState.${close.state}`)}
        </span>
      </div>
      {close.quantity !== null && (
        <FigureRow label={t('following.quantity')} testId="closed-at-end-quantity">
          {t('following.closeFilled', { filled: close.filledQuantity, quantity: close.quantity })}
        </FigureRow>
      )}
      <FigureRow label={t('following.fillPrice')} testId="closed-at-end-fill-price">
        {close.fillPrice === null ? t('following.notFilled') : formatPrice(close.fillPrice)}
      </FigureRow>
      <p className={styles.muted} style={{ margin: '4px 0 0' }} data-testid="closed-at-end-reason">
        {t('following.reason', { reason: t(END_REASON_KEY[close.reason]) })}
      </p>
      {close.state === 'waiting' && (
        <p className={styles.muted} style={{ margin: '2px 0 0' }} data-testid="closed-at-end-waiting">
          {t('following.closeWaiting')}
        </p>
      )}
      {close.refusal && (
        <p className={styles.muted} style={{ margin: '2px 0 0' }} data-testid="closed-at-end-refusal">
          {translateMessage(close.refusal, lang)}
        </p>
      )}
      <p className={styles.muted} style={{ margin: '2px 0 0' }}>
        {formatDateTime(close.filledAt ?? close.at, lang)}
      </p>
    </div>
  );
}

/**
 * What the value is, as the server's counts say: final once an ended following holds nothing,
 * otherwise still moving with the price (kept, a close at market still working, or one that sold
 * less than all: refused, expired).
 */
function valueNote(data: FollowingView): { label: TradeTextKey; note: TradeTextKey | null } {
  if (data.status !== 'ended') return { label: 'following.value', note: null };
  if (valueIsFinal(data))
    return { label: 'following.valueFinal', note: data.closedAtEnd.length ? 'following.valueNote.closed' : 'following.valueNote.nothingHeld' };
  if (data.closedAtEnd.length === 0) return { label: 'following.value', note: 'following.valueNote.kept' };
  const working = data.closedAtEnd.some((c) => c.state === 'pending' || c.state === 'partial' || c.state === 'waiting');
  return { label: 'following.value', note: working ? 'following.valueNote.closing' : 'following.valueNote.stillHeld' };
}

function Controls({ following }: { following: FollowingView }) {
  const { t, lang } = useTradeText();
  const [pause, pausing] = usePauseFollowingMutation();
  const [resume, resuming] = useResumeFollowingMutation();
  const [stop, stopping] = useStopFollowingMutation();
  const [positions, setPositions] = useState<'close' | 'keep'>('keep');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<{ error?: unknown }>) => {
    setError(null);
    const answer = await call();
    if (answer.error) setError(refusalText(answer.error, t, lang) || null);
  };
  return (
    <section className={styles.card} data-testid="following-controls">
      {following.paused ? (
        <Button block loading={resuming.isLoading} onClick={() => void run(() => resume({ id: following.id }))} data-testid="following-resume">
          {t('following.resume')}
        </Button>
      ) : (
        <Button block loading={pausing.isLoading} onClick={() => void run(() => pause({ id: following.id }))} data-testid="following-pause">
          {t('following.pause')}
        </Button>
      )}
      <p className={styles.label} style={{ marginTop: 10 }}>
        {t('following.stopTitle')}
      </p>
      <Selector
        columns={2}
        value={[positions]}
        onChange={(v) => v[0] && setPositions(v[0])}
        options={[
          { value: 'keep' as const, label: t('following.keep') },
          { value: 'close' as const, label: t('following.close') },
        ]}
        data-testid="following-stop-positions"
      />
      <p className={styles.muted}>{t(positions === 'close' ? 'following.closeExplain' : 'following.keepExplain')}</p>
      {confirming ? (
        <Button
          block
          color="danger"
          loading={stopping.isLoading}
          onClick={() => void run(() => stop({ id: following.id, positions }))}
          data-testid="following-stop-confirm"
        >
          {t(positions === 'close' ? 'following.stopConfirmClose' : 'following.stopConfirmKeep')}
        </Button>
      ) : (
        <Button block color="warning" onClick={() => setConfirming(true)} data-testid="following-stop">
          {t('following.stop')}
        </Button>
      )}
      <Refusal text={error} testId="following-error" style={{ marginTop: 8 }} />
    </section>
  );
}

export default function FollowingDetailPage() {
  const { t, lang } = useTradeText();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { data, isLoading, isError, refetch } = useGetFollowingQuery({ id: id ?? 0 }, { skip: id === null });
  if (id === null) return <PageState status="empty" emptyText={t('following.notFound')} testId="following-state" />;
  if (isLoading) return <PageState status="loading" testId="following-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="following-state" />;
  const state = followingState(data);
  const value = valueNote(data);
  return (
    <div className={styles.page} data-testid="following-detail-page">
      <p className={styles.note}>{t('strategies.simulated')}</p>
      <section className={styles.card}>
        <div className={styles.rowHead}>
          <Link to={routeTo('strategyDetail', { id: data.strategyId })} data-testid="following-strategy">
            {data.strategyName}
          </Link>
          <span className={styles.tag} data-testid="following-status">
            {t(`following.state.${state}`)}
          </span>
        </div>
        {data.endReason && (
          <p className={styles.note} data-testid="following-end-reason">
            {t('following.endedBecause', { reason: t(END_REASON_KEY[data.endReason]) })}
          </p>
        )}
        <FieldRow label={t('following.amount')} value={formatMoneyText(data.amount)} testId="following-amount" />
        <FieldRow label={t(value.label)} value={formatMoneyText(data.value)} testId="following-value" />
        <FieldRow label={t('following.stopLoss')} value={`${data.stopLossPercent}%`} testId="following-stop-loss" />
        <FieldRow label={t('following.deadline')} value={formatDateKey(data.deadline, lang)} testId="following-deadline" />
        <FieldRow label={t('following.started')} value={formatDateTime(data.startedAt, lang)} />
        {data.endedAt && <FieldRow label={t('following.ended')} value={formatDateTime(data.endedAt, lang)} />}
        <p className={styles.muted} style={{ margin: '6px 0 0' }} data-testid="following-value-note">
          {value.note === null ? t('following.stopLossExplain', { percent: data.stopLossPercent }) : t(value.note)}
        </p>
      </section>
      {data.status === 'inProgress' && <Controls following={data} />}
      {data.closedAtEnd.length > 0 && (
        <section className={styles.card} data-testid="following-closed-at-end">
          <p className={styles.label}>{t('following.closedAtEnd')}</p>
          <p className={styles.muted}>{t('following.closedAtEndExplain')}</p>
          {data.closedAtEnd.map((close) => (
            <ClosedAtEnd close={close} key={close.id} />
          ))}
        </section>
      )}
      <section className={styles.card} data-testid="following-mirrored">
        <p className={styles.label}>{t('following.mirrored')}</p>
        <p className={styles.muted}>{t('following.slippageExplain')}</p>
        {data.mirrored.length === 0 ? (
          <p className={styles.muted} data-testid="following-no-orders">
            {t('following.noOrders')}
          </p>
        ) : (
          data.mirrored.map((order) => <MirroredOrder order={order} key={order.id} />)
        )}
      </section>
    </div>
  );
}

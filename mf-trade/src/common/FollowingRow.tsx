// One following as the positions tab "order following" lists it: the strategy, the amount, the
// value (now, or final once it ended holding nothing), the copy stop-loss, the deadline, and the status (paused, or the end reason).
import { useNavigate } from 'react-router-dom';
import { formatDateKey, formatMoneyText, routeTo } from '@kabuto/shared-sdk';
import type { FollowingView } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useTradeText } from './texts';
import { END_REASON_KEY } from './strategy-text';
import { FigureRow } from './FigureRow';

export function followingState(row: FollowingView): 'paused' | 'inProgress' | 'ended' {
  return row.status === 'ended' ? 'ended' : row.paused ? 'paused' : 'inProgress';
}

/** The value is final once an ended following holds no copied share (the server's count, not a guess). */
export function valueIsFinal(row: FollowingView): boolean {
  return row.status === 'ended' && row.heldPositions === 0;
}

export function FollowingRow({ row }: { row: FollowingView }) {
  const { t, lang } = useTradeText();
  const navigate = useNavigate();
  const state = followingState(row);
  return (
    <button
      type="button"
      className={styles.card}
      style={{ display: 'block', width: '100%', textAlign: 'left', font: 'inherit', color: 'inherit', marginBottom: 8 }}
      onClick={() => void navigate(routeTo('followingDetail', { id: row.id }))}
      data-testid={`following-row-${row.id}`}
    >
      <div className={styles.rowHead}>
        <strong>{row.strategyName}</strong>
        <span className={styles.tag} data-testid="following-state">
          {t(`following.state.${state}`)}
          {row.endReason ? ` · ${t(END_REASON_KEY[row.endReason])}` : ''}
        </span>
      </div>
      <div>
        <FigureRow label={t('following.amount')}>{formatMoneyText(row.amount)}</FigureRow>
        <FigureRow label={t(valueIsFinal(row) ? 'following.valueFinal' : 'following.value')} testId="following-value">
          {formatMoneyText(row.value)}
        </FigureRow>
        <FigureRow label={t('following.stopLoss')}>{row.stopLossPercent}%</FigureRow>
        <FigureRow label={t('following.deadline')}>{formatDateKey(row.deadline, lang)}</FigureRow>
        <FigureRow label={t('following.orders')}>{row.mirrored.length}</FigureRow>
      </div>
    </button>
  );
}

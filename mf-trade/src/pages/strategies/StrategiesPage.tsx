// Strategies (ROUTES.strategies): every published strategy, retired ones included and marked
// (no survivorship bias), sorted and filtered by the server (strategy/list: return, drawdown,
// risk, followers; the highest risk score; retired shown or not). Each row's record comes only
// from the leader's venue fills (docs/strategies.md §3); the venue is simulated and says so.
import { Selector, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageState, formatDateKey, routeTo } from '@kabuto/shared-sdk';
import type { StrategySort, StrategyView } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetStrategiesQuery } from '../../api/strategies';
import { useTradeText } from '../../common/texts';
import { STATUS_KEY, signedPercent, upDownClass } from '../../common/strategy-text';
import { FigureRow } from '../../common/FigureRow';

const SORTS: StrategySort[] = ['return', 'drawdown', 'risk', 'followers'];
/** Risk filter choices: no limit, or the highest risk score listed. */
const RISK_LIMITS = ['all', '3', '5', '7'] as const;
const PAGE_SIZE = 50;

export function StrategyRow({ row }: { row: StrategyView }) {
  const { t, lang } = useTradeText();
  const navigate = useNavigate();
  const r = row.record;
  return (
    <button
      type="button"
      className={styles.card}
      style={{ display: 'block', width: '100%', textAlign: 'left', font: 'inherit', color: 'inherit', marginBottom: 8 }}
      onClick={() => void navigate(routeTo('strategyDetail', { id: row.id }))}
      data-testid={`strategy-row-${row.id}`}
      data-status={row.status}
    >
      <div className={styles.rowHead}>
        <strong data-testid="strategy-name">{row.name}</strong>
        <span className={styles.tag} data-testid="strategy-status">
          {t(STATUS_KEY[row.status])}
        </span>
      </div>
      {row.closedToNewCopiers ? (
        <span className={styles.tag} data-testid="strategy-closed-tag">
          {t('strategies.closedTag', { until: formatDateKey(row.closedToNewCopiers.until, lang) })}
        </span>
      ) : null}
      <p className={styles.muted} style={{ margin: '2px 0 6px' }}>
        {t('strategies.leader', { alias: row.leaderAccount })}
      </p>
      <div>
        <FigureRow label={t('strategies.return')} className={upDownClass(r.twrPercent)} testId="strategy-return">
          {signedPercent(r.twrPercent)}
        </FigureRow>
        <FigureRow label={t('strategies.drawdown')} testId="strategy-drawdown">
          {r.maxDrawdownPercent}%
        </FigureRow>
        <FigureRow label={t('strategies.risk')} testId="strategy-risk">
          {r.riskScore}
        </FigureRow>
        <FigureRow label={t('strategies.followers')} testId="strategy-followers">
          {row.followers}
        </FigureRow>
        <FigureRow label={t('strategies.daysLive')} testId="strategy-days">
          {r.daysLive}
        </FigureRow>
      </div>
    </button>
  );
}

export default function StrategiesPage() {
  const { t } = useTradeText();
  const [sort, setSort] = useState<StrategySort>('return');
  const [risk, setRisk] = useState<(typeof RISK_LIMITS)[number]>('all');
  const [includeRetired, setIncludeRetired] = useState(true);
  const { data, isLoading, isError, refetch } = useGetStrategiesQuery({
    sort,
    riskMax: risk === 'all' ? undefined : Number(risk),
    includeRetired,
    page: 1,
    size: PAGE_SIZE,
  });
  return (
    <div className={styles.page} data-testid="strategies-page">
      <p className={styles.note} data-testid="strategies-simulated">
        {t('strategies.simulated')}
      </p>
      <p className={styles.muted}>{t('strategies.intro')}</p>
      <p className={styles.label}>{t('strategies.sortBy')}</p>
      <Selector
        columns={4}
        value={[sort]}
        onChange={(v) => v[0] && setSort(v[0])}
        options={SORTS.map((key) => ({ value: key, label: t(`strategies.sort.${key}`) }))}
        data-testid="strategies-sort"
      />
      <p className={styles.label}>{t('strategies.riskMax')}</p>
      <Selector
        columns={4}
        value={[risk]}
        onChange={(v) => v[0] && setRisk(v[0])}
        options={RISK_LIMITS.map((key) => ({ value: key, label: key === 'all' ? t('strategies.riskAll') : t('strategies.riskUpTo', { max: key }) }))}
        data-testid="strategies-risk"
      />
      <div className={styles.row} style={{ margin: '8px 0' }}>
        <span>{t('strategies.includeRetired')}</span>
        <Switch checked={includeRetired} onChange={setIncludeRetired} data-testid="strategies-retired" />
      </div>
      {isLoading ? (
        <PageState status="loading" testId="strategies-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="strategies-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('strategies.empty')} testId="strategies-state" />
      ) : (
        <div data-testid="strategies-list">
          {data.list.map((row) => (
            <StrategyRow row={row} key={row.id} />
          ))}
          <p className={styles.muted}>{t('strategies.total', { total: data.total })}</p>
        </div>
      )}
    </div>
  );
}

// Verify this record (ROUTES.strategyVerify, ?id=): strategy/verify recomputes the record from
// the leader's published fills and cash postings, and each mirrored order's size and fills, with
// the same code as `npm run strategy-verify` (docs/strategies.md §9). The page shows the
// recomputed record beside the published one and each line match / MISMATCH. The recomputation
// values today's holdings at the last trade in the fills, the published record at the venue's
// last price: the two can differ by today's price move, which the page says.
import { PageState } from '@kabuto/shared-sdk';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';
import { useSearchParams } from 'react-router-dom';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetStrategyVerifyQuery } from '../../api/strategies';
import { useTradeText } from '../../common/texts';
import type { TradeTextKey } from '../../texts/en';
import { idParam, signedPercent } from '../../common/strategy-text';

const FIGURES: [TradeTextKey, (r: StrategyRecord) => string][] = [
  ['strategies.return', (r) => signedPercent(r.twrPercent)],
  ['strategies.drawdown', (r) => `${r.maxDrawdownPercent}%`],
  ['detail.strategy.volatility', (r) => `${r.volatilityPercent}%`],
  ['strategies.risk', (r) => String(r.riskScore)],
  ['detail.strategy.trades', (r) => String(r.trades)],
  ['strategies.daysLive', (r) => String(r.daysLive)],
];

export default function StrategyVerifyPage() {
  const { t } = useTradeText();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { data, isLoading, isError, refetch } = useGetStrategyVerifyQuery({ id: id ?? 0 }, { skip: id === null });
  if (id === null) return <PageState status="empty" emptyText={t('detail.strategy.notFound')} testId="verify-state" />;
  if (isLoading) return <PageState status="loading" testId="verify-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="verify-state" />;
  return (
    <div className={styles.page} data-testid="strategy-verify-page">
      <p className={styles.note}>{t('strategies.simulated')}</p>
      <p className={styles.muted}>{t('verify.intro')}</p>
      <p
        className={data.match ? styles.positive : styles.negative}
        style={{ fontWeight: 600, fontSize: 18 }}
        data-testid="verify-verdict"
        data-match={data.match}
      >
        {data.match ? t('verify.match') : t('verify.mismatch')}
      </p>
      <section className={styles.card} data-testid="verify-record">
        <div className={styles.grid} style={{ gridTemplateColumns: '1fr auto auto' }}>
          <span />
          <span className={styles.label}>{t('verify.recomputed')}</span>
          <span className={styles.label}>{t('verify.published')}</span>
          {FIGURES.map(([key, show]) => (
            <div key={key} style={{ display: 'contents' }} data-testid={`verify-figure-${key}`}>
              <span className={styles.muted}>{t(key)}</span>
              <span data-testid="verify-recomputed">{data.recomputed ? show(data.recomputed) : '—'}</span>
              <span data-testid="verify-published">{show(data.published)}</span>
            </div>
          ))}
        </div>
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t('verify.pricesNote')}
        </p>
      </section>
      <section className={styles.card} data-testid="verify-lines">
        <p className={styles.label}>{t('verify.lines', { count: data.lines.length })}</p>
        {data.lines.length === 0 && <p className={styles.muted}>{t('verify.noLines')}</p>}
        {data.lines.map((line, i) => (
          <div key={i} className={styles.listRow} style={{ display: 'block', padding: '6px 0' }} data-testid="verify-line" data-match={line.match}>
            <strong className={line.match ? styles.positive : styles.negative}>{line.match ? 'match' : 'MISMATCH'}</strong> <span>{line.what}</span>
            <p className={styles.muted} style={{ margin: '2px 0 0', wordBreak: 'break-word' }}>
              {line.detail}
            </p>
          </div>
        ))}
      </section>
    </div>
  );
}

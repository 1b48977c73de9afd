// Strategy detail (ROUTES.strategyDetail, ?id=): the record from venue fills only (monthly and
// since inception, drawdown, volatility, risk score, trades, days live), the cumulative return
// chart, the holdings now, the rules in plain words with the fee's worked example (from the
// preview), the Japan registration note, the followers' own results beside the leader's, an
// algorithmic strategy's published rule, and the follow form (or, while a high risk score keeps new
// copiers out, why and until when): a column of sections, each on its own.
import { Link, useSearchParams } from 'react-router-dom';
import { PageState, formatDateKey, formatMoneyText, routeTo } from '@kabuto/shared-sdk';
import type { StrategyDetailView } from '@kabuto/shared-sdk/schemas';
import { FieldRow, kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetStrategyQuery } from '../../api/strategies';
import { useTradeText } from '../../common/texts';
import { STATUS_KEY, idParam, signedPercent } from '../../common/strategy-text';
import { FollowForm } from './FollowForm';
import { ReturnChart, cumulativeReturns } from './ReturnChart';

function RecordSection({ strategy }: { strategy: StrategyDetailView }) {
  const { t } = useTradeText();
  const r = strategy.record;
  return (
    <section className={styles.card} data-testid="strategy-record">
      <p className={styles.label}>{t('detail.strategy.record')}</p>
      <FieldRow label={t('strategies.return')} value={signedPercent(r.twrPercent)} testId="record-return" />
      <FieldRow label={t('strategies.drawdown')} value={`${r.maxDrawdownPercent}%`} testId="record-drawdown" />
      <FieldRow label={t('detail.strategy.volatility')} value={`${r.volatilityPercent}%`} testId="record-volatility" />
      <FieldRow label={t('strategies.risk')} value={`${r.riskScore} / 10`} testId="record-risk" />
      <FieldRow label={t('detail.strategy.trades')} value={String(r.trades)} testId="record-trades" />
      <FieldRow label={t('strategies.daysLive')} value={String(r.daysLive)} testId="record-days" />
      <FieldRow label={t('detail.strategy.equity')} value={formatMoneyText(r.equity)} testId="record-equity" />
      <FieldRow label={t('strategies.followers')} value={String(strategy.followers)} testId="record-followers" />
      <ReturnChart points={cumulativeReturns(r, t('detail.strategy.inception'))} label={t('detail.strategy.chart', { percent: signedPercent(r.twrPercent) })} />
      <p className={styles.label} style={{ marginTop: 8 }}>
        {t('detail.strategy.monthly')}
      </p>
      <div data-testid="record-monthly">
        {r.monthly.map((m) => (
          <FieldRow key={m.month} label={m.month} value={signedPercent(m.twrPercent)} />
        ))}
      </div>
      <p className={styles.muted} style={{ marginTop: 8 }}>
        {t('detail.strategy.method')}
      </p>
      <AsOfLine strategy={strategy} />
    </section>
  );
}

/** The record's date and prices: stored per business date, at closing prices after the close. */
function AsOfLine({ strategy }: { strategy: StrategyDetailView }) {
  const { t } = useTradeText();
  const key = strategy.asOf.prices === 'close' ? 'detail.strategy.asOfClose' : 'detail.strategy.asOfLastInput';
  return (
    <p className={styles.muted} style={{ margin: '6px 0 0' }} data-testid="record-as-of">
      {t(key, { date: strategy.asOf.businessDate })}
    </p>
  );
}

/** The followers' own results beside the leader's (median return, share in profit), published from a minimum of followings. */
function FollowersSection({ strategy }: { strategy: StrategyDetailView }) {
  const { t } = useTradeText();
  const f = strategy.followerResults;
  return (
    <section className={styles.card} data-testid="strategy-followers">
      <p className={styles.label}>{t('detail.strategy.followersTitle')}</p>
      <FieldRow label={t('detail.strategy.followersInProgress')} value={String(f.inProgress)} testId="followers-in-progress" />
      <FieldRow label={t('detail.strategy.followersEnded')} value={String(f.ended)} testId="followers-ended" />
      {f.results ? (
        <>
          <FieldRow label={t('detail.strategy.followersMedian')} value={signedPercent(f.results.medianReturnPercent)} testId="followers-median" />
          <FieldRow label={t('detail.strategy.followersInProfit')} value={`${f.results.inProfitPercent}%`} testId="followers-in-profit" />
        </>
      ) : (
        <p className={styles.muted} data-testid="followers-too-few">
          {t('detail.strategy.followersTooFew', { minimum: f.minimum })}
        </p>
      )}
    </section>
  );
}

/** An algorithmic strategy's published rule, parameters and latest decision (never a backtest). */
function AlgorithmSection({ strategy }: { strategy: StrategyDetailView }) {
  const { t, lang } = useTradeText();
  const a = strategy.algorithm;
  if (strategy.kind !== 'algorithm' || !a) return null;
  const rulesLang = lang === 'jp' || lang === 'tw' ? lang : 'en';
  return (
    <section className={styles.card} data-testid="strategy-algorithm">
      <p className={styles.label}>{t('detail.strategy.algorithmTitle')}</p>
      <p style={{ margin: '0 0 6px' }} data-testid="algorithm-rules">
        {a.rules[rulesLang]}
      </p>
      {Object.entries(a.parameters).map(([name, value]) => (
        <FieldRow key={name} label={name} value={String(value)} />
      ))}
      <FieldRow label={t('detail.strategy.algorithmCapital')} value={formatMoneyText(a.capital)} testId="algorithm-capital" />
      {a.lastRun ? (
        <FieldRow
          label={t('detail.strategy.algorithmLastRun', { date: a.lastRun.businessDate })}
          value={`${a.lastRun.signal} → ${a.lastRun.action} (${a.lastRun.outcome})`}
          testId="algorithm-last-run"
        />
      ) : null}
      <p className={styles.muted} style={{ margin: '6px 0 0' }}>
        {t('detail.strategy.algorithmNote')}
      </p>
    </section>
  );
}

function HoldingsSection({ strategy }: { strategy: StrategyDetailView }) {
  const { t, lang } = useTradeText();
  const nameLang = lang === 'jp' || lang === 'tw' ? lang : 'en';
  return (
    <section className={styles.card} data-testid="strategy-holdings">
      <p className={styles.label}>{t('detail.strategy.holdings')}</p>
      {strategy.holdings.length === 0 ? (
        <p className={styles.muted}>{t('detail.strategy.noHoldings')}</p>
      ) : (
        strategy.holdings.map((h) => (
          <FieldRow
            key={h.code}
            label={`${h.code} ${h.name[nameLang]}`}
            value={t('detail.strategy.holding', { shares: h.shares, price: h.lastPrice, value: formatMoneyText(h.value) })}
            testId={`holding-${h.code}`}
          />
        ))
      )}
    </section>
  );
}

/** In place of the follow form while a high risk score keeps new copiers out: the score, its date and the last closed date. */
function ClosedSection({ strategy }: { strategy: StrategyDetailView }) {
  const { t, lang } = useTradeText();
  const closed = strategy.closedToNewCopiers;
  if (!closed) return null;
  const r = closed.reason;
  const until = formatDateKey(closed.until, lang);
  const text =
    r.kind === 'daily'
      ? t('detail.strategy.closedDaily', { date: formatDateKey(r.date, lang), score: r.score, threshold: r.threshold, until })
      : t('detail.strategy.closedMonthly', { month: r.date, days: r.days, score: r.score, threshold: r.threshold, until });
  return (
    <section className={styles.card} data-testid="strategy-closed" data-kind={r.kind}>
      <p className={styles.label}>{t('detail.strategy.closedTitle')}</p>
      <p style={{ margin: '0 0 6px' }} data-testid="strategy-closed-reason">
        {text}
      </p>
      <p className={styles.muted} style={{ margin: 0 }}>
        {t('detail.strategy.closedNote')}
      </p>
    </section>
  );
}

function RulesSection() {
  const { t } = useTradeText();
  return (
    <section className={styles.card} data-testid="strategy-rules">
      <p className={styles.label}>{t('detail.strategy.rules')}</p>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        <li>{t('detail.strategy.ruleSizing')}</li>
        <li>{t('detail.strategy.ruleStopLoss')}</li>
        <li>{t('detail.strategy.ruleControls')}</li>
        <li>{t('detail.strategy.ruleFee')}</li>
        <li>{t('detail.strategy.ruleRecord')}</li>
      </ul>
      <p className={styles.note} style={{ marginTop: 8 }} data-testid="strategy-japan-note">
        {t('detail.strategy.japanNote')}
      </p>
    </section>
  );
}

export default function StrategyDetailPage() {
  const { t } = useTradeText();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { data, isLoading, isError, refetch } = useGetStrategyQuery({ id: id ?? 0 }, { skip: id === null });
  if (id === null) return <PageState status="empty" emptyText={t('detail.strategy.notFound')} testId="strategy-state" />;
  if (isLoading) return <PageState status="loading" testId="strategy-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="strategy-state" />;
  return (
    <div className={styles.page} data-testid="strategy-detail-page">
      <p className={styles.note} data-testid="strategy-simulated">
        {t('strategies.simulated')}
      </p>
      <section className={styles.card}>
        <div className={styles.rowHead}>
          <strong data-testid="strategy-name">{data.name}</strong>
          <span className={styles.tag} data-testid="strategy-status">
            {t(STATUS_KEY[data.status])}
          </span>
        </div>
        <p className={styles.muted} style={{ margin: '2px 0 6px' }}>
          {t('strategies.leader', { alias: data.leaderAccount })}
        </p>
        <p style={{ margin: '0 0 6px' }}>{data.description}</p>
        <p className={styles.muted} style={{ margin: 0 }}>
          {t('detail.strategy.riskNotes', { notes: data.riskNotes })}
        </p>
        <Link to={routeTo('strategyVerify', { id: data.id })} data-testid="strategy-verify-link">
          {t('detail.strategy.verify')}
        </Link>
      </section>
      <AlgorithmSection strategy={data} />
      <RecordSection strategy={data} />
      <FollowersSection strategy={data} />
      <HoldingsSection strategy={data} />
      <RulesSection />
      {data.status === 'active' ? (
        data.closedToNewCopiers ? (
          <ClosedSection strategy={data} />
        ) : (
          <FollowForm strategyId={data.id} />
        )
      ) : (
        <p className={styles.note} data-testid="strategy-retired">
          {t('detail.strategy.retired')}
        </p>
      )}
    </div>
  );
}

// The chart with its nine intervals and three price adjustments. The chart element
// carries what it currently draws (interval, adjustment, bar count) as data attributes,
// so tests and tools can tell a re-render with data from a stale picture.
import { PageState } from '@kabuto/shared-sdk';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { KLINE_INTERVALS, PRICE_ADJUSTMENTS, useGetKLinesQuery, type KLineInterval, type PriceAdjustment } from '../../api/market';
import { useMarketText } from '../../common/texts';
import { chartKind, toChartBars } from './chart/bars';
import common from '../../common/market.module.css';
import styles from './details.module.css';

// The chart in its own chunk, loaded after the page has painted its quote (issue 14: not
// part of the stock page's first screen). The box keeps its height meanwhile.
const loadStockChart = () => import(/* webpackChunkName: "stock-chart" */ './chart/StockChart');
const StockChart = lazy(loadStockChart);

/**
 * False until the browser has painted the page once. The bars are often in the cache at the
 * first render (index.html asks for them), so the chart would be fetched and drawn before the
 * quote above it was on screen; it waits for one paint instead (issue 14).
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Intraday bars grow while the session trades: ask again this often while the chart is open. */
const KLINE_REFRESH_MS = 30_000;

export function ChartPanel({ code }: { code: string }) {
  const { t } = useMarketText();
  const [interval, selectInterval] = useState<KLineInterval>('timeshare');
  const [adjust, setAdjust] = useState<PriceAdjustment>('none');
  const { data, isFetching, isError, refetch } = useGetKLinesQuery({ code, interval, adjust }, { pollingInterval: KLINE_REFRESH_MS });
  // The answer names what it is for; while a new interval loads the old bars stay hidden.
  const current = data && data.interval === interval && data.adjust === adjust ? data : undefined;
  const bars = useMemo(() => (current ? toChartBars(current.bars) : []), [current]);
  const painted = usePaintedOnce();
  // Fetched once the quote is on screen, while the bars may still be on their way.
  useEffect(() => {
    if (painted) void loadStockChart().catch(() => undefined);
  }, [painted]);

  return (
    <section className={common.section} data-testid="chart-panel">
      <div className={styles.intervals} role="tablist">
        {KLINE_INTERVALS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === interval}
            className={styles.interval}
            onClick={() => selectInterval(key)}
            data-testid={`interval-${key}`}
          >
            {t(`detail.interval.${key}`)}
          </button>
        ))}
      </div>
      <div className={styles.adjusts}>
        {PRICE_ADJUSTMENTS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === adjust}
            className={styles.adjust}
            // The time-sharing line is today's traded prices: nothing to adjust.
            disabled={interval === 'timeshare'}
            onClick={() => setAdjust(key)}
            data-testid={`adjust-${key}`}
          >
            {t(`detail.adjust.${key}`)}
          </button>
        ))}
      </div>
      <div
        className={styles.chart}
        data-testid="kline-chart"
        data-interval={current?.interval ?? ''}
        data-adjust={current?.adjust ?? ''}
        data-bars={current ? bars.length : ''}
        data-loading={isFetching && !current ? 'true' : 'false'}
      >
        {current && bars.length > 0 && (
          <Suspense fallback={<PageState status="loading" />}>
            {/* A new interval opens on its own latest bars; an adjustment keeps the customer's window. */}
            {painted ? <StockChart key={interval} bars={bars} kind={chartKind(interval)} /> : <PageState status="loading" />}
          </Suspense>
        )}
        {current && bars.length === 0 && <PageState status="empty" />}
        {!current && isFetching && <PageState status="loading" />}
        {!current && !isFetching && isError && <PageState status="failed" onRetry={() => void refetch()} />}
      </div>
      {interval !== 'timeshare' && (
        <div className={styles.legend}>
          <span data-ma="5">MA5</span>
          <span data-ma="10">MA10</span>
          <span data-ma="20">MA20</span>
        </div>
      )}
      {interval === 'timeshare' && (
        <div className={styles.legend}>
          <span data-line="price">{t('quote.last')}</span>
          <span data-line="avg">{t('detail.avgPrice')}</span>
        </div>
      )}
    </section>
  );
}

// The chart with its nine intervals, three price adjustments and the indicator under the
// candles (MACD, RSI or Bollinger Bands). The chart element carries what it currently draws
// (interval, adjustment, bar count) as data attributes, so tests and tools can tell a
// re-render with data from a stale picture.
import { PageState } from '@kabuto/shared-sdk';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { KLINE_INTERVALS, PRICE_ADJUSTMENTS, useGetKLinesQuery, useGetQuoteQuery, type KLineInterval, type PriceAdjustment } from '../../api/market';
import { useMarketText } from '../../common/texts';
import { chartKind, toChartBars, withLiveQuote } from './chart/bars';
import { chartHeight, INDICATOR_CODES, INDICATORS, type Indicator } from './chart/layout';
import common from '../../common/market.module.css';
import styles from './details.module.css';

// The chart (with ECharts) in its own chunk, loaded after the page has painted its quote:
// not part of the stock page's first screen, and never of another page's. The box keeps
// the chart's height meanwhile.
const loadStockChart = () => import(/* webpackChunkName: "stock-chart" */ './chart/StockChart');
const StockChart = lazy(loadStockChart);

/**
 * False until the browser has painted the page once. The bars are often in the cache at the
 * first render (index.html asks for them), so the chart would be fetched and drawn before the
 * quote above it was on screen; it waits for one paint instead.
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

/** The codes name the indicators on their buttons; the reader's language names them in full for assistive technology. */
const INDICATOR_NAMES = { macd: 'detail.indicator.macd', rsi: 'detail.indicator.rsi', boll: 'detail.indicator.boll' } as const;

export function ChartPanel({ code }: { code: string }) {
  const { t } = useMarketText();
  const [interval, selectInterval] = useState<KLineInterval>('timeshare');
  const [adjust, setAdjust] = useState<PriceAdjustment>('none');
  const [indicator, setIndicator] = useState<Indicator | null>('macd');
  const { data, isFetching, isError, refetch } = useGetKLinesQuery({ code, interval, adjust }, { pollingInterval: KLINE_REFRESH_MS });
  // The answer names what it is for; while a new interval loads the old bars stay hidden.
  const current = data && data.interval === interval && data.adjust === adjust ? data : undefined;
  // The page's own quote query (same cache entry, no second request), live on /ws.
  const { data: quote } = useGetQuoteQuery({ code });
  const bars = useMemo(() => (current ? toChartBars(withLiveQuote(current.bars, quote, current.interval)) : []), [current, quote]);
  const kind = chartKind(interval);
  // The time-sharing line has no indicators: one session of minutes is too short for them.
  const shownIndicator = kind === 'timeshare' ? null : indicator;
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
      <div className={styles.indicators} role="group" aria-label={t('detail.indicator.group')}>
        {INDICATORS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === shownIndicator}
            aria-label={`${INDICATOR_CODES[key]} ${t(INDICATOR_NAMES[key])}`}
            title={t(INDICATOR_NAMES[key])}
            className={styles.adjust}
            disabled={kind === 'timeshare'}
            // A second tap takes the indicator away.
            onClick={() => setIndicator(key === indicator ? null : key)}
            data-testid={`indicator-${key}`}
          >
            {INDICATOR_CODES[key]}
          </button>
        ))}
      </div>
      <div
        className={styles.chart}
        style={{ height: chartHeight(kind, shownIndicator) }}
        data-testid="kline-chart"
        data-interval={current?.interval ?? ''}
        data-adjust={current?.adjust ?? ''}
        data-bars={current ? bars.length : ''}
        data-loading={isFetching && !current ? 'true' : 'false'}
      >
        {current && bars.length > 0 && (
          <Suspense fallback={<PageState status="loading" />}>
            {/* A new interval opens on its own latest bars; an adjustment keeps the customer's window. */}
            {painted ? (
              <StockChart key={interval} bars={bars} kind={kind} indicator={shownIndicator} previousClose={quote?.previousClose ?? null} />
            ) : (
              <PageState status="loading" />
            )}
          </Suspense>
        )}
        {current && bars.length === 0 && <PageState status="empty" />}
        {!current && isFetching && <PageState status="loading" />}
        {!current && !isFetching && isError && <PageState status="failed" onRetry={() => void refetch()} />}
      </div>
      {kind !== 'timeshare' && (
        <div className={styles.legend} data-testid="chart-legend">
          {shownIndicator === 'boll' ? (
            <span data-band="boll">BOLL(20,2)</span>
          ) : (
            <>
              <span data-ma="5">MA5</span>
              <span data-ma="10">MA10</span>
              <span data-ma="20">MA20</span>
            </>
          )}
          {shownIndicator === 'macd' && <span data-pane="macd">MACD(12,26,9)</span>}
          {shownIndicator === 'rsi' && <span data-pane="rsi">RSI(14)</span>}
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

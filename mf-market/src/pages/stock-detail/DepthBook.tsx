// Best five asks (highest on top) over the best five bids, live from the depth stream.
import { PageState } from '@kabuto/shared-sdk';
import { useGetDepthQuery, type DepthLevel } from '../../api/market';
import { direction, formatPrice, formatShares } from '../../common/quote-format';
import { useMarketText } from '../../common/texts';
import common from '../../common/market.module.css';
import styles from './details.module.css';

const LEVELS = 5;

/** Always five rows per side (empty levels show dashes), asks reversed so the best ask sits on the spread. */
export function bookRows(asks: readonly DepthLevel[], bids: readonly DepthLevel[]) {
  const pad = (side: readonly DepthLevel[]) => Array.from({ length: LEVELS }, (_, i) => side[i] ?? null);
  return {
    asks: pad(asks)
      .map((level, i) => ({ level, n: i + 1 }))
      .reverse(),
    bids: pad(bids).map((level, i) => ({ level, n: i + 1 })),
  };
}

export function DepthBook({ code, previousClose }: { code: string; previousClose: number }) {
  const { t } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetDepthQuery({ code });
  if (isLoading) return <PageState status="loading" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} />;
  const rows = bookRows(data.asks, data.bids);
  const line = (side: 'ask' | 'bid', n: number, level: DepthLevel | null) => (
    <div key={`${side}${n}`} className={styles.bookRow} data-side={side} data-testid={`book-${side}-${n}`}>
      <span>{t(side === 'ask' ? 'detail.ask' : 'detail.bid', { level: n })}</span>
      <span className={common.text} data-direction={level ? direction(level.price - previousClose) : 'flat'}>
        {formatPrice(level?.price ?? null)}
      </span>
      <span>{level ? formatShares(level.quantity) : '--'}</span>
    </div>
  );
  return (
    <section className={common.section} data-testid="depth-book" data-at={data.at}>
      <header className={common.sectionHead}>
        <span>{t('detail.book')}</span>
        <span className={common.code}>{t(`phase.${data.phase}`)}</span>
      </header>
      <div className={styles.book}>
        {rows.asks.map(({ level, n }) => line('ask', n, level))}
        <div className={styles.spread} />
        {rows.bids.map(({ level, n }) => line('bid', n, level))}
      </div>
    </section>
  );
}

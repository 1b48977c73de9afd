// The Japanese stock list (by code), loaded chunk by chunk as the user scrolls. Each chunk
// is its own cache entry; only the first chunks stream live prices, because one
// connection may follow at most 50 codes (docs/api/market.md §6).
import { PageState } from '@kabuto/shared-sdk';
import { InfiniteScroll } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useGetStocksQuery } from '../../api/market';
import { QuoteRow } from '../../common/QuoteRow';
import { stockName } from '../../common/quote-format';
import { useMarketText } from '../../common/texts';
import common from '../../common/market.module.css';

export const STOCK_CHUNK = 20;
/** Chunks whose rows stream live (2 × 20 codes stays under the 50-code limit). */
export const LIVE_CHUNKS = 2;

export function StockList() {
  const [chunks, setChunks] = useState(1);
  const [total, setTotal] = useState<number | null>(null);
  const hasMore = total === null || chunks * STOCK_CHUNK < total;
  return (
    <>
      {Array.from({ length: chunks }, (_, index) => (
        <StockChunk key={index} index={index} onTotal={setTotal} />
      ))}
      <InfiniteScroll
        hasMore={hasMore}
        loadMore={async () => {
          setChunks((n) => n + 1);
        }}
      >
        {(more) => <PageState status={more ? 'loading' : 'noMore'} />}
      </InfiniteScroll>
    </>
  );
}

function StockChunk({ index, onTotal }: { index: number; onTotal: (total: number) => void }) {
  const { t } = useMarketText();
  const { lang } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetStocksQuery({
    kind: 'stock',
    offset: index * STOCK_CHUNK,
    limit: STOCK_CHUNK,
    live: index < LIVE_CHUNKS,
  });
  const total = data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal(total);
  }, [total, onTotal]);
  if (isLoading) return null;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} />;
  return (
    <>
      {data.items.map((row) =>
        row.ready ? (
          <QuoteRow key={row.code} row={row} />
        ) : (
          <div key={row.code} className={common.row} data-testid={`quote-row-${row.code}`}>
            <div>
              <div className={common.name}>{stockName(row.name, lang)}</div>
              <div className={common.code}>{row.code}</div>
            </div>
            <div className={common.price}>--</div>
            <div className={common.chip}>{t('quote.noTrade')}</div>
          </div>
        ),
      )}
    </>
  );
}

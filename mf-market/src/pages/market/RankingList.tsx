// A ranking board (gainers, losers, hot, ETF): the server orders each answer, rows update
// live, and the board re-sorts on the live values at most once per animation frame (stable:
// tied rows keep their place). The server's answer is refreshed every half minute for the
// rows that entered or left the top.
import { PageState } from '@kabuto/shared-sdk';
import { useEffect, useState } from 'react';
import { useGetRankingsQuery, type ListRow, type RankingType } from '../../api/market';
import { QuoteRow } from '../../common/QuoteRow';
import { liveOrder, sameOrder } from './live-order';

export const RANKING_ROWS = 20;
export const RANKING_REORDER_MS = 30_000;

const NO_ROWS: ListRow[] = [];

/** The rows in live board order; the sort runs in the next animation frame, once however many quotes arrived. */
function useLiveOrder(rows: ListRow[], type: RankingType): ListRow[] {
  const [order, setOrder] = useState<readonly string[]>([]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      setOrder((shown) => {
        const next = liveOrder(rows, type, shown);
        return sameOrder(next, shown) ? shown : next;
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [rows, type]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const ordered = order.flatMap((code) => byCode.get(code) ?? []);
  // Rows of a new answer not sorted yet (first frame) show in the server's order, after.
  const placed = new Set(order);
  return [...ordered, ...rows.filter((row) => !placed.has(row.code))];
}

export function RankingList({ type }: { type: RankingType }) {
  const { data, isLoading, isError, refetch } = useGetRankingsQuery({ type, limit: RANKING_ROWS }, { pollingInterval: RANKING_REORDER_MS });
  const rows = useLiveOrder(data?.items ?? NO_ROWS, type);
  if (isLoading) return <PageState status="loading" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} />;
  return (
    <>
      {rows.map((row) => (
        <QuoteRow key={row.code} row={row} />
      ))}
      {/* While the server warms up, a ranking covers only what is simulated so far. */}
      <PageState status={data.complete ? 'noMore' : 'loading'} />
    </>
  );
}

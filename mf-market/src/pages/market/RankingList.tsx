// A ranking board (gainers, losers, hot, ETF): the server orders it; rows update live in
// place and the order is refreshed every half minute so rows do not jump under a finger.
import { useGetRankingsQuery, type RankingType } from '../../api/market';
import { ListState } from '../../common/ListState';
import { QuoteRow } from '../../common/QuoteRow';

export const RANKING_ROWS = 20;
export const RANKING_REORDER_MS = 30_000;

export function RankingList({ type }: { type: RankingType }) {
  const { data, isLoading, isError, refetch } = useGetRankingsQuery({ type, limit: RANKING_ROWS }, { pollingInterval: RANKING_REORDER_MS });
  if (isLoading) return <ListState status="loading" />;
  if (isError || !data) return <ListState status="failed" onRetry={() => void refetch()} />;
  return (
    <>
      {data.items.map((row) => (
        <QuoteRow key={row.code} row={row} />
      ))}
      {/* While the server warms up, a ranking covers only what is simulated so far. */}
      <ListState status={data.complete ? 'noMore' : 'loading'} />
    </>
  );
}

// News (/pages/home/news): published articles, newest first, loaded page by page.
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useGetNewsInfiniteQuery } from '../../api/market';
import { ListState } from '../../common/ListState';
import { useLang } from '../../common/use-lang';
import { NewsRow } from './NewsRow';
import common from '../../common/market.module.css';

export default function NewsPage() {
  const lang = useLang();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, refetch } = useGetNewsInfiniteQuery({ lang });
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  async function loadMore() {
    // InfiniteScroll stops asking when the promise rejects: a failed page shows its state instead.
    const result = await fetchNextPage();
    if (result.isError) throw new Error('news page failed');
  }

  return (
    <PullToRefresh onRefresh={async () => void (await refetch())}>
      <div className={common.page} data-testid="news-page">
        <section className={common.section}>
          {isLoading && <ListState status="loading" />}
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
          {isError && <ListState status="failed" onRetry={() => void refetch()} />}
          {data && items.length === 0 && <ListState status="empty" />}
          {data && items.length > 0 && (
            <InfiniteScroll loadMore={loadMore} hasMore={hasNextPage}>
              {(hasMore, failed, retry) => <ListState status={failed ? 'failed' : hasMore ? 'loading' : 'noMore'} onRetry={() => void retry()} />}
            </InfiniteScroll>
          )}
        </section>
      </div>
    </PullToRefresh>
  );
}

// News (ROUTES.news): published articles, newest first, loaded page by page.
import { PageState } from '@kabuto/shared-sdk';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useGetNewsInfiniteQuery } from '../../api/market';
import { useMarketText } from '../../common/texts';
import { NewsRow } from '../../common/NewsRow';
import common from '../../common/market.module.css';

export default function NewsPage() {
  const { lang } = useMarketText();
  const { t } = useMarketText();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, refetch } = useGetNewsInfiniteQuery({ lang });
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  async function loadMore() {
    // InfiniteScroll stops asking when the promise rejects: a failed page shows its state instead.
    const result = await fetchNextPage();
    if (result.isError) throw new Error('news page failed');
  }

  return (
    // antd-mobile's own texts are Simplified Chinese (下拉刷新): every state gets ours.
    <PullToRefresh
      onRefresh={async () => void (await refetch())}
      pullingText={t('list.pulling')}
      canReleaseText={t('list.release')}
      refreshingText={t('list.refreshing')}
      completeText={t('list.refreshed')}
    >
      <div className={common.page} data-testid="news-page">
        <section className={common.section}>
          {isLoading && <PageState status="loading" />}
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
          {isError && <PageState status="failed" onRetry={() => void refetch()} />}
          {data && items.length === 0 && <PageState status="empty" />}
          {data && items.length > 0 && (
            <InfiniteScroll loadMore={loadMore} hasMore={hasNextPage}>
              {(hasMore, failed, retry) => <PageState status={failed ? 'failed' : hasMore ? 'loading' : 'noMore'} onRetry={() => void retry()} />}
            </InfiniteScroll>
          )}
        </section>
      </div>
    </PullToRefresh>
  );
}

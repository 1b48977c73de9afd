// A paginated list with the spec's list states (the SDK's PageState: 加载中... / 没有更多了 /
// 加载失败 in the user's language) and pull to refresh (= page 1).
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { messageText, PageState } from '@kabuto/shared-sdk';
import { type Page } from '@kabuto/shared-sdk/schemas';
import type { PagedList } from './paged-list';
import { useFundsText } from './texts';

interface PagedListViewProps<T, P extends Page<T>> {
  list: PagedList<T, P>;
  renderItem(item: T): ReactNode;
  itemKey(item: T): string | number;
  testId: string;
  /** The empty state's text, when the list has a better one than 'Nothing here yet'. */
  emptyText?: string;
}

export function PagedListView<T, P extends Page<T>>({ list, renderItem, itemKey, testId, emptyText }: PagedListViewProps<T, P>) {
  const { t, lang } = useFundsText();
  return (
    <PullToRefresh
      onRefresh={list.refresh}
      pullingText={t('list.pulling')}
      canReleaseText={t('list.release')}
      refreshingText={messageText('listLoading', lang)}
      completeText={t('list.refreshed')}
    >
      <div data-testid={testId}>
        {list.items.map((item) => (
          <div key={itemKey(item)}>{renderItem(item)}</div>
        ))}
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
          {(hasMore, failed, retry) => (
            <PageState
              status={failed ? 'failed' : hasMore ? 'loading' : list.items.length === 0 ? 'empty' : 'noMore'}
              onRetry={() => void retry()}
              emptyText={emptyText ?? t('list.empty')}
              testId={`${testId}-state`}
            />
          )}
        </InfiniteScroll>
      </div>
    </PullToRefresh>
  );
}

// The one loading / failed-with-retry / empty / no-more state of a page or a list, and of
// the query a page waits for (QueryState). The
// list states are the spec's (§8: 加载中... / 没有更多了 / 加载失败), from the message
// catalogue in the page language; retry and empty come from the SDK's own texts.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../i18n/languages';
import { messageText } from '../messages/translate';
import { errorMessage, offersSupport } from '../identity/call-outcome';
import { kit } from './kit';
import { Refusal } from './refusal';
import { SDK_UI_NAMESPACE } from './page-pending';

export type PageStatus = 'loading' | 'failed' | 'empty' | 'noMore';

export interface PageStateProps {
  status: PageStatus;
  /** Shown as a retry link when the status is 'failed'. */
  onRetry?: () => void;
  /** What an empty page or list says; the SDK's "nothing here yet" by default. */
  emptyText?: string;
  /** data-testid of the state element; `list-<status>` by default. */
  testId?: string;
}

// Inline (the SDK is compiled by tsc, without CSS); colours come from the shell's theme.
const stateStyle: CSSProperties = { padding: '12px 0', textAlign: 'center', color: 'var(--kabuto-text-weak, #6f857a)', fontSize: 13 };
const retryStyle: CSSProperties = {
  marginLeft: 8,
  padding: 0,
  color: 'var(--kabuto-accent, #3ecf8e)',
  background: 'none',
  border: 0,
  cursor: 'pointer',
  font: 'inherit',
};

export function PageState({ status, onRetry, emptyText, testId }: PageStateProps) {
  const { t, i18n } = useTranslation(SDK_UI_NAMESPACE);
  const lang = i18n.language as Lang;
  const text =
    status === 'loading'
      ? messageText('listLoading', lang)
      : status === 'noMore'
        ? messageText('listNoMore', lang)
        : status === 'failed'
          ? messageText('listLoadFailed', lang)
          : (emptyText ?? t('listEmpty'));
  return (
    <div style={stateStyle} role={status === 'failed' ? 'alert' : 'status'} data-testid={testId ?? `list-${status}`}>
      {text}
      {status === 'failed' && onRetry && (
        <button type="button" style={retryStyle} onClick={onRetry} data-testid="page-state-retry">
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** What QueryState reads of an RTK Query hook's result. */
export interface QueryLike<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  /** The failure (an RTK Query hook's `error`): a refusal pointing to support offers the chat. */
  error?: unknown;
  refetch: () => unknown;
}

/** The query has its data and no failure: the page can draw it (narrows `data`). */
export function isLoaded<T, Q extends QueryLike<T>>(query: Q & QueryLike<T>): query is Q & { data: NonNullable<T> } {
  return !query.isError && query.data !== undefined && query.data !== null;
}

export interface QueryStateProps {
  query: QueryLike<unknown>;
  /** The whole page waits for it: the state stands in the page's frame (the kit's page class). */
  page?: boolean;
  /** data-testid of the state element (PageState's default otherwise). */
  testId?: string;
}

/**
 * The state of a query that a page, or a part of one, cannot be drawn without (use it where
 * `isLoaded(query)` is false): loading while it loads, else failed with a retry that asks again
 * (a seat account's refusal instead says what it is, with the way to support).
 */
export function QueryState({ query, page = false, testId }: QueryStateProps) {
  const state = query.isLoading ? (
    <PageState status="loading" testId={testId} />
  ) : offersSupport(query.error) ? (
    // A seat account's refusal: what it says and the way to support, not "load failed".
    <Refusal text={errorMessage(query.error)} support testId={testId ?? 'list-support'} />
  ) : (
    <PageState status="failed" onRetry={() => void query.refetch()} testId={testId} />
  );
  return page ? <div className={kit.page}>{state}</div> : state;
}

// Paginated lists (docs/api/funds.md §1): pages of `size` from 1, newest first. The list
// keeps what it has loaded, asks for the next page when the reader reaches the end, and
// a pull to refresh starts again from page 1.
import { useCallback, useRef, useState } from 'react';
import type { Page } from '@kabuto/shared-sdk/schemas';

export interface PagedState<T, P extends Page<T>> {
  items: T[];
  /** The next page to ask for. */
  next: number;
  hasMore: boolean;
  /** The newest answer (totals, sums and holds of the list come with every page). */
  last: P | null;
}

export function emptyPaged<T, P extends Page<T>>(): PagedState<T, P> {
  return { items: [], next: 1, hasMore: true, last: null };
}

/** The state after page `answer.page` arrived: page 1 replaces, later pages append. */
export function withPage<T, P extends Page<T>>(state: PagedState<T, P>, answer: P): PagedState<T, P> {
  const items = answer.page <= 1 ? answer.list : [...state.items, ...answer.list];
  // `total` bounds the pages too, so a list can never ask forever.
  return { items, next: answer.page + 1, hasMore: answer.hasMore && answer.page * answer.size < answer.total, last: answer };
}

export interface PagedList<T, P extends Page<T>> extends PagedState<T, P> {
  /** Loads the next page; rejects when it failed (the list then offers a retry). */
  loadMore(): Promise<void>;
  /** Page 1 again (pull to refresh). */
  refresh(): Promise<void>;
}

export function usePagedList<T, P extends Page<T>>(fetchPage: (page: number) => Promise<P>): PagedList<T, P> {
  const [state, setState] = useState<PagedState<T, P>>(emptyPaged);
  // The latest state for the callbacks, so a slow page cannot append to a refreshed list twice.
  // Every setState below also writes it, so it never lags the state.
  const current = useRef(state);
  const generation = useRef(0);

  const loadMore = useCallback(async () => {
    const asked = generation.current;
    const answer = await fetchPage(current.current.next);
    if (asked !== generation.current) return;
    setState((previous) => (current.current = withPage(previous, answer)));
  }, [fetchPage]);

  const refresh = useCallback(async () => {
    generation.current += 1;
    const asked = generation.current;
    const answer = await fetchPage(1);
    if (asked !== generation.current) return;
    setState((current.current = withPage(emptyPaged<T, P>(), answer)));
  }, [fetchPage]);

  return { ...state, loadMore, refresh };
}

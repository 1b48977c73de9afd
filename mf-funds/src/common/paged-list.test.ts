import type { Page } from '@kabuto/shared-sdk/schemas';
import { emptyPaged, withPage } from './paged-list';

const page = (n: number, list: number[], hasMore: boolean): Page<number> => ({ list, page: n, size: 2, total: 5, hasMore });

describe('paged list state', () => {
  it('appends later pages and stops when the server says there is no more', () => {
    let state = withPage(emptyPaged<number, Page<number>>(), page(1, [5, 4], true));
    expect(state).toMatchObject({ items: [5, 4], next: 2, hasMore: true });
    state = withPage(state, page(2, [3, 2], true));
    state = withPage(state, page(3, [1], false));
    expect(state).toMatchObject({ items: [5, 4, 3, 2, 1], next: 4, hasMore: false });
  });

  it('replaces everything with page 1 (pull to refresh) and never pages past the total', () => {
    const loaded = withPage(withPage(emptyPaged<number, Page<number>>(), page(1, [5, 4], true)), page(2, [3, 2], true));
    expect(withPage(loaded, page(1, [6, 5], true)).items).toEqual([6, 5]);
    expect(withPage(loaded, { ...page(3, [1], true), total: 5 }).hasMore).toBe(false);
    // A page that a filter emptied still leads to the next one.
    expect(withPage(loaded, { ...page(2, [], true), total: 5 }).hasMore).toBe(true);
  });
});

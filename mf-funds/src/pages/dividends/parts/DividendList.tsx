// One dividend list page (received, adjustments, actions, perks): the frame (tabs, simulated note,
// intro), the filter the page's list call takes if it has one, the paged list, and rows that open
// their detail page. Each page says only what it asks the server and how one row reads.
import { Selector } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '@kabuto/shared-sdk';
import type { Page } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { usePagedList } from '../../../common/paged-list';
import { PagedListView } from '../../../common/PagedListView';
import type { DividendTab } from './DividendTabs';
import { ListFrame } from './ListFrame';
import { ROW_LINES } from './view';

export interface ListFilter<F extends string> {
  values: readonly [F, ...F[]];
  /** The option's text. */
  label: (value: F) => string;
  testId: string;
}

export interface DividendListProps<T extends { id: string }, P extends Page<T>, F extends string> {
  tab: DividendTab;
  intro: string;
  /** The page's test id; the list's is `listTestId`. */
  testId: string;
  listTestId: string;
  emptyText: string;
  /** A filter the list call takes; the first value is picked first. */
  filter?: ListFilter<F>;
  /** Page `page` of the list under `filter` (undefined without a filter). */
  fetchPage: (page: number, filter: F | undefined) => Promise<P>;
  renderItem: (item: T) => ReactNode;
  /** Under the list (a page's own note). */
  footer?: ReactNode;
}

function Items<T extends { id: string }, P extends Page<T>, F extends string>(props: DividendListProps<T, P, F> & { picked: F | undefined }) {
  // The page's fetch is a new function each render; the list asks again only when the filter changes.
  const fetch = useRef(props.fetchPage);
  useEffect(() => {
    fetch.current = props.fetchPage;
  });
  const { picked } = props;
  const fetchPage = useCallback((page: number) => fetch.current(page, picked), [picked]);
  const list = usePagedList<T, P>(fetchPage);
  return <PagedListView list={list} testId={props.listTestId} emptyText={props.emptyText} itemKey={(item) => item.id} renderItem={props.renderItem} />;
}

export function DividendList<T extends { id: string }, P extends Page<T>, F extends string = never>(props: DividendListProps<T, P, F>) {
  const { filter } = props;
  const [picked, setPicked] = useState<F | undefined>(filter?.values[0]);
  return (
    <ListFrame active={props.tab} intro={props.intro} testId={props.testId}>
      {filter && picked !== undefined && (
        <Selector
          columns={filter.values.length}
          value={[picked]}
          onChange={(value) => value[0] && setPicked(value[0])}
          options={filter.values.map((value) => ({ value, label: filter.label(value) }))}
          data-testid={filter.testId}
        />
      )}
      {/* Remounted per filter: each opens on its page 1. */}
      <Items key={picked ?? ''} {...props} picked={picked} />
      {props.footer}
    </ListFrame>
  );
}

type DetailRoute = 'dividendDetail2' | 'dividendDetail3' | 'dividendDetail4' | 'dividendDetail5';

/** A row of a dividend list: opens the item's detail page; `data` are its data-* attributes for tests. */
export function ListRow({
  detail,
  id,
  testId,
  data,
  children,
}: {
  detail: DetailRoute;
  id: string;
  testId: string;
  data: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo(detail, { id }))}
      data-testid={testId}
      data-id={id}
      {...data}
    >
      {children}
    </button>
  );
}

// Search (ROUTES.search): by code, name (jp / en / tw) or reading. A signed-in
// user's searches are kept by the server (the search call saves them); the history is
// shown while the box is empty and can be cleared.
import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { PageState, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { useClearSearchHistoryMutation, useGetSearchHistoryQuery, useSearchStocksQuery } from '../../api/market';
import { QuoteRow } from '../../common/QuoteRow';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { useMarketText } from '../../common/texts';
import { normaliseQuery, SEARCH_DEBOUNCE_MS } from './query';
import common from '../../common/market.module.css';
import styles from './search.module.css';

export default function SearchPage() {
  const { t } = useMarketText();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(normaliseQuery(text));

  // Ask once typing pauses; the URL keeps the query so back from a stock returns to the results.
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = normaliseQuery(text);
      setQuery(q);
      setParams(q ? { q } : {}, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const { data, isFetching, isError, refetch } = useSearchStocksQuery({ q: query }, { skip: query === '' });
  const results = query && data?.q === query ? data.items : null;

  return (
    <div className={common.page} data-testid="search-page">
      <div className={styles.bar}>
        <SearchBar
          placeholder={t('search.placeholder')}
          value={text}
          onChange={setText}
          onSearch={(value) => setQuery(normaliseQuery(value))}
          autoFocus
          data-testid="search-input"
        />
      </div>

      {query === '' ? (
        <>
          <SearchHistory onPick={setText} />
          <p className={common.note}>{t('search.hint')}</p>
        </>
      ) : (
        <section className={common.section} data-testid="search-results">
          <header className={common.sectionHead}>
            <span />
            <SimulatedBadge />
          </header>
          {isFetching && !results && <PageState status="loading" />}
          {isError && <PageState status="failed" onRetry={() => void refetch()} />}
          {results?.length === 0 && <PageState status="empty" emptyText={t('search.noResult')} />}
          {results?.map((row) => (
            <QuoteRow key={row.code} row={row} />
          ))}
        </section>
      )}
    </div>
  );
}

function SearchHistory({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useMarketText();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useGetSearchHistoryQuery(undefined, { skip: !loggedIn });
  const [clear, { isLoading: clearing }] = useClearSearchHistoryMutation();
  if (!loggedIn || !data || data.length === 0) return null;
  return (
    <section className={common.section} data-testid="search-history">
      <header className={common.sectionHead}>
        <span>{t('search.history')}</span>
        <button type="button" className={common.link} disabled={clearing} onClick={() => void clear()} data-testid="search-history-clear">
          {t('search.clearHistory')}
        </button>
      </header>
      <div className={styles.chips}>
        {data.map((item) => (
          <button key={item.query} type="button" className={styles.chip} onClick={() => onPick(item.query)}>
            {item.query}
          </button>
        ))}
      </div>
    </section>
  );
}

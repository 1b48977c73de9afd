// Home (ROUTES.home): the spec's shortcuts, today's daily sign-in (mf-trade's widget) and the
// user's watchlist (when logged in),
// hot stocks by turnover and the latest news. Every price is labelled as simulated.
import { PageState, ROUTES, RemoteWidget, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useGetNewsInfiniteQuery, useGetRankingsQuery, useGetWatchlistQuery } from '../../api/market';
import { QuoteRow, QuoteRowsLoading } from '../../common/QuoteRow';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { useMarketText } from '../../common/texts';
import { NewsRow } from '../../common/NewsRow';
import { IndexStrip } from '../../common/IndexStrip';
import { HOME_SHORTCUTS } from './shortcuts';
import { ShortcutIcon } from './ShortcutIcon';
import common from '../../common/market.module.css';
import styles from './home.module.css';

const HOME_WATCHLIST_ROWS = 5;
// src/first-calls.json sends this call (type hot, this limit) before the page loads: keep them equal (first-calls e2e).
const HOME_HOT_ROWS = 8;
const HOME_NEWS_ROWS = 3;

export default function HomePage() {
  const { t } = useMarketText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);

  return (
    <div className={common.page} data-testid="market-home">
      <nav className={styles.shortcuts} aria-label="shortcuts">
        {HOME_SHORTCUTS.map((shortcut) => (
          <button
            key={shortcut.key}
            type="button"
            className={styles.shortcut}
            onClick={() => void navigate(shortcut.path)}
            data-testid={`shortcut-${shortcut.key}`}
          >
            <ShortcutIcon name={shortcut.key} />
            <span>{t(shortcut.labelKey)}</span>
          </button>
        ))}
      </nav>

      <IndexStrip />
      {/* mf-trade's widget: whether today's sign-in is done, and the way to the coupons page. */}
      {loggedIn && (
        <section className={common.section} data-testid="home-sign-in">
          <RemoteWidget widget="dailySignIn" props={{}} />
        </section>
      )}
      {loggedIn && <HomeWatchlist />}
      <HotStocks />
      <LatestNews />
    </div>
  );
}

// A home section's title (with the simulated badge where its figures are simulated) and the
// link to the page that shows all of it.
function SectionHead({ title, simulated = false, to }: { title: string; simulated?: boolean; to: string }) {
  const { t } = useMarketText();
  const navigate = useNavigate();
  return (
    <header className={common.sectionHead}>
      {simulated ? (
        <span>
          {title} <SimulatedBadge />
        </span>
      ) : (
        <span>{title}</span>
      )}
      <button type="button" className={common.link} onClick={() => void navigate(to)}>
        {t('common.more')} ›
      </button>
    </header>
  );
}

function HomeWatchlist() {
  const { t } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetWatchlistQuery();
  return (
    <section className={common.section} data-testid="home-watchlist">
      <SectionHead title={t('home.watchlist')} simulated to={ROUTES.watchlist} />
      {isLoading && <PageState status="loading" />}
      {isError && <PageState status="failed" onRetry={() => void refetch()} />}
      {data?.length === 0 && <PageState status="empty" emptyText={t('watchlist.empty')} />}
      {data?.slice(0, HOME_WATCHLIST_ROWS).map((item) => (
        <QuoteRow key={item.code} row={item.quote} />
      ))}
    </section>
  );
}

function HotStocks() {
  const { t } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetRankingsQuery({ type: 'hot', limit: HOME_HOT_ROWS });
  return (
    <section className={common.section} data-testid="home-hot">
      <SectionHead title={t('home.hot')} simulated to={ROUTES.market} />
      {isLoading && (
        <QuoteRowsLoading rows={HOME_HOT_ROWS}>
          <PageState status="loading" />
        </QuoteRowsLoading>
      )}
      {isError && <PageState status="failed" onRetry={() => void refetch()} />}
      {data?.items.length === 0 && <PageState status="empty" />}
      {data?.items.map((row) => (
        <QuoteRow key={row.code} row={row} />
      ))}
    </section>
  );
}

function LatestNews() {
  const { t, lang } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetNewsInfiniteQuery({ lang });
  const items = data?.pages[0]?.items ?? [];
  return (
    <section className={common.section} data-testid="home-news">
      <SectionHead title={t('home.news')} to={ROUTES.news} />
      {isLoading && <PageState status="loading" />}
      {isError && <PageState status="failed" onRetry={() => void refetch()} />}
      {data && items.length === 0 && <PageState status="empty" />}
      {items.slice(0, HOME_NEWS_ROWS).map((item) => (
        <NewsRow key={item.id} item={item} />
      ))}
    </section>
  );
}

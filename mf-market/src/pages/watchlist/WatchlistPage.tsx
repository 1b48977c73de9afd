// Watchlist (ROUTES.watchlist): the user's stocks with live prices. Swipe a row left to
// remove it; the arrows move it up or down (the new order is saved on the server).
import { Button, SwipeAction, Toast } from 'antd-mobile';
import { PageState, ROUTES, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useGetWatchlistQuery, useRemoveFromWatchlistMutation, useReorderWatchlistMutation } from '../../api/market';
import { QuoteRow } from '../../common/QuoteRow';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { useMarketText } from '../../common/texts';
import { LoginToSee } from '../../common/WatchlistRows';
import { moveCode } from './reorder';
import common from '../../common/market.module.css';
import styles from './watchlist.module.css';

export default function WatchlistPage() {
  const { t } = useMarketText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data, isLoading, isError, refetch } = useGetWatchlistQuery(undefined, { skip: !loggedIn });
  const [remove] = useRemoveFromWatchlistMutation();
  const [reorder, { isLoading: reordering }] = useReorderWatchlistMutation();

  if (!loggedIn) return <LoginToSee />;
  const codes = data?.map((item) => item.code) ?? [];

  async function removeCode(code: string) {
    const result = await remove({ code });
    if ('data' in result) Toast.show({ content: t('detail.watchRemoved') });
  }

  function move(code: string, step: -1 | 1) {
    const next = moveCode(codes, code, step);
    if (next) void reorder({ codes: next });
  }

  return (
    <div className={common.page} data-testid="watchlist-page">
      <section className={common.section}>
        <header className={common.sectionHead}>
          <span>
            {t('title_watchlist')} <SimulatedBadge />
          </span>
          <button type="button" className={common.link} onClick={() => void navigate(ROUTES.search)} data-testid="watchlist-add">
            + {t('watchlist.add')}
          </button>
        </header>
        {isLoading && <PageState status="loading" />}
        {isError && <PageState status="failed" onRetry={() => void refetch()} />}
        {data?.length === 0 && <PageState status="empty" emptyText={t('watchlist.empty')} />}
        {data?.map((item, index) => (
          <SwipeAction
            key={item.code}
            rightActions={[{ key: 'remove', text: t('watchlist.remove'), color: 'danger', onClick: () => void removeCode(item.code) }]}
          >
            <div className={styles.item} data-testid={`watchlist-item-${item.code}`}>
              <QuoteRow row={item.quote} />
              <div className={styles.tools}>
                <button
                  type="button"
                  aria-label={t('watchlist.up')}
                  disabled={reordering || index === 0}
                  onClick={() => move(item.code, -1)}
                  data-testid={`watchlist-up-${item.code}`}
                >
                  ▲
                </button>
                <button
                  type="button"
                  aria-label={t('watchlist.down')}
                  disabled={reordering || index === codes.length - 1}
                  onClick={() => move(item.code, 1)}
                  data-testid={`watchlist-down-${item.code}`}
                >
                  ▼
                </button>
                <button
                  type="button"
                  aria-label={t('watchlist.remove')}
                  onClick={() => void removeCode(item.code)}
                  data-testid={`watchlist-remove-${item.code}`}
                >
                  ✕
                </button>
              </div>
            </div>
          </SwipeAction>
        ))}
      </section>
      {data && data.length > 0 && (
        <Button fill="none" size="small" onClick={() => navigate(ROUTES.search)}>
          + {t('watchlist.add')}
        </Button>
      )}
    </div>
  );
}

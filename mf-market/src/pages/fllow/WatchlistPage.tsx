// Watchlist (/pages/market/fllow): the user's stocks with live prices. Swipe a row left to
// remove it; the arrows move it up or down (the new order is saved on the server).
import { Button, SwipeAction, Toast } from 'antd-mobile';
import { selectIsLoggedIn, useAppSelector, useNavigate } from '@kabuto/shared-sdk';
import { useGetWatchlistQuery, useRemoveFromWatchlistMutation, useReorderWatchlistMutation } from '../../api/market';
import { ListState } from '../../common/ListState';
import { QuoteRow } from '../../common/QuoteRow';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { useMarketText } from '../../common/texts';
import { LoginToSee } from './WatchlistRows';
import { moveCode } from './reorder';
import common from '../../common/market.module.css';
import styles from './fllow.module.css';

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
    <div className={common.page} data-testid="fllow-page">
      <section className={common.section}>
        <header className={common.sectionHead}>
          <span>
            {t('title_fllow')} <SimulatedBadge />
          </span>
          <button type="button" className={common.link} onClick={() => navigate('/pages/common/search')} data-testid="fllow-add">
            + {t('fllow.add')}
          </button>
        </header>
        {isLoading && <ListState status="loading" />}
        {isError && <ListState status="failed" onRetry={() => void refetch()} />}
        {data?.length === 0 && <ListState status="empty" emptyText={t('fllow.empty')} />}
        {data?.map((item, index) => (
          <SwipeAction key={item.code} rightActions={[{ key: 'remove', text: t('fllow.remove'), color: 'danger', onClick: () => void removeCode(item.code) }]}>
            <div className={styles.item} data-testid={`fllow-item-${item.code}`}>
              <QuoteRow row={item.quote} />
              <div className={styles.tools}>
                <button
                  type="button"
                  aria-label={t('fllow.up')}
                  disabled={reordering || index === 0}
                  onClick={() => move(item.code, -1)}
                  data-testid={`fllow-up-${item.code}`}
                >
                  ▲
                </button>
                <button
                  type="button"
                  aria-label={t('fllow.down')}
                  disabled={reordering || index === codes.length - 1}
                  onClick={() => move(item.code, 1)}
                  data-testid={`fllow-down-${item.code}`}
                >
                  ▼
                </button>
                <button type="button" aria-label={t('fllow.remove')} onClick={() => void removeCode(item.code)} data-testid={`fllow-remove-${item.code}`}>
                  ✕
                </button>
              </div>
            </div>
          </SwipeAction>
        ))}
      </section>
      {data && data.length > 0 && (
        <Button fill="none" size="small" onClick={() => navigate('/pages/common/search')}>
          + {t('fllow.add')}
        </Button>
      )}
    </div>
  );
}

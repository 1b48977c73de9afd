// Watchlist toggle and the buy / sell entries. Orders are placed on the trade screens
// (/pages/common/position, mf-trade), which receive the code and the side.
import { Button, Toast } from 'antd-mobile';
import { selectIsLoggedIn, useAppSelector, useIsOnWatchlistQuery, useNavigate } from '@kabuto/shared-sdk';
import { useAddToWatchlistMutation, useRemoveFromWatchlistMutation } from '../../api/market';
import { useMarketText } from '../../common/texts';
import styles from './details.module.css';

export function tradePath(code: string, side: 'buy' | 'sell'): string {
  return `/pages/common/position?code=${encodeURIComponent(code)}&side=${side}`;
}

export function TradeBar({ code }: { code: string }) {
  const { t } = useMarketText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // The spec's Optionallist lookup answers whether this code is on the list.
  const { data: on, isFetching } = useIsOnWatchlistQuery({ symbol: code }, { skip: !loggedIn });
  const [add, adding] = useAddToWatchlistMutation();
  const [remove, removing] = useRemoveFromWatchlistMutation();
  const busy = isFetching || adding.isLoading || removing.isLoading;

  async function toggle() {
    if (!loggedIn) {
      navigate('/pages/login');
      return;
    }
    const result = on ? await remove({ code }) : await add({ code });
    if ('data' in result) Toast.show({ content: t(on ? 'detail.watchRemoved' : 'detail.watchAdded') });
  }

  return (
    <div className={styles.tradeBar}>
      <Button
        fill="outline"
        size="middle"
        disabled={busy}
        onClick={() => void toggle()}
        data-testid="watch-toggle"
        data-on={on ? 'true' : 'false'}
        className={styles.watch}
      >
        {on ? `★ ${t('detail.removeWatch')}` : `☆ ${t('detail.addWatch')}`}
      </Button>
      <Button className={styles.buy} onClick={() => navigate(tradePath(code, 'buy'))} data-testid="trade-buy">
        {t('detail.buy')}
      </Button>
      <Button className={styles.sell} onClick={() => navigate(tradePath(code, 'sell'))} data-testid="trade-sell">
        {t('detail.sell')}
      </Button>
      <p className={styles.tradeNote}>{t('detail.tradeNote')}</p>
    </div>
  );
}

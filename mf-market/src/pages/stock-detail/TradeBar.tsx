// Watchlist toggle and the buy / sell entries. Buy / sell open mf-trade's order ticket
// below the bar: a widget the shell loads from mf-trade at run time (no build-time import
// between remotes); if mf-trade is down only the ticket's area shows its fallback.
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ROUTES, RemoteWidget, TOAST_MS, getHost, orderTicketFormKey, selectIsLoggedIn, useAppSelector, useIsOnWatchlistQuery } from '@kabuto/shared-sdk';
import { readKeptForm } from '@kabuto/shared-sdk/ui';
import { useNavigate } from 'react-router-dom';
import type { MarketQuote } from '@kabuto/shared-sdk/schemas';
import { useAddToWatchlistMutation, useRemoveFromWatchlistMutation } from '../../api/market';
import { useMarketText } from '../../common/texts';
import styles from './details.module.css';

/** The live quote of the page's stream gives the ticket its best bid / ask. */
export function TradeBar({ code, quote }: { code: string; quote: Pick<MarketQuote, 'bestBid' | 'bestAsk' | 'last'> }) {
  const { t } = useMarketText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // The spec's Optionallist lookup answers whether this code is on the list.
  const { data: on, isFetching } = useIsOnWatchlistQuery({ symbol: code }, { skip: !loggedIn });
  const [add, adding] = useAddToWatchlistMutation();
  const [remove, removing] = useRemoveFromWatchlistMutation();
  const busy = isFetching || adding.isLoading || removing.isLoading;
  // Open again on the side the customer was on when they left the ticket to set a fund password.
  const [side, setSide] = useState<'buy' | 'sell' | null>(() => {
    const kept = readKeptForm<{ side: unknown }>(orderTicketFormKey(code))?.side;
    return kept === 'buy' || kept === 'sell' ? kept : null;
  });

  async function toggle() {
    if (!loggedIn) {
      void navigate(ROUTES.login);
      return;
    }
    const result = on ? await remove({ code }) : await add({ code });
    // The shell's toast (the host port): it loads the kit's Toast on first use, so the page's
    // first screen does not carry it and its animation library.
    if ('data' in result) getHost().toast(t(on ? 'detail.watchRemoved' : 'detail.watchAdded'), TOAST_MS);
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
      <Button className={styles.buy} onClick={() => setSide('buy')} data-testid="trade-buy">
        {t('detail.buy')}
      </Button>
      <Button className={styles.sell} onClick={() => setSide('sell')} data-testid="trade-sell">
        {t('detail.sell')}
      </Button>
      <p className={styles.tradeNote}>{t('detail.tradeNote')}</p>
      {side && (
        <div className={styles.ticket} data-testid="order-ticket-area">
          <RemoteWidget widget="orderTicket" props={{ code, side, bestBid: quote.bestBid, bestAsk: quote.bestAsk, last: quote.last }} />
        </div>
      )}
    </div>
  );
}

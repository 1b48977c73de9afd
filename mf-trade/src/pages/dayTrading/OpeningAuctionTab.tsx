// The opening-auction tab: while an order window before an Itayose is open (08:00–09:00,
// 12:05–12:30, 15:25–15:30 JST) each stock's indicative auction price and volume as the
// simulated TSE's pre-open book builds; outside them, when the next window opens and what
// the day's latest Itayose did. Below, the customer's auction orders (the positions' auction
// tab): after the Itayose they show filled at the auction price, partly, or working on.
import { PageState, formatDateTime, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import type { AuctionBoardRow, AuctionOutcome } from '@kabuto/shared-sdk/schemas';
import { useGetPositionsQuery } from '../../api/trading';
import { formatTenths } from '../../common/format';
import { useTradeText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { PositionRow } from '../../common/PositionRow';
import { BOOK_POLL_MS, useGetAuctionBoardQuery } from './api';

function Outcome({ outcome }: { outcome: AuctionOutcome | null }) {
  const { t } = useTradeText();
  if (!outcome) return <span className={styles.muted}>{t('auction.noResult')}</span>;
  const kind = t(`auction.kindShort.${outcome.kind}`);
  if (outcome.price !== null)
    return (
      <span data-testid="auction-result">
        {t('auction.result', { kind, price: formatTenths(outcome.price), volume: outcome.volume.toLocaleString('en-US') })}
      </span>
    );
  if (outcome.specialQuote !== null)
    return <span data-testid="auction-result">{t('auction.resultSpecial', { kind, price: formatTenths(outcome.specialQuote) })}</span>;
  return <span data-testid="auction-result">{t('auction.resultNone', { kind })}</span>;
}

function BoardRow({ row, live }: { row: AuctionBoardRow; live: boolean }) {
  const { t, lang } = useTradeText();
  const name = lang === 'tw' || lang === 'jp' ? row.name[lang] : row.name.en;
  return (
    <div className={styles.item} data-testid="auction-row" data-code={row.code}>
      <div className={styles.rowHead}>
        <span>
          {name} <span className={styles.muted}>{row.code}</span>
        </span>
        <span className={styles.muted}>
          {t('auction.base')} {formatTenths(row.basePrice)}
        </span>
      </div>
      {live ? (
        <>
          <div className={styles.row}>
            <span>
              {t('auction.indicative')}{' '}
              <strong data-testid="auction-indicative">{row.indicativePrice === null ? t('auction.noCross') : formatTenths(row.indicativePrice)}</strong>
            </span>
            <span className={styles.muted} data-testid="auction-volume">
              {row.indicativeVolume === null ? '' : t('common.shares', { quantity: row.indicativeVolume.toLocaleString('en-US') })}
            </span>
          </div>
          {/* The pre-market view of the building book: its best prices and waiting market orders. */}
          <div className={styles.row} data-testid="auction-book">
            <span className={styles.muted}>{t('auction.book', { bid: formatTenths(row.bestBid), ask: formatTenths(row.bestAsk) })}</span>
            <span className={styles.muted}>
              {row.marketBuyQuantity + row.marketSellQuantity > 0
                ? t('auction.marketOrders', { buy: row.marketBuyQuantity.toLocaleString('en-US'), sell: row.marketSellQuantity.toLocaleString('en-US') })
                : ''}
            </span>
          </div>
        </>
      ) : (
        <div className={styles.row}>
          <Outcome outcome={row.lastAuction} />
        </div>
      )}
    </div>
  );
}

function MyAuctionOrders() {
  const { t } = useTradeText();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data, isLoading, isError, refetch } = useGetPositionsQuery({ tab: 'auction', page: 1, size: 20 }, { skip: !loggedIn, pollingInterval: BOOK_POLL_MS });
  return (
    <section className={styles.card} data-testid="auction-mine">
      <p className={styles.label}>{t('auction.mine')}</p>
      <p className={styles.muted}>{t('auction.mineNote')}</p>
      {!loggedIn ? (
        <p className={styles.muted}>{t('day.loginForOrders')}</p>
      ) : isLoading ? (
        <PageState status="loading" testId="auction-mine-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="auction-mine-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('auction.mineEmpty')} testId="auction-mine-state" />
      ) : (
        data.list.map((row) => <PositionRow key={row.id} row={row} />)
      )}
    </section>
  );
}

export function OpeningAuctionTab() {
  const { t, lang } = useTradeText();
  const { data, isLoading, isError, refetch } = useGetAuctionBoardQuery({ limit: 12 }, { pollingInterval: BOOK_POLL_MS });
  if (isLoading) return <PageState status="loading" testId="auction-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="auction-state" />;
  const w = data.window;
  const windowName = t(`auction.kind.${w.kind}`);
  return (
    <>
      <section className={styles.card} data-testid="auction-window" data-open={w.open ? '1' : '0'} data-kind={w.kind}>
        <div className={styles.rowHead}>
          <span>{w.open ? t('auction.live') : t('auction.closed')}</span>
          <span className={styles.tag}>{t('venue.tse')}</span>
        </div>
        <p className={styles.intro}>
          {w.open
            ? t('auction.windowOpen', { name: windowName, to: formatDateTime(w.to, lang) })
            : t('auction.windowNext', { name: windowName, from: formatDateTime(w.from, lang) })}
        </p>
      </section>
      <section className={styles.card} data-testid="auction-board">
        <p className={styles.label}>{w.open ? t('auction.boardLive') : t('auction.boardLast')}</p>
        {data.items.length === 0 ? (
          <PageState status="empty" emptyText={t('auction.empty')} testId="auction-board-state" />
        ) : (
          data.items.map((row) => <BoardRow key={row.code} row={row} live={w.open} />)
        )}
      </section>
      <MyAuctionOrders />
    </>
  );
}

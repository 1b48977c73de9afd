// Market (ROUTES.market): tabs stocks / watchlist. Stocks shows the gainers and
// losers rankings, the Japanese stock list and the ETF ranking; rows update live. The
// tab is kept in the URL (?tab=watchlist) so back returns to it.
import { TabBar } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { useMarketText } from '../../common/texts';
import { IndexStrip } from '../../common/IndexStrip';
import { RankingList } from './RankingList';
import { StockList } from './StockList';
import { WatchlistRows } from '../../common/WatchlistRows';
import common from '../../common/market.module.css';
import styles from './market.module.css';

const MAIN_TABS = ['stocks', 'watchlist'] as const;
const BOARDS = ['gainers', 'losers', 'japan', 'etf'] as const;
type MainTab = (typeof MAIN_TABS)[number];
type Board = (typeof BOARDS)[number];

function pick<T extends string>(value: string | null, allowed: readonly T[]): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : (allowed[0] as T);
}

export default function MarketPage() {
  const { t } = useMarketText();
  const [params, setParams] = useSearchParams();
  const tab = pick<MainTab>(params.get('tab'), MAIN_TABS);
  const board = pick<Board>(params.get('board'), BOARDS);

  function go(next: { tab?: MainTab; board?: Board }) {
    setParams({ tab: next.tab ?? tab, board: next.board ?? board }, { replace: true });
  }

  return (
    <div className={styles.market} data-testid="market-page">
      <TabBar
        items={MAIN_TABS.map((key) => ({ key, title: <span data-testid={`market-tab-${key}`}>{t(`market.tab.${key}`)}</span> }))}
        activeKey={tab}
        onChange={(key) => go({ tab: key })}
      />
      <div className={styles.badgeLine}>
        <SimulatedBadge />
      </div>
      {tab === 'stocks' ? (
        <>
          <IndexStrip />
          <TabBar
            look="capsule"
            items={BOARDS.map((key) => ({ key, title: <span data-testid={`board-${key}`}>{t(`market.${key}`)}</span> }))}
            activeKey={board}
            onChange={(key) => go({ board: key })}
            className={styles.boards}
          />
          <section className={common.section} data-testid={`board-${board}-list`}>
            <ColumnHead />
            {/* One board at a time: its rows are the only codes streamed. */}
            {board === 'japan' ? <StockList /> : <RankingList type={board === 'etf' ? 'etf' : board} />}
          </section>
        </>
      ) : (
        <section className={common.section} data-testid="market-watchlist">
          <ColumnHead />
          <WatchlistRows />
        </section>
      )}
    </div>
  );
}

function ColumnHead() {
  const { t } = useMarketText();
  return (
    <div className={styles.columns}>
      <span>{t('market.col.name')}</span>
      <span>{t('market.col.last')}</span>
      <span>{t('market.col.change')}</span>
    </div>
  );
}

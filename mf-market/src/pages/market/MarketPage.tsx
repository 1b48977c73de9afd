// Market (ROUTES.market): tabs stocks / watchlist. Stocks shows the gainers and
// losers rankings, the Japanese stock list and the ETF ranking; rows update live. The
// tab is kept in the URL (?tab=watchlist) so back returns to it.
import { CapsuleTabs, Tabs } from 'antd-mobile';
import { useSearchParams } from '@kabuto/shared-sdk';
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
      <Tabs activeKey={tab} onChange={(key) => go({ tab: pick(key, MAIN_TABS) })}>
        <Tabs.Tab key="stocks" title={<span data-testid="market-tab-stocks">{t('market.tab.stocks')}</span>} />
        <Tabs.Tab key="watchlist" title={<span data-testid="market-tab-watchlist">{t('market.tab.watchlist')}</span>} />
      </Tabs>
      <div className={styles.badgeLine}>
        <SimulatedBadge />
      </div>
      {tab === 'stocks' ? (
        <>
          <IndexStrip />
          <CapsuleTabs activeKey={board} onChange={(key) => go({ board: pick(key, BOARDS) })} className={styles.boards}>
            <CapsuleTabs.Tab key="gainers" title={<span data-testid="board-gainers">{t('market.gainers')}</span>} />
            <CapsuleTabs.Tab key="losers" title={<span data-testid="board-losers">{t('market.losers')}</span>} />
            <CapsuleTabs.Tab key="japan" title={<span data-testid="board-japan">{t('market.japan')}</span>} />
            <CapsuleTabs.Tab key="etf" title={<span data-testid="board-etf">{t('market.etf')}</span>} />
          </CapsuleTabs>
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

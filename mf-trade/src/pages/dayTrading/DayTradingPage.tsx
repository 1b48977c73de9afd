// Day trading (/pages/common/dayTrading, the home shortcut: the spec's agreement bidding, named opening auction): the opening auction
// (pre-open book with indicative Itayose prices, the customer's auction orders and their
// results), the after-hours session on the simulated PTS, and block trades (helper-owned
// tab). Every venue here is simulated and says so.
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTradeText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { OpeningAuctionTab } from './OpeningAuctionTab';
import { AfterHoursTab } from './AfterHoursTab';
import BlockTradesTab from './block-trades/BlockTradesTab';

const TABS = ['auction', 'pts', 'block'] as const;
type DayTab = (typeof TABS)[number];

export default function DayTradingPage() {
  const { t } = useTradeText();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: DayTab = TABS.find((k) => k === asked) ?? 'auction';
  return (
    <div className={styles.page} data-testid="day-trading-page">
      <p className={styles.note} data-testid="day-simulated">
        {t('day.simulated')}
      </p>
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`day-tab-${key}`}>{t(`day.tab.${key}`)}</span>} />
        ))}
      </Tabs>
      {tab === 'auction' && <OpeningAuctionTab />}
      {tab === 'pts' && <AfterHoursTab />}
      {tab === 'block' && <BlockTradesTab />}
    </div>
  );
}

// Positions (ROUTES.positions, the trade tab): tabs competition (continuous session) /
// auction / order following (my followings of strategies, in progress / ended), status filters pending / holding /
// closed / cancelled (spec §2, §4), every row with live P&L (quote stream between
// refetches; order, fill and position events refetch through the SDK's user channel).
import { useState } from 'react';
import { PageState, ROUTES, TabBar, formatMoneyText } from '@kabuto/shared-sdk';
import { Link, useSearchParams } from 'react-router-dom';
import type { FollowingStatus, PositionTab, StatusFilter } from '@kabuto/shared-sdk/schemas';
import { useGetFollowingsQuery } from '../../api/strategies';
import { FollowingRow } from '../../common/FollowingRow';
import { useGetBuyingPowerQuery, useGetPositionsQuery, useGetTradeSettingsQuery } from '../../api/trading';
import { FundPasswordSetting } from '../../common/FundPasswordSetting';
import { MarginPanel } from '../../common/MarginPanel';
import { useTradeText } from '../../common/texts';
import { ConditionalOrders } from '../../common/ConditionalOrders';
import { PositionRow } from '../../common/PositionRow';
import { kit as styles } from '@kabuto/shared-sdk/ui';

// The SDK's tab and status lists (schemas/trading.ts), spelt out here: importing the values
// would load the schemas module, and zod with it, with this first screen. The
// `satisfies` fails the build when the SDK's lists gain or lose a member; the order is the page's.
const TAB_KEYS = { competition: true, auction: true, following: true } satisfies Record<PositionTab, true>;
const STATUS_KEYS = { pending: true, holding: true, closed: true, cancelled: true } satisfies Record<StatusFilter, true>;
const FOLLOWING_STATUS_KEYS = { inProgress: true, ended: true } satisfies Record<FollowingStatus, true>;
const FOLLOWING_STATUS_LIST = Object.keys(FOLLOWING_STATUS_KEYS) as FollowingStatus[];
const POSITION_TABS = Object.keys(TAB_KEYS) as PositionTab[];
const STATUS_FILTERS = Object.keys(STATUS_KEYS) as StatusFilter[];

const PAGE_SIZE = 20;

/** One page of the list; the last one offers the next. */
function PositionsChunk({ tab, status, page, last, onMore }: { tab: PositionTab; status: StatusFilter; page: number; last: boolean; onMore: () => void }) {
  const { t } = useTradeText();
  const { data, isLoading, isError, refetch } = useGetPositionsQuery({ tab, status, page, size: PAGE_SIZE });
  if (isLoading) return <PageState status="loading" testId="positions-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="positions-state" />;
  if (page === 1 && data.list.length === 0) return <PageState status="empty" emptyText={t('positions.empty')} testId="positions-state" />;
  return (
    <>
      {data.list.map((row) => (
        <PositionRow row={row} key={row.id} />
      ))}
      {last &&
        (data.hasMore ? (
          <button type="button" className={styles.bestCell} onClick={onMore} data-testid="positions-more">
            {t('positions.more')}
          </button>
        ) : (
          <PageState status="noMore" testId="positions-state" />
        ))}
    </>
  );
}

function PositionsList({ tab, status }: { tab: PositionTab; status: StatusFilter }) {
  const [pages, setPages] = useState(1);
  return (
    <div className={styles.page} style={{ padding: 0 }} data-testid="positions-list" data-tab={tab} data-status={status}>
      {Array.from({ length: pages }, (_, i) => (
        <PositionsChunk key={i} tab={tab} status={status} page={i + 1} last={i + 1 === pages} onMore={() => setPages(pages + 1)} />
      ))}
    </div>
  );
}

/** A row of status chips (tabs); the chosen one in the accent colour, none while `chosen` is null. */
function StatusChips<K extends string>({
  keys,
  chosen,
  onChoose,
  label,
  testId,
  chipTestId,
}: {
  keys: readonly K[];
  chosen: K | null;
  onChoose: (key: K) => void;
  label: (key: K) => string;
  testId: string;
  chipTestId: (key: K) => string;
}) {
  return (
    <div className={styles.actions} role="tablist" data-testid={testId}>
      {keys.map((key) => (
        <button
          type="button"
          role="tab"
          aria-selected={chosen === key}
          key={key}
          className={styles.tag}
          style={{
            padding: '6px 12px',
            fontSize: 13,
            border: 0,
            ...(chosen === key ? { background: 'var(--kabuto-accent, #3ecf8e)', color: '#0b1410' } : {}),
          }}
          onClick={() => onChoose(key)}
          data-testid={chipTestId(key)}
        >
          {label(key)}
        </button>
      ))}
    </div>
  );
}

/** Order following (spec §2: in progress / ended): my followings of strategies, each opening its detail with the mirrored orders. */
function FollowingTab() {
  const { t } = useTradeText();
  const [status, setStatus] = useState<FollowingStatus>('inProgress');
  const { data, isLoading, isError, refetch } = useGetFollowingsQuery({ status, page: 1, size: PAGE_SIZE });
  return (
    <div data-testid="positions-following">
      <p className={styles.muted} style={{ margin: '0 0 6px' }} data-testid="positions-following-explain">
        {t('positions.followingExplain')}
      </p>
      <Link to={ROUTES.strategies} data-testid="positions-strategies-link">
        {t('positions.browseStrategies')}
      </Link>
      <StatusChips
        keys={FOLLOWING_STATUS_LIST}
        chosen={status}
        onChoose={setStatus}
        label={(key) => t(`following.status.${key}`)}
        testId="positions-following-status"
        chipTestId={(key) => `positions-following-${key}`}
      />
      {isLoading ? (
        <PageState status="loading" testId="positions-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="positions-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('positions.followingEmpty')} testId="positions-state" />
      ) : (
        data.list.map((row) => <FollowingRow row={row} key={row.id} />)
      )}
    </div>
  );
}

function BuyingPowerLine() {
  const { t } = useTradeText();
  const { data } = useGetBuyingPowerQuery();
  if (!data) return null;
  return (
    <p className={styles.muted} data-testid="positions-buying-power">
      {t('positions.buyingPower', { amount: formatMoneyText(data.buyingPower) })}
    </p>
  );
}

/** The trade tab's settings: the session's fund-password skip. */
function TradeSettingsCard() {
  const { data } = useGetTradeSettingsQuery();
  if (!data) return null;
  return <FundPasswordSetting skipping={data.skipFundPassword} />;
}

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && value in STATUS_KEYS;
}

/**
 * The status list to open on when the address names none: Pending while the customer has orders
 * waiting, else Holdings. Straight after a buy that filled, Pending is empty and the new holding is
 * what the customer came to see. Reads the same first page the Pending list shows (one request).
 */
function useDefaultStatus(tab: PositionTab, chosen: StatusFilter | null): StatusFilter | null {
  const { data, isError } = useGetPositionsQuery({ tab, status: 'pending', page: 1, size: PAGE_SIZE }, { skip: chosen !== null || tab === 'following' });
  if (chosen !== null) return chosen;
  if (isError) return 'pending';
  if (!data) return null;
  return data.list.length > 0 ? 'pending' : 'holding';
}

export default function PositionsPage() {
  const { t } = useTradeText();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<PositionTab>('competition');
  // The address may name the list: the ticket's "see it in Positions" names where the new order
  // is; a stock's "sell what you hold" opens on the holdings. Otherwise useDefaultStatus decides.
  const named = params.get('status');
  const [chosen, setChosen] = useState<StatusFilter | null>(isStatusFilter(named) ? named : params.get('side') === 'sell' ? 'holding' : null);
  const status = useDefaultStatus(tab, chosen);
  const setStatus = (key: StatusFilter) => setChosen(key);

  return (
    <div className={styles.page} data-testid="positions-page">
      <p className={styles.note}>{t('common.simulated')}</p>
      <BuyingPowerLine />
      <MarginPanel />
      <ConditionalOrders />
      <TabBar
        items={POSITION_TABS.map((key) => ({ key, title: <span data-testid={`positions-tab-${key}`}>{t(`positions.tab.${key}`)}</span> }))}
        activeKey={tab}
        onChange={setTab}
        testId="positions-tabs"
      />
      {tab === 'following' ? (
        <FollowingTab />
      ) : (
        <>
          {tab === 'auction' && <p className={styles.muted}>{t('positions.auctionNote')}</p>}
          <StatusChips
            keys={STATUS_FILTERS}
            chosen={status}
            onChoose={setStatus}
            label={(key) => t(`positions.status.${key}`)}
            testId="positions-status"
            chipTestId={(key) => `positions-status-${key}`}
          />
          {status === null ? <PageState status="loading" testId="positions-state" /> : <PositionsList key={`${tab}-${status}`} tab={tab} status={status} />}
        </>
      )}
      <TradeSettingsCard />
    </div>
  );
}

// Fund records (ROUTES.fundRecords): tabs trade / deposit / withdraw (spec
// §2) and the transaction records — every posting on the customer's accounts. Each tab
// is paginated with the spec's list states and pull to refresh.
import { Tabs } from 'antd-mobile';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type {
  DepositRecord,
  DepositRecordsPage,
  Page,
  PostingItem,
  TradeRecord,
  TransactionsPage,
  WithdrawalRecord,
  WithdrawalRecordsPage,
} from '@kabuto/shared-sdk/schemas';
import { useLazyGetDepositRecordsQuery, useLazyGetTradeRecordsQuery, useLazyGetTransactionsQuery, useLazyGetWithdrawalRecordsQuery } from '../../api/funds';
import { usePagedList } from '../../common/paged-list';
import { PagedListView } from '../../common/PagedListView';
import { PostingRow } from '../../common/PostingRow';
import { DepositRow, Totals, TradeRow, WithdrawalRow } from '../../common/RecordRows';
import { useFundsText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

const TABS = ['trade', 'deposit', 'withdraw', 'postings'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;

function TradeTab() {
  const [trigger] = useLazyGetTradeRecordsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: PAGE_SIZE }).unwrap(), [trigger]);
  const list = usePagedList<TradeRecord, Page<TradeRecord>>(fetchPage);
  return <PagedListView list={list} testId="trade-list" itemKey={(r) => r.id} renderItem={(r) => <TradeRow record={r} />} />;
}

function DepositTab() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetDepositRecordsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: PAGE_SIZE }).unwrap(), [trigger]);
  const list = usePagedList<DepositRecord, DepositRecordsPage>(fetchPage);
  return (
    <>
      <Totals label={t('records.approvedTotal')} totals={list.last?.totals ?? []} testId="deposit-totals" />
      <PagedListView list={list} testId="deposit-list" itemKey={(r) => r.id} renderItem={(r) => <DepositRow record={r} />} />
    </>
  );
}

function WithdrawTab() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetWithdrawalRecordsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: PAGE_SIZE }).unwrap(), [trigger]);
  const list = usePagedList<WithdrawalRecord, WithdrawalRecordsPage>(fetchPage);
  return (
    <>
      <Totals label={t('records.paidTotal')} totals={list.last?.totals ?? []} testId="withdraw-totals" />
      <PagedListView list={list} testId="withdraw-list" itemKey={(r) => r.id} renderItem={(r) => <WithdrawalRow record={r} />} />
    </>
  );
}

function PostingsTab() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetTransactionsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: PAGE_SIZE }).unwrap(), [trigger]);
  const list = usePagedList<PostingItem, TransactionsPage>(fetchPage);
  return (
    <>
      <Totals label={t('records.postingsTotal')} totals={list.last?.totals ?? []} testId="postings-totals" />
      <PagedListView list={list} testId="transactions-list" itemKey={(p) => p.id} renderItem={(p) => <PostingRow posting={p} />} />
    </>
  );
}

const PANES: Readonly<Record<Tab, () => React.JSX.Element>> = {
  trade: TradeTab,
  deposit: DepositTab,
  withdraw: WithdrawTab,
  postings: PostingsTab,
};

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

export default function FundRecordsPage() {
  const { t } = useFundsText();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = isTab(wanted) ? wanted : 'trade';
  const Pane = PANES[tab];
  return (
    <div className={styles.page} data-testid="fund-records">
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`tab-${key}`}>{t(`tab.${key}`)}</span>} />
        ))}
      </Tabs>
      {/* One pane at a time, remounted per tab: each opens on its page 1. */}
      <Pane key={tab} />
    </div>
  );
}

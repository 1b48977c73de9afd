// Exchange records (ROUTES.exchangeRecords): the customer's currency exchanges, newest
// first, from the trade tab of the fund records (journal type `exchange`); paginated
// with the spec's list states and pull to refresh.
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { ROUTES } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { Page, TradeRecord } from '@kabuto/shared-sdk/schemas';
import { useLazyGetTradeRecordsQuery } from '../../api/funds';
import { usePagedList } from '../../common/paged-list';
import { PagedListView } from '../../common/PagedListView';
import { TradeRow } from '../../common/RecordRows';
import { useFundsText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

/** The trade tab holds every non-deposit/withdrawal entry; this page shows its exchanges. */
export function onlyExchanges(page: Page<TradeRecord>): Page<TradeRecord> {
  return { ...page, list: page.list.filter((record) => record.type === 'exchange') };
}

export default function ExchangeRecordsPage() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const [trigger] = useLazyGetTradeRecordsQuery();
  const fetchPage = useCallback(async (page: number) => onlyExchanges(await trigger({ page, size: 50 }).unwrap()), [trigger]);
  const list = usePagedList<TradeRecord, Page<TradeRecord>>(fetchPage);
  return (
    <div className={styles.page} data-testid="exchange-records">
      <PagedListView list={list} testId="exchange-list" itemKey={(r) => r.id} renderItem={(r) => <TradeRow record={r} />} />
      <Button block color="primary" onClick={() => navigate(ROUTES.exchange)}>
        {t('nav.exchange')}
      </Button>
    </div>
  );
}

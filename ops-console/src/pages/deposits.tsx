// The deposit queue: deposits by state, each pending one approved (credits the wallet through
// the ledger on the server) or rejected with a reason the customer sees.
import { useTranslate } from '@refinedev/core';
import { DecisionButtons } from '../components/ActionButton';
import { ListPage } from '../components/ListPage';
import { PrivateImages } from '../components/PrivateImage';
import { useStateQueue } from '../components/StateFilter';
import { moneyText, when, type MoneyView } from './money';

interface DepositRow {
  id: number;
  account: string;
  channelId: string;
  amount: MoneyView;
  proofKey: string | null;
  state: string;
  rejectReason: string | null;
  createdAt: string;
  autoApproveAt: string | null;
}

const STATES = ['pending', 'approved', 'rejected'] as const;

export function DepositsPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<DepositRow, (typeof STATES)[number]>('deposits', STATES);
  return (
    <ListPage<DepositRow>
      resource="deposits"
      title={t('deposits.title')}
      rowKey="id"
      list={list}
      testId="deposits-table"
      toolbar={toolbar}
      columns={[
        { title: t('common.id'), dataIndex: 'id' },
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('common.amount'), key: 'amount', render: (_, row) => moneyText(row.amount) },
        { title: t('deposits.channel'), dataIndex: 'channelId' },
        { title: t('common.created'), key: 'createdAt', render: (_, row) => when(row.createdAt) },
        { title: t('deposits.proof'), key: 'proof', render: (_, row) => <PrivateImages keys={[row.proofKey]} label={t('deposits.openProof')} /> },
        { title: t('common.reason'), dataIndex: 'rejectReason' },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_, row) =>
            row.state === 'pending' ? <DecisionButtons resource="deposits" id={row.id} onDone={list.refetch} testIdPrefix="deposit" /> : null,
        },
      ]}
    />
  );
}

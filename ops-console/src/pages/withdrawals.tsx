// The withdrawal queue: the full account number to make the transfer, then mark paid; or reject
// (the frozen amount returns to the customer on the server).
import { useTranslate } from '@refinedev/core';
import { DecisionButtons } from '../components/ActionButton';
import { ListPage } from '../components/ListPage';
import { useStateQueue } from '../components/StateFilter';
import { moneyText, when, type MoneyView } from './money';

interface WithdrawalRow {
  id: number;
  account: string;
  accountNumber: string;
  amount: MoneyView;
  card: { bankName: string; branchName: string; holderName: string };
  state: string;
  rejectReason: string | null;
  createdAt: string;
  reviewBy: string;
}

const STATES = ['pending', 'paid', 'rejected'] as const;

export function WithdrawalsPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<WithdrawalRow, (typeof STATES)[number]>('withdrawals', STATES);
  return (
    <ListPage<WithdrawalRow>
      resource="withdrawals"
      title={t('withdrawals.title')}
      rowKey="id"
      list={list}
      toolbar={toolbar}
      columns={[
        { title: t('common.id'), dataIndex: 'id' },
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('common.amount'), key: 'amount', render: (_, row) => moneyText(row.amount) },
        { title: t('withdrawals.bank'), key: 'bank', render: (_, row) => `${row.card.bankName} ${row.card.branchName}` },
        { title: t('withdrawals.accountNumber'), dataIndex: 'accountNumber' },
        { title: t('withdrawals.holder'), key: 'holder', render: (_, row) => row.card.holderName },
        { title: t('common.created'), key: 'createdAt', render: (_, row) => when(row.createdAt) },
        { title: t('withdrawals.reviewBy'), key: 'reviewBy', render: (_, row) => when(row.reviewBy) },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_, row) =>
            row.state === 'pending' ? (
              <DecisionButtons resource="withdrawals" id={row.id} accept="pay" acceptLabel={t('withdrawals.pay')} onDone={list.refetch} />
            ) : (
              row.rejectReason
            ),
        },
      ]}
    />
  );
}

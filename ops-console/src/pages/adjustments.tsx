// Balance adjustments under four eyes: a reviewer proposes (nothing moves), another operator
// approves (the server posts it through the ledger) — the server refuses the proposer, and
// that refusal is shown as it comes.
import { useTranslate } from '@refinedev/core';
import { Form, Input, Typography } from 'antd';
import { DecisionButtons } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { ListPage } from '../components/ListPage';
import { useStateQueue } from '../components/StateFilter';
import { moneyText, when, type MoneyView } from './money';

interface AdjustmentRow {
  id: number;
  account: string | null;
  userId: number;
  amount: MoneyView;
  reason: string;
  state: string;
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decisionReason: string | null;
}

const STATES = ['proposed', 'approved', 'rejected'] as const;

export function AdjustmentsPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<AdjustmentRow, (typeof STATES)[number]>('adjustments', STATES);
  return (
    <>
      <CreateForm
        resource="adjustments"
        title={t('adjustments.propose')}
        onDone={list.refetch}
        initialValues={{ currency: 'JPY' }}
        note={<Typography.Paragraph type="secondary">{t('adjustments.fourEyes')}</Typography.Paragraph>}
        testId="adjustment-form"
      >
        <Form.Item name="account" label={t('common.account')} rules={[{ required: true }]}>
          <Input style={{ width: 140 }} data-testid="adjustment-account" />
        </Form.Item>
        <Form.Item name="currency" label={t('adjustments.currency')} rules={[{ required: true }]}>
          <Input style={{ width: 80 }} maxLength={3} />
        </Form.Item>
        <Form.Item name="amount" label={t('common.amount')} tooltip={t('adjustments.amountHint')} rules={[{ required: true }]}>
          <Input style={{ width: 120 }} data-testid="adjustment-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
          <Input style={{ width: 220 }} data-testid="adjustment-reason" />
        </Form.Item>
      </CreateForm>
      <ListPage<AdjustmentRow>
        resource="adjustments"
        title={t('adjustments.title')}
        rowKey="id"
        list={list}
        testId="adjustments-table"
        toolbar={toolbar}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.account'), dataIndex: 'account', render: (account: string | null, row) => account ?? `#${row.userId}` },
          { title: t('common.amount'), key: 'amount', render: (_, row) => moneyText(row.amount) },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('adjustments.proposedBy'), dataIndex: 'proposedBy' },
          { title: t('common.created'), key: 'proposedAt', render: (_, row) => when(row.proposedAt) },
          { title: t('adjustments.decidedBy'), key: 'decided', render: (_, row) => (row.decidedBy ? `${row.decidedBy} ${row.decisionReason ?? ''}` : '—') },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) =>
              row.state === 'proposed' ? <DecisionButtons resource="adjustments" id={row.id} onDone={list.refetch} testIdPrefix="adjustment" /> : null,
          },
        ]}
      />
    </>
  );
}

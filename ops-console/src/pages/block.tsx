// Block trades: the broker's inventory (stock it at a cost) and its offers (publish one at a
// percent of the previous close, close it); prices and costs as the server computes them.
import { useTranslate } from '@refinedev/core';
import { Form, Input, InputNumber } from 'antd';
import { ActionButton } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { ListPage, useOpsList } from '../components/ListPage';
import { when } from './money';

interface InventoryRow {
  code: string;
  shares: number;
  cost: string;
  updatedAt: string;
}

interface OfferRow {
  id: number;
  code: string;
  price: string;
  rule: { percent: string };
  status: string;
  quantity: number;
  sold: number;
  windowEnd: string;
  closedAt: string | null;
  createdBy: string;
}

export function BlockPage() {
  const t = useTranslate();
  const inventory = useOpsList<InventoryRow>('blockInventory');
  const offers = useOpsList<OfferRow>('blockOffers');
  const num = (name: string, label: string, required = true, initial?: number) => (
    <Form.Item name={name} label={label} rules={[{ required }]} initialValue={initial}>
      <InputNumber style={{ width: 110 }} />
    </Form.Item>
  );
  return (
    <>
      <CreateForm resource="blockInventory" title={t('block.stock')} onDone={inventory.refetch}>
        <Form.Item name="code" label={t('common.code')} rules={[{ required: true }]}>
          <Input style={{ width: 80 }} />
        </Form.Item>
        {num('shares', t('block.shares'))}
        {num('costYen', t('block.cost'), false)}
        <Form.Item name="reason" label={t('common.optionalReason')}>
          <Input style={{ width: 200 }} />
        </Form.Item>
      </CreateForm>
      <ListPage<InventoryRow>
        resource="blockInventory"
        title={t('block.inventory')}
        rowKey="code"
        list={inventory}
        columns={[
          { title: t('common.code'), dataIndex: 'code' },
          { title: t('block.shares'), dataIndex: 'shares' },
          { title: t('block.cost'), dataIndex: 'cost' },
          { title: t('common.created'), key: 'updatedAt', render: (_, row) => when(row.updatedAt) },
        ]}
      />
      <div style={{ height: 16 }} />
      <CreateForm resource="blockOffers" title={t('block.publish')} onDone={offers.refetch}>
        <Form.Item name="code" label={t('common.code')} rules={[{ required: true }]}>
          <Input style={{ width: 80 }} />
        </Form.Item>
        {num('percent', t('block.percent'))}
        {num('quantity', t('block.quantity'))}
        {num('dailyLimit', t('block.daily'))}
        {num('maxPerCustomer', t('block.max'))}
        {num('windowEnd', t('block.closesIn'), true, 3600)}
        <Form.Item name="reason" label={t('common.optionalReason')}>
          <Input style={{ width: 200 }} />
        </Form.Item>
      </CreateForm>
      <ListPage<OfferRow>
        resource="blockOffers"
        title={t('block.offers')}
        rowKey="id"
        list={offers}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.code'), dataIndex: 'code' },
          { title: t('block.price'), dataIndex: 'price' },
          { title: t('block.percent'), key: 'percent', render: (_, row) => row.rule.percent },
          { title: t('common.status'), dataIndex: 'status' },
          { title: t('block.quantity'), dataIndex: 'quantity' },
          { title: t('block.sold'), dataIndex: 'sold' },
          { title: t('block.closesIn'), key: 'windowEnd', render: (_, row) => when(row.closedAt ?? row.windowEnd) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) =>
              row.closedAt ? null : (
                <ActionButton
                  resource="blockOffers"
                  action="close"
                  params={{ id: row.id }}
                  label={t('block.close')}
                  reason="optional"
                  danger
                  onDone={offers.refetch}
                />
              ),
          },
        ]}
      />
    </>
  );
}

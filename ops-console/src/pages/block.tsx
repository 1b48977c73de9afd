// Block trades: the broker's inventory (stock it at a cost) and its offers (publish one at a
// percent of the previous close, close it); prices and costs as the server computes them.
import { useTranslate } from '@refinedev/core';
import { ActionButton } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { NumberField, OptionalReasonField, TextField } from '../components/fields';
import { ListPage, useOpsList } from '../components/ListPage';
import { when } from './money';
import { enumText } from '../i18n/enum-text';

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
  return (
    <>
      <CreateForm resource="blockInventory" title={t('block.stock')} onDone={inventory.refetch}>
        <TextField name="code" label={t('common.code')} width={80} />
        <NumberField name="shares" label={t('block.shares')} />
        <NumberField name="costYen" label={t('block.cost')} required={false} />
        <OptionalReasonField />
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
        <TextField name="code" label={t('common.code')} width={80} />
        <NumberField name="percent" label={t('block.percent')} />
        <NumberField name="quantity" label={t('block.quantity')} />
        <NumberField name="dailyLimit" label={t('block.daily')} />
        <NumberField name="maxPerCustomer" label={t('block.max')} />
        <NumberField name="windowEnd" label={t('block.closesIn')} initial={3600} />
        <OptionalReasonField />
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
          { title: t('common.status'), dataIndex: 'status', render: (status: string) => enumText(t, 'block', status) },
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

// IPO issues: create one (dates in seconds from now on the business clock, as the server takes
// them), then fix the offer price, close book-building, draw, and list — each step the server's.
import { useTranslate } from '@refinedev/core';
import { Form, InputNumber, Space } from 'antd';
import { ActionButton } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { NumberField, OptionalReasonField, TextField } from '../components/fields';
import { ListPage, useOpsList } from '../components/ListPage';
import { when } from './money';
import { enumText } from '../i18n/enum-text';

interface IssueRow {
  code: string;
  names: { tw: string; jp: string; en: string };
  status: string;
  priceLower: number;
  priceUpper: number;
  offerPrice: number | null;
  unitsAvailable: number;
  bookBuildingEnd: string;
  lotteryAt: string;
  listingAt: string;
  drawnAt: string | null;
  listedAt: string | null;
}

function toCreateBody(values: Record<string, unknown>): Record<string, unknown> {
  const { nameJp, nameEn, nameTw, ...rest } = values;
  return { ...rest, names: { jp: nameJp, en: nameEn, tw: nameTw } };
}

export function IpoPage() {
  const t = useTranslate();
  const list = useOpsList<IssueRow>('ipo');
  return (
    <>
      <CreateForm resource="ipo" title={t('ipo.create')} toBody={toCreateBody} onDone={list.refetch}>
        <TextField name="code" label={t('common.code')} width={80} />
        <TextField name="nameJp" label={t('ipo.nameJp')} />
        <TextField name="nameEn" label={t('ipo.nameEn')} />
        <TextField name="nameTw" label={t('ipo.nameTw')} />
        <NumberField name="priceLower" label={t('ipo.lower')} />
        <NumberField name="priceUpper" label={t('ipo.upper')} />
        <NumberField name="unitsAvailable" label={t('ipo.units')} />
        <NumberField name="maxUnitsPerCustomer" label={t('ipo.maxUnits')} />
        <NumberField name="bookBuildingStart" label={t('ipo.opensIn')} initial={0} />
        <NumberField name="bookBuildingEnd" label={t('ipo.closesIn')} initial={600} />
        <NumberField name="lotteryAt" label={t('ipo.drawIn')} initial={660} />
        <NumberField name="paymentDeadline" label={t('ipo.payIn')} initial={3600} />
        <NumberField name="listingAt" label={t('ipo.listIn')} initial={7200} />
        <OptionalReasonField />
      </CreateForm>
      <ListPage<IssueRow>
        resource="ipo"
        title={t('ipo.title')}
        rowKey="code"
        list={list}
        columns={[
          { title: t('common.code'), dataIndex: 'code' },
          { title: t('operators.name'), key: 'name', render: (_, row) => row.names.en },
          { title: t('common.status'), dataIndex: 'status', render: (status: string) => enumText(t, 'ipo', status) },
          { title: t('ipo.range'), key: 'range', render: (_, row) => `${row.priceLower}–${row.priceUpper}` },
          { title: t('ipo.offerPrice'), dataIndex: 'offerPrice' },
          { title: t('ipo.units'), dataIndex: 'unitsAvailable' },
          { title: t('ipo.draw'), key: 'lotteryAt', render: (_, row) => when(row.drawnAt ?? row.lotteryAt) },
          { title: t('ipo.listing'), key: 'listingAt', render: (_, row) => when(row.listedAt ?? row.listingAt) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space wrap>
                <ActionButton
                  resource="ipo"
                  action="price"
                  params={{ code: row.code }}
                  label={t('ipo.price')}
                  reason="optional"
                  onDone={list.refetch}
                  fields={
                    <Form.Item name="price" label={t('ipo.offerPrice')} rules={[{ required: true }]}>
                      <InputNumber min={1} />
                    </Form.Item>
                  }
                />
                <ActionButton resource="ipo" action="close" params={{ code: row.code }} label={t('ipo.close')} reason="optional" onDone={list.refetch} />
                <ActionButton resource="ipo" action="draw" params={{ code: row.code }} label={t('ipo.draw')} reason="optional" onDone={list.refetch} />
                <ActionButton resource="ipo" action="listing" params={{ code: row.code }} label={t('ipo.listing')} reason="optional" onDone={list.refetch} />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

// Investment trusts (docs/strategies.md "Investment trust"): every trust with its last NAV, and
// setting one up to follow a strategy (audited with the reason). The fee and minimum go to the
// server as typed: its refusal (fee above the cap, a retired strategy, …) is what the operator sees.
import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input } from 'antd';
import type { TrustView } from '@kabuto/shared-sdk/schemas';
import { CreateForm } from '../components/CreateForm';
import { NumberField, TextField } from '../components/fields';
import { ListPage, useOpsList } from '../components/ListPage';
import { enumText } from '../i18n/enum-text';
import { moneyText } from './money';

export function TrustsPage() {
  const t = useTranslate();
  const list = useOpsList<TrustView>('trusts');
  return (
    <>
      <Alert type="warning" showIcon message={t('trusts.simulated')} style={{ marginBottom: 16 }} data-testid="trusts-simulated" />
      <CreateForm
        resource="trusts"
        title={t('trusts.create')}
        onDone={list.refetch}
        testId="trust-form"
        note={<p style={{ marginTop: 0 }}>{t('trusts.createNote')}</p>}
      >
        <NumberField name="strategyId" label={t('trusts.strategyId')} />
        <TextField name="name" label={t('trusts.name')} width={200} />
        <NumberField name="feeBpPerYear" label={t('trusts.feeBp')} />
        <TextField name="minimumYen" label={t('trusts.minimum')} width={120} />
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
          <Input style={{ width: 220 }} maxLength={500} data-testid="trust-reason" />
        </Form.Item>
      </CreateForm>
      <ListPage<TrustView>
        resource="trusts"
        title={t('trusts.title')}
        rowKey="id"
        list={list}
        testId="trusts-table"
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('trusts.name'), dataIndex: 'name' },
          { title: t('trusts.strategy'), key: 'strategy', render: (_, row) => `#${row.strategyId} ${row.strategyName}` },
          { title: t('common.status'), key: 'status', render: (_, row) => enumText(t, 'trustStatus', row.status) },
          { title: t('trusts.fee'), key: 'fee', render: (_, row) => `${row.feePercentPerYear} %` },
          { title: t('trusts.minimum'), key: 'minimum', render: (_, row) => moneyText(row.minimum) },
          {
            title: t('trusts.lastNav'),
            key: 'nav',
            render: (_, row) =>
              row.last
                ? t('trusts.navOn', { nav: moneyText(row.last.nav), date: row.last.date, netAssets: moneyText(row.last.netAssets), units: row.last.units })
                : t('trusts.noNav'),
          },
          { title: t('trusts.feesAccrued'), key: 'feesAccrued', render: (_, row) => moneyText(row.feesAccrued) },
        ]}
      />
    </>
  );
}

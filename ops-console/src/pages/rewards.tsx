// Reward campaigns (docs/api/rewards.md "Operator"): grant a campaign coupon to customers, and a
// customer's coupons by state. The server grants one customer per call (once per customer and
// campaign, audited in the same transaction), so a campaign for several accounts is one call per
// account, each answer or refusal shown against its account. A coupon never conditions a
// withdrawal, a deposit or access to money (docs/dividends.md).
import { useState } from 'react';
import { useCan, useCreate, useOne, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { COUPON_KINDS, type CouponsAnswer, type CouponView } from '@kabuto/shared-sdk/schemas';
import { DisabledWithReason } from '../components/ActionButton';
import { enumText } from '../i18n/enum-text';
import type { OpsHttpError } from '../providers/data-provider';
import { moneyText, when } from './money';

interface GrantOutcome {
  account: string;
  coupon: CouponView | null;
  refusal: string | null;
}

/** The accounts as typed: one per line, or separated by commas or spaces; each once. */
function accountsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((a) => a !== ''))];
}

function GrantForm() {
  const t = useTranslate();
  const { data: access } = useCan({ resource: 'campaignCoupons', action: 'create' });
  const { mutateAsync } = useCreate<CouponView & { [key: string]: unknown }, OpsHttpError>();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<GrantOutcome[]>([]);
  const allowed = access?.can === true;

  async function submit(values: Record<string, string | undefined>) {
    const { accounts = '', ...rest } = values;
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rest)) if (value !== undefined && value !== '') body[name] = value;
    setBusy(true);
    const done: GrantOutcome[] = [];
    // One after another: each grant is its own audited transaction, and the list shows them in order.
    for (const account of accountsOf(accounts)) {
      try {
        const answer = await mutateAsync({
          resource: 'campaignCoupons',
          values: { ...body, account },
          successNotification: false,
          errorNotification: false,
        });
        done.push({ account, coupon: answer.data, refusal: null });
      } catch (error) {
        done.push({ account, coupon: null, refusal: (error as OpsHttpError).message });
      }
      setOutcomes([...done]);
    }
    setBusy(false);
  }

  const submitButton = (
    <Button type="primary" htmlType="submit" disabled={!allowed} loading={busy} data-testid="grant-submit">
      {t('common.submit')}
    </Button>
  );
  return (
    <Card size="small" title={t('rewards.grant')} style={{ marginBottom: 16 }} data-testid="grant-form">
      <Alert type="info" message={t('rewards.never')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" disabled={!allowed} onFinish={(values) => void submit(values)} initialValues={{ kind: 'cash' }}>
        <Space wrap align="start">
          <Form.Item name="accounts" label={t('rewards.accounts')} extra={t('rewards.accountsHint')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={3} style={{ width: 220 }} data-testid="grant-accounts" />
          </Form.Item>
          <Form.Item name="kind" label={t('rewards.kind')} rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={COUPON_KINDS.map((k) => ({ value: k, label: enumText(t, 'couponKind', k) }))} data-testid="grant-kind" />
          </Form.Item>
          <Form.Item name="value" label={t('rewards.value')} rules={[{ required: true }]}>
            <Input style={{ width: 120 }} data-testid="grant-value" />
          </Form.Item>
          <Form.Item name="minOrderValue" label={t('rewards.minOrder')} extra={t('rewards.minOrderHint')}>
            <Input style={{ width: 140 }} data-testid="grant-min-order" />
          </Form.Item>
          <Form.Item name="expiresOn" label={t('rewards.expiresOn')} rules={[{ required: true }]}>
            <Input type="date" style={{ width: 160 }} data-testid="grant-expires" />
          </Form.Item>
          <Form.Item name="campaign" label={t('rewards.campaign')} rules={[{ required: true, whitespace: true }]}>
            <Input style={{ width: 180 }} maxLength={60} data-testid="grant-campaign" />
          </Form.Item>
          <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
            <Input style={{ width: 220 }} maxLength={200} data-testid="grant-reason" />
          </Form.Item>
        </Space>
        <Form.Item>{allowed || !access?.reason ? submitButton : <DisabledWithReason reason={access.reason}>{submitButton}</DisabledWithReason>}</Form.Item>
      </Form>
      {!allowed && access?.reason ? <Alert type="info" message={access.reason} /> : null}
      {outcomes.length ? (
        <Table<GrantOutcome>
          size="small"
          rowKey="account"
          dataSource={outcomes}
          pagination={false}
          data-testid="grant-outcomes"
          columns={[
            { title: t('common.account'), dataIndex: 'account' },
            {
              title: t('rewards.outcome'),
              key: 'outcome',
              render: (_, row) =>
                row.coupon ? (
                  <span data-testid={`granted-${row.account}`}>
                    {t('rewards.granted', { id: row.coupon.id, value: moneyText(row.coupon.value), expiresOn: row.coupon.expiresOn })}
                  </span>
                ) : (
                  <Alert type="error" showIcon message={t('common.refused')} description={row.refusal} data-testid={`refused-${row.account}`} />
                ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

type CouponRow = CouponView;

function CustomerCoupons() {
  const t = useTranslate();
  const [draft, setDraft] = useState('');
  const [account, setAccount] = useState('');
  // The coupons route takes the user id; the users route answers it for the account.
  const user = useOne<{ id: number; account: string }, OpsHttpError>({
    resource: 'users',
    id: account,
    queryOptions: { enabled: account !== '' },
    errorNotification: false,
  });
  const userId = user.result?.id;
  const coupons = useOne<CouponsAnswer & { [key: string]: unknown }, OpsHttpError>({
    resource: 'coupons',
    id: userId ?? '',
    queryOptions: { enabled: userId !== undefined },
    errorNotification: false,
  });
  const answer = coupons.result;
  const rows: CouponRow[] = answer ? [...answer.usable, ...answer.used, ...answer.expired] : [];
  const error = user.query.error ?? coupons.query.error;
  return (
    <Card
      title={t('rewards.coupons')}
      extra={
        <Space>
          <Input
            aria-label={t('common.account')}
            placeholder={t('common.account')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => setAccount(draft.trim())}
            style={{ width: 160 }}
            data-testid="coupons-account"
          />
          <Button type="primary" onClick={() => setAccount(draft.trim())} data-testid="coupons-search">
            {t('common.search')}
          </Button>
          <Button onClick={() => void coupons.query.refetch()} disabled={userId === undefined}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      {error ? (
        <Alert type="error" showIcon message={t('common.refused')} description={error.message} data-testid="list-refusal" style={{ marginBottom: 12 }} />
      ) : null}
      <Table<CouponRow>
        size="small"
        rowKey="id"
        dataSource={rows}
        loading={account !== '' && (user.query.isFetching || coupons.query.isFetching)}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="coupons-table"
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.state'), dataIndex: 'state', render: (state: string) => <Tag>{enumText(t, 'couponState', state)}</Tag> },
          { title: t('rewards.kind'), dataIndex: 'kind', render: (kind: string) => enumText(t, 'couponKind', kind) },
          { title: t('rewards.value'), key: 'value', render: (_, row) => moneyText(row.value) },
          { title: t('rewards.minOrder'), key: 'minOrderValue', render: (_, row) => moneyText(row.minOrderValue) },
          { title: t('rewards.source'), key: 'source', render: (_, row) => `${enumText(t, 'couponSource', row.source)} (${row.sourceDetail})` },
          { title: t('rewards.expiresOn'), dataIndex: 'expiresOn' },
          { title: t('rewards.used'), key: 'used', render: (_, row) => (row.usedAt ? `${when(row.usedAt)} · ${row.usedFor ?? ''}` : t('common.none')) },
        ]}
      />
    </Card>
  );
}

export function RewardsPage() {
  return (
    <>
      <GrantForm />
      <CustomerCoupons />
    </>
  );
}

// Users: search by account digits, then one user's detail — restrictions (the internal note
// and the customer's text side by side), unlock, VIP level, role, wallet, and their audit trail.
import { useState } from 'react';
import { useOne, useTranslate } from '@refinedev/core';
import { Alert, Card, Col, Descriptions, Form, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import { Link, useParams } from 'react-router-dom';
import type { Wallet } from '@kabuto/shared-sdk/schemas';
import { ActionButton } from '../components/ActionButton';
import { ListPage, useOpsList } from '../components/ListPage';
import type { OpsHttpError } from '../providers/data-provider';
import { AuditPage } from './audit';
import { moneyText, when } from './money';
import { enumText } from '../i18n/enum-text';

interface UserRow {
  id: number;
  account: string;
  role: string;
  vipLevel: number;
  rebateRatio: number | null;
  restrictions: string[];
  locked: boolean;
  lockedUntil: string | null;
  needsReverification: boolean;
  kyc: string;
  createdAt: string;
  kycRejectReason?: string | null;
}

const RESTRICTIONS = ['frozen', 'login_banned', 'disabled', 'trade_banned', 'withdraw_banned'] as const;

export function UsersPage() {
  const t = useTranslate();
  const [q, setQ] = useState('');
  const list = useOpsList<UserRow>('users', [{ field: 'q', operator: 'eq', value: q }]);
  return (
    <ListPage<UserRow>
      resource="users"
      title={t('users.title')}
      rowKey="account"
      list={list}
      toolbar={
        <Input.Search
          placeholder={t('users.searchHint')}
          allowClear
          onSearch={(value) => setQ(value.trim())}
          style={{ width: 220 }}
          data-testid="users-search"
        />
      }
      columns={[
        { title: t('common.account'), dataIndex: 'account', render: (account: string) => <Link to={`/users/${account}`}>{account}</Link> },
        { title: t('users.role'), dataIndex: 'role', render: (role: string) => enumText(t, 'userRole', role) },
        { title: t('users.vip'), dataIndex: 'vipLevel' },
        { title: t('users.kyc'), dataIndex: 'kyc', render: (kyc: string) => enumText(t, 'state', kyc) },
        {
          title: t('users.restrictions'),
          key: 'restrictions',
          render: (_, row) => row.restrictions.map((r) => <Tag key={r}>{enumText(t, 'restriction', r)}</Tag>),
        },
        { title: t('users.locked'), key: 'locked', render: (_, row) => (row.locked ? when(row.lockedUntil) : '—') },
        { title: t('common.created'), key: 'createdAt', render: (_, row) => when(row.createdAt) },
      ]}
    />
  );
}

export function UserDetailPage() {
  const t = useTranslate();
  const { account = '' } = useParams();
  const user = useOne<UserRow, OpsHttpError>({ resource: 'users', id: account, errorNotification: false });
  const wallet = useOne<Wallet & { [key: string]: unknown }, OpsHttpError>({ resource: 'wallets', id: account, errorNotification: false });
  const row = user.result;
  const refresh = () => {
    void user.query.refetch();
    void wallet.query.refetch();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('users.detail', { account })} loading={user.query.isLoading}>
        {user.query.error ? <Alert type="error" message={user.query.error.message} data-testid="list-refusal" /> : null}
        {row ? (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('users.role')}>{enumText(t, 'userRole', row.role)}</Descriptions.Item>
            <Descriptions.Item label={t('users.vip')}>{row.vipLevel}</Descriptions.Item>
            <Descriptions.Item label={t('users.kyc')}>{`${row.kyc}${row.kycRejectReason ? ` (${row.kycRejectReason})` : ''}`}</Descriptions.Item>
            <Descriptions.Item label={t('users.restrictions')}>
              {row.restrictions.length ? row.restrictions.map((r) => <Tag key={r}>{enumText(t, 'restriction', r)}</Tag>) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.locked')}>{row.locked ? when(row.lockedUntil) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('common.created')}>{when(row.createdAt)}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Space wrap style={{ marginTop: 12 }}>
          <ActionButton
            resource="users"
            action="restrict"
            params={{ account }}
            label={t('users.restriction')}
            reason="none"
            onDone={refresh}
            testId="user-restrict"
            fields={
              <>
                <Space>
                  <Form.Item name="restriction" label={t('users.restriction')} rules={[{ required: true }]}>
                    <Select style={{ width: 180 }} options={RESTRICTIONS.map((r) => ({ value: r, label: r }))} />
                  </Form.Item>
                  <Form.Item name="on" label={t('common.state')} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 120 }}
                      options={[
                        { value: true, label: t('users.on') },
                        { value: false, label: t('users.off') },
                      ]}
                    />
                  </Form.Item>
                </Space>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item
                      name="reason"
                      label={t('users.internalNote')}
                      rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}
                    >
                      <Input.TextArea rows={4} maxLength={500} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="customerReason" label={t('users.customerText')}>
                      <Input.TextArea rows={4} maxLength={500} />
                    </Form.Item>
                  </Col>
                </Row>
              </>
            }
          />
          <ActionButton resource="users" action="unlock" params={{ account }} label={t('users.unlock')} reason="required" onDone={refresh} />
          <ActionButton
            resource="users"
            action="vip"
            params={{ account }}
            label={t('users.setVip')}
            reason="required"
            onDone={refresh}
            fields={
              <Form.Item name="level" label={t('users.level')} rules={[{ required: true }]}>
                <InputNumber min={0} max={10} />
              </Form.Item>
            }
          />
          <ActionButton
            resource="users"
            action="role"
            params={{ account }}
            label={t('users.setRole')}
            reason="required"
            onDone={refresh}
            fields={
              <Space>
                <Form.Item name="role" label={t('users.role')} rules={[{ required: true }]}>
                  <Select style={{ width: 160 }} options={['member', 'institution', 'agent'].map((r) => ({ value: r, label: r }))} />
                </Form.Item>
                <Form.Item name="rebateRatio" label={t('users.rebate')}>
                  <InputNumber min={0} max={1} step={0.01} />
                </Form.Item>
              </Space>
            }
          />
        </Space>
      </Card>
      <Card title={t('users.wallet')} size="small" loading={wallet.query.isLoading}>
        {wallet.query.error ? <Alert type="error" message={wallet.query.error.message} /> : null}
        {wallet.result ? (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('users.total')}>{moneyText(wallet.result.totalAssets)}</Descriptions.Item>
            <Descriptions.Item label={t('users.balance')}>{moneyText(wallet.result.balance)}</Descriptions.Item>
            <Descriptions.Item label={t('users.available')}>{moneyText(wallet.result.available)}</Descriptions.Item>
            <Descriptions.Item label={t('users.frozen')}>{moneyText(wallet.result.frozen)}</Descriptions.Item>
            {wallet.result.currencies.map((c) => (
              <Descriptions.Item key={c.currency} label={c.currency}>
                {moneyText(c.balance)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </Card>
      <AuditPage account={account} />
    </Space>
  );
}

// Invitation codes: every code with its state and issuer, and issuing new ones (audited).
import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input, InputNumber } from 'antd';
import { CreateForm } from '../components/CreateForm';
import { ListPage, useOpsList } from '../components/ListPage';
import { when } from './money';

interface InviteRow {
  code: string;
  active: boolean;
  issuerUserId: number | null;
  createdAt: string;
}

export function InvitesPage() {
  const t = useTranslate();
  const list = useOpsList<InviteRow>('invites');
  return (
    <>
      <CreateForm
        resource="invites"
        title={t('invites.issue')}
        initialValues={{ count: 1 }}
        onDone={list.refetch}
        renderAnswer={(answer) =>
          Array.isArray(answer.codes) ? <Alert type="success" message={t('invites.issued', { codes: answer.codes.join(', ') })} /> : null
        }
      >
        <Form.Item name="count" label={t('invites.count')} rules={[{ required: true }]}>
          <InputNumber min={1} max={50} />
        </Form.Item>
        <Form.Item name="reason" label={t('common.optionalReason')}>
          <Input style={{ width: 240 }} />
        </Form.Item>
      </CreateForm>
      <ListPage<InviteRow>
        resource="invites"
        title={t('invites.title')}
        rowKey="code"
        list={list}
        columns={[
          { title: t('common.code'), dataIndex: 'code' },
          { title: t('invites.active'), key: 'active', render: (_, row) => (row.active ? '✓' : '—') },
          { title: t('invites.issuer'), dataIndex: 'issuerUserId', render: (issuer: number | null) => issuer ?? '—' },
          { title: t('common.created'), key: 'createdAt', render: (_, row) => when(row.createdAt) },
        ]}
      />
    </>
  );
}

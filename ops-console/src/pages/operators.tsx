// Operators and roles: the roster, proposals (adds and role changes) another independent admin
// approves — the server enforces who may — and retiring. A proposed add's credential is in the
// server's answer once, and shown here once.
import { useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { OPS_ROLES } from '../api/route-table';
import { ActionButton, DecisionButtons } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { ListPage, useOpsList } from '../components/ListPage';
import { StateFilter } from '../components/StateFilter';
import { when } from './money';
import { enumText } from '../i18n/enum-text';

interface OperatorRow {
  name: string;
  role: string;
  state: string;
  root: string;
  createdAt: string;
  createdBy: string | null;
  approvedBy: string | null;
  retiredAt: string | null;
  active: boolean;
}

interface ProposalRow {
  id: number;
  kind: string;
  operator: string;
  role: string;
  reason: string;
  proposedBy: string;
  proposedAt: string;
  state: string;
  decidedBy: string | null;
}

const PROPOSAL_STATES = ['proposed', 'approved', 'rejected'] as const;

export function OperatorsPage() {
  const t = useTranslate();
  const roleOptions = OPS_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }));
  const operators = useOpsList<OperatorRow>('operators');
  const [state, setState] = useState<(typeof PROPOSAL_STATES)[number]>('proposed');
  const proposals = useOpsList<ProposalRow>('operatorProposals', [{ field: 'state', operator: 'eq', value: state }]);
  const refresh = () => {
    operators.refetch();
    proposals.refetch();
  };
  return (
    <>
      <CreateForm
        resource="operators"
        title={t('operators.add')}
        onDone={refresh}
        renderAnswer={(answer) =>
          typeof answer.credential === 'string' ? (
            <Alert
              type="warning"
              message={t('operators.credentialOnce', { name: String(answer.name) })}
              description={<Typography.Text copyable>{answer.credential}</Typography.Text>}
            />
          ) : null
        }
      >
        <Form.Item name="name" label={t('operators.name')} rules={[{ required: true }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')} rules={[{ required: true }]}>
          <Select style={{ width: 130 }} options={roleOptions} />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
          <Input style={{ width: 240 }} />
        </Form.Item>
      </CreateForm>
      <ListPage<OperatorRow>
        resource="operators"
        title={t('operators.title')}
        rowKey="name"
        list={operators}
        columns={[
          { title: t('operators.name'), dataIndex: 'name' },
          { title: t('operators.role'), dataIndex: 'role', render: (role: string) => t(`roles.${role}`, { defaultValue: role }) },
          {
            title: t('common.state'),
            key: 'state',
            render: (_, row) =>
              row.retiredAt ? (
                <Tag>{t('operators.retiredAt', { at: when(row.retiredAt) })}</Tag>
              ) : (
                <Tag color={row.active ? 'green' : 'orange'}>{enumText(t, 'state', row.state)}</Tag>
              ),
          },
          { title: t('operators.root'), dataIndex: 'root' },
          { title: t('operators.addedBy'), dataIndex: 'createdBy' },
          { title: t('operators.approvedBy'), dataIndex: 'approvedBy' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) =>
              row.active ? (
                <Space>
                  <ActionButton
                    resource="operators"
                    action="role"
                    params={{ name: row.name }}
                    label={t('operators.proposeRole')}
                    reason="required"
                    onDone={refresh}
                    fields={
                      <Form.Item name="role" label={t('operators.role')} rules={[{ required: true }]}>
                        <Select style={{ width: 130 }} options={roleOptions} />
                      </Form.Item>
                    }
                  />
                  <ActionButton
                    resource="operators"
                    action="retire"
                    params={{ name: row.name }}
                    label={t('operators.retire')}
                    reason="required"
                    danger
                    onDone={refresh}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
      <div style={{ height: 16 }} />
      <ListPage<ProposalRow>
        resource="operatorProposals"
        title={t('operators.proposals')}
        rowKey="id"
        list={proposals}
        toolbar={<StateFilter states={PROPOSAL_STATES} value={state} onChange={setState} label={t('common.state')} />}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('operators.kind'), dataIndex: 'kind', render: (kind: string) => enumText(t, 'kind', kind) },
          { title: t('operators.name'), dataIndex: 'operator' },
          { title: t('operators.role'), dataIndex: 'role', render: (role: string) => t(`roles.${role}`, { defaultValue: role }) },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('adjustments.proposedBy'), dataIndex: 'proposedBy' },
          { title: t('common.created'), key: 'proposedAt', render: (_, row) => when(row.proposedAt) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) => (row.state === 'proposed' ? <DecisionButtons resource="operatorProposals" id={row.id} onDone={refresh} /> : row.decidedBy),
          },
        ]}
      />
    </>
  );
}

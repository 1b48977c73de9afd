// The audit log, newest first, searched by customer account, as many records as asked.
import { useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Input, InputNumber, Space } from 'antd';
import { ListPage, useOpsList } from '../components/ListPage';
import { auditActionText } from '../i18n/audit-actions';
import { useConsoleLang } from '../lang-context';
import { when } from './money';

interface AuditRow {
  id: number;
  at: string;
  operator: string;
  action: string;
  account: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

export function AuditPage({ account: fixedAccount }: { account?: string }) {
  const t = useTranslate();
  const { lang } = useConsoleLang();
  const [account, setAccount] = useState(fixedAccount ?? '');
  const [limit, setLimit] = useState(100);
  const list = useOpsList<AuditRow>('audit', [
    { field: 'account', operator: 'eq', value: account },
    { field: 'limit', operator: 'eq', value: limit },
  ]);
  return (
    <ListPage<AuditRow>
      resource="audit"
      title={fixedAccount ? t('users.audit') : t('audit.title')}
      rowKey="id"
      list={list}
      toolbar={
        fixedAccount ? null : (
          <Space>
            <Input.Search
              placeholder={t('common.account')}
              allowClear
              onSearch={(value) => setAccount(value.trim())}
              style={{ width: 200 }}
              data-testid="audit-account"
            />
            <InputNumber aria-label={t('audit.limit')} min={1} max={500} value={limit} onChange={(value) => setLimit(value ?? 100)} />
          </Space>
        )
      }
      columns={[
        { title: t('audit.at'), key: 'at', render: (_, row) => when(row.at), width: 190 },
        { title: t('audit.operator'), dataIndex: 'operator' },
        {
          title: t('audit.action'),
          key: 'action',
          // The stored name beside the text: what the API, the CLI and the search use.
          render: (_, row) => (
            <span title={row.action} data-testid="audit-action" data-action={row.action}>
              {auditActionText(lang, row.action)}
            </span>
          ),
        },
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('common.reason'), dataIndex: 'reason' },
        {
          title: t('common.details'),
          key: 'details',
          render: (_, row) => <code style={{ fontSize: 11, wordBreak: 'break-all' }}>{JSON.stringify(row.details)}</code>,
        },
      ]}
    />
  );
}

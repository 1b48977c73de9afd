// The news editor: write an article (HTML the server sanitises; one text for every language or
// in the language picked), publish a draft, withdraw a published one with a reason.
import { useTranslate } from '@refinedev/core';
import { Checkbox, Form, Input, Select, Space } from 'antd';
import { ActionButton } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { ListPage } from '../components/ListPage';
import { useStateQueue } from '../components/StateFilter';
import { when } from './money';
import { enumText } from '../i18n/enum-text';

interface NewsRow {
  id: number;
  title: { tw: string; jp: string; en: string } | string;
  status: string;
  source: string;
  codes: string[];
  publishedAt: string | null;
  createdAt: string;
}

const STATUSES = ['draft', 'published', 'withdrawn'] as const;

function titleOf(row: NewsRow): string {
  return typeof row.title === 'string' ? row.title : row.title.en;
}

function toCreateBody(values: Record<string, unknown>): Record<string, unknown> {
  const codes =
    typeof values.codes === 'string'
      ? values.codes
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
  return { ...values, codes, publish: values.publish === true };
}

export function NewsPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<NewsRow, (typeof STATUSES)[number]>('news', STATUSES, 'status');
  return (
    <>
      <CreateForm resource="news" title={t('news.create')} toBody={toCreateBody} onDone={list.refetch}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Form.Item name="title" label={t('news.titleField')} rules={[{ required: true }]}>
              <Input style={{ width: 360 }} maxLength={200} />
            </Form.Item>
            <Form.Item name="lang" label={t('news.language')}>
              <Select allowClear style={{ width: 100 }} options={['tw', 'jp', 'en'].map((l) => ({ value: l, label: l }))} />
            </Form.Item>
            <Form.Item name="codes" label={t('news.codes')}>
              <Input style={{ width: 160 }} placeholder="7203,6758" />
            </Form.Item>
            <Form.Item name="publish" valuePropName="checked">
              <Checkbox>{t('news.publishNow')}</Checkbox>
            </Form.Item>
          </Space>
          <Form.Item name="body" label={t('news.body')} rules={[{ required: true }]} style={{ width: 900 }}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <Form.Item name="reason" label={t('common.optionalReason')}>
            <Input style={{ width: 360 }} />
          </Form.Item>
        </Space>
      </CreateForm>
      <ListPage<NewsRow>
        resource="news"
        title={t('news.title')}
        rowKey="id"
        list={list}
        toolbar={toolbar}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('news.titleField'), key: 'title', render: (_, row) => titleOf(row) },
          { title: t('common.status'), dataIndex: 'status', render: (status: string) => enumText(t, 'state', status) },
          { title: t('news.codes'), key: 'codes', render: (_, row) => row.codes.join(', ') },
          { title: t('common.created'), key: 'createdAt', render: (_, row) => when(row.publishedAt ?? row.createdAt) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'published' ? (
                <ActionButton
                  resource="news"
                  action="withdraw"
                  params={{ id: row.id }}
                  label={t('news.withdraw')}
                  reason="required"
                  danger
                  onDone={list.refetch}
                />
              ) : (
                <ActionButton
                  resource="news"
                  action="publish"
                  params={{ id: row.id }}
                  label={t('news.publish')}
                  reason="optional"
                  primary
                  onDone={list.refetch}
                />
              ),
          },
        ]}
      />
    </>
  );
}

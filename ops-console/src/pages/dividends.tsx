// The simulated companies' dividend schedule (docs/api/dividends.md §3): the published entries of
// an issue and a range of record dates, a page at a time as the server pages them, and the splits;
// an entry's dividend per share or dates edited, a split scheduled. Every date and amount is shown
// as the server sent it: the TSE dates (last cum, ex) are the server's, and what the operator types
// goes to the server unchecked, so its refusal (record date in the past, a negative dividend, …)
// is what the operator sees.
import { useState } from 'react';
import { useList, useTranslate, type CrudFilter } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { LocalisedNames, OpsDividendScheduleItem, SplitEvent } from '@kabuto/shared-sdk/schemas';
import { ActionButton } from '../components/ActionButton';
import { CreateForm } from '../components/CreateForm';
import { TextField } from '../components/fields';
import type { ConsoleLang } from '../i18n/console-i18n';
import { enumText } from '../i18n/enum-text';
import { useConsoleLang } from '../lang-context';
import type { OpsHttpError } from '../providers/data-provider';
import { when } from './money';

/** The server's largest page. */
const PAGE_SIZE = 50;

interface ScheduleFilter {
  code: string;
  from: string;
  to: string;
}

type ScheduleRow = OpsDividendScheduleItem & { [key: string]: unknown };

function nameIn(names: LocalisedNames, lang: ConsoleLang): string {
  return lang === 'jp' ? names.jp : names.en;
}

/** A YYYY-MM-DD date as the browser's date input gives it. */
function DateInput(props: { value?: string; onChange?: (value: string) => void; placeholder?: string; testId?: string; ariaLabel?: string }) {
  return (
    <Input
      type="date"
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      placeholder={props.placeholder}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      style={{ width: 160 }}
    />
  );
}

function RequiredReason() {
  const t = useTranslate();
  return (
    <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
      <Input style={{ width: 220 }} maxLength={200} data-testid="split-reason" />
    </Form.Item>
  );
}

export function DividendsPage() {
  const t = useTranslate();
  const { lang } = useConsoleLang();
  const [draft, setDraft] = useState<ScheduleFilter>({ code: '', from: '', to: '' });
  const [filter, setFilter] = useState<ScheduleFilter>(draft);
  const [page, setPage] = useState(1);
  const filters: CrudFilter[] = [
    { field: 'code', operator: 'eq', value: filter.code.trim() },
    { field: 'from', operator: 'eq', value: filter.from },
    { field: 'to', operator: 'eq', value: filter.to },
    { field: 'page', operator: 'eq', value: page },
    { field: 'size', operator: 'eq', value: PAGE_SIZE },
  ];
  const { result, query } = useList<ScheduleRow, OpsHttpError>({ resource: 'dividends', filters, pagination: { mode: 'off' }, errorNotification: false });
  const splits = (query.data?.splits ?? []) as SplitEvent[];
  const refetch = () => void query.refetch();
  const loading = query.isLoading || query.isFetching;

  const search = () => {
    setPage(1);
    setFilter(draft);
  };

  return (
    <>
      <Alert type="warning" showIcon message={t('dividends.simulated')} style={{ marginBottom: 16 }} data-testid="dividends-simulated" />
      <CreateForm resource="splits" title={t('dividends.scheduleSplit')} onDone={refetch} testId="split-form">
        <TextField name="code" label={t('common.code')} width={80} />
        <Form.Item name="ratio" label={t('dividends.ratio')} rules={[{ required: true }]}>
          <Input style={{ width: 80 }} data-testid="split-ratio" />
        </Form.Item>
        <Form.Item name="effectiveDate" label={t('dividends.effectiveDate')} rules={[{ required: true }]}>
          <DateInput testId="split-date" />
        </Form.Item>
        <RequiredReason />
      </CreateForm>
      <Card
        title={t('dividends.title')}
        extra={
          <Space wrap>
            <Input
              aria-label={t('common.code')}
              placeholder={t('common.code')}
              value={draft.code}
              onChange={(e) => setDraft({ ...draft, code: e.target.value })}
              onPressEnter={search}
              style={{ width: 100 }}
              data-testid="dividends-code"
            />
            <DateInput
              ariaLabel={t('dividends.recordFrom')}
              placeholder={t('dividends.recordFrom')}
              value={draft.from}
              onChange={(from) => setDraft({ ...draft, from })}
              testId="dividends-from"
            />
            <DateInput
              ariaLabel={t('dividends.recordTo')}
              placeholder={t('dividends.recordTo')}
              value={draft.to}
              onChange={(to) => setDraft({ ...draft, to })}
              testId="dividends-to"
            />
            <Button type="primary" onClick={search} data-testid="dividends-search">
              {t('common.search')}
            </Button>
            <Button onClick={refetch}>{t('common.refresh')}</Button>
          </Space>
        }
      >
        {query.error ? (
          <Alert
            type="error"
            showIcon
            message={t('common.refused')}
            description={query.error.message}
            data-testid="list-refusal"
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Table<ScheduleRow>
          size="small"
          rowKey="id"
          dataSource={result.data}
          loading={loading}
          scroll={{ x: 'max-content' }}
          data-testid="dividend-schedule"
          pagination={{ current: page, pageSize: PAGE_SIZE, total: result.total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
          columns={[
            { title: t('common.code'), dataIndex: 'code' },
            { title: t('dividends.name'), key: 'name', render: (_, row) => nameIn(row.name, lang) },
            { title: t('dividends.kind'), dataIndex: 'kind', render: (kind: string) => enumText(t, 'dividendKind', kind) },
            { title: t('dividends.recordDate'), dataIndex: 'recordDate' },
            { title: t('dividends.lastCumDate'), dataIndex: 'lastCumDate' },
            { title: t('dividends.exDate'), dataIndex: 'exDate' },
            { title: t('dividends.paymentDate'), dataIndex: 'paymentDate' },
            {
              title: t('dividends.dps'),
              key: 'dps',
              render: (_, row) => (
                <span data-testid={`dps-${row.id}`}>
                  {row.dps} <Tag>{enumText(t, 'dividendSource', row.dpsSource)}</Tag>
                </span>
              ),
            },
            { title: t('dividends.perks'), dataIndex: 'perks', render: (perks: boolean) => (perks ? t('dividends.perksYes') : t('common.none')) },
            { title: t('common.state'), dataIndex: 'state', render: (state: string) => enumText(t, 'dividendState', state) },
            {
              title: t('dividends.edited'),
              key: 'edited',
              render: (_, row) => (row.editedBy ? `${row.editedBy} · ${when(row.editedAt)}` : t('common.none')),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_, row) => (
                <ActionButton
                  resource="dividends"
                  action="edit"
                  params={{ id: row.id }}
                  label={t('dividends.edit')}
                  reason="required"
                  onDone={refetch}
                  testId={`dividend-edit-${row.id}`}
                  fields={
                    <>
                      <p>{t('dividends.leaveEmpty')}</p>
                      <Form.Item name="dps" label={t('dividends.dps')} extra={t('dividends.now', { value: row.dps })}>
                        <Input placeholder={row.dps} data-testid="edit-dps" />
                      </Form.Item>
                      <Form.Item name="recordDate" label={t('dividends.recordDate')} extra={t('dividends.now', { value: row.recordDate })}>
                        <DateInput placeholder={row.recordDate} testId="edit-record-date" />
                      </Form.Item>
                      <Form.Item name="paymentDate" label={t('dividends.paymentDate')} extra={t('dividends.now', { value: row.paymentDate })}>
                        <DateInput placeholder={row.paymentDate} testId="edit-payment-date" />
                      </Form.Item>
                    </>
                  }
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('dividends.splits')} style={{ marginTop: 16 }}>
        <Table<SplitEvent>
          size="small"
          rowKey="id"
          dataSource={splits}
          loading={loading}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="split-schedule"
          columns={[
            { title: t('common.code'), dataIndex: 'code' },
            { title: t('dividends.name'), key: 'name', render: (_, row) => nameIn(row.name, lang) },
            { title: t('dividends.ratio'), dataIndex: 'ratio', render: (ratio: number) => t('dividends.ratioText', { ratio }) },
            { title: t('dividends.effectiveDate'), dataIndex: 'effectiveDate' },
            { title: t('common.state'), dataIndex: 'state', render: (state: string) => enumText(t, 'splitState', state) },
          ]}
        />
      </Card>
    </>
  );
}

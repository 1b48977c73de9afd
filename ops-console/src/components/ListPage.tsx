// A screen over one list call of the ops API: optional filters (the call's query), a table of
// what the server answered, and the refusal when the list itself is refused.
import type { ReactNode } from 'react';
import { useList, useTranslate, type CrudFilter } from '@refinedev/core';
import { Alert, Button, Card, Space, Table, type TableColumnsType } from 'antd';
import type { OpsHttpError } from '../providers/data-provider';

export interface ListPageProps<T> {
  resource: string;
  title: string;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  filters?: CrudFilter[];
  toolbar?: ReactNode;
  above?: ReactNode;
  testId?: string;
}

export function useOpsList<T extends object>(resource: string, filters: CrudFilter[] = []) {
  const { result, query } = useList<T & { [key: string]: unknown }, OpsHttpError>({
    resource,
    filters,
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return { rows: result.data as T[], loading: query.isLoading || query.isFetching, error: query.error, refetch: () => void query.refetch() };
}

export function ListPage<T extends object>(props: ListPageProps<T> & { list: ReturnType<typeof useOpsList<T>> }) {
  const t = useTranslate();
  const { rows, loading, error, refetch } = props.list;
  return (
    <Card
      title={props.title}
      extra={
        <Space>
          {props.toolbar}
          <Button onClick={refetch}>{t('common.refresh')}</Button>
        </Space>
      }
    >
      {props.above}
      {error ? (
        <Alert type="error" showIcon message={t('common.refused')} description={error.message} data-testid="list-refusal" style={{ marginBottom: 12 }} />
      ) : null}
      <Table<T>
        size="small"
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={rows}
        loading={loading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        // Wide queues (credit loans) scroll inside the card instead of pushing their actions off it.
        scroll={{ x: 'max-content' }}
        data-testid={props.testId}
      />
    </Card>
  );
}

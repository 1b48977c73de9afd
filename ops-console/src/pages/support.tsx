// The support inbox: conversations as the server sorts them (latest activity first), filtered
// by status, assignment and account, with the one picked open beside the list. The live stream
// refreshes both and shows when the customer types; events are hints, the calls are the truth.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetIdentity, useOne, useTranslate, type CrudFilter } from '@refinedev/core';
import { Alert, Badge, Button, Card, Empty, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import {
  SUPPORT_STATUSES,
  type OpsSupportConversationDetail,
  type OpsSupportConversationRow,
  type OpsSupportLiveEvent,
  type SupportStatus,
} from '@kabuto/shared-sdk/schemas';
import { followSupportLive, type StreamFetch } from '../api/support-live';
import { useOpsList } from '../components/ListPage';
import { useConsole } from '../console-context';
import type { OpsHttpError } from '../providers/data-provider';
import { when } from './money';
import { ConversationView } from './support-conversation';
import { enumText } from '../i18n/enum-text';

type Assignment = 'anyone' | 'mine' | 'unassigned';

/** How long a customer's "typing" shows without a newer signal. */
const TYPING_SHOWN_MS = 8000;

const streamFetch: StreamFetch = (url, init) => window.fetch(url, init);

/** The list call's query for the filters picked (the server's names). */
export function inboxFilters(status: SupportStatus | 'all', assignment: Assignment, me: string | undefined, account: string): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (status !== 'all') filters.push({ field: 'status', operator: 'eq', value: status });
  if (assignment === 'mine' && me) filters.push({ field: 'assignee', operator: 'eq', value: me });
  if (assignment === 'unassigned') filters.push({ field: 'unassigned', operator: 'eq', value: 'true' });
  if (account.trim()) filters.push({ field: 'account', operator: 'eq', value: account.trim() });
  return filters;
}

/** Which conversations' customers are typing now, from the live typing events. */
function useCustomerTyping() {
  const [typing, setTyping] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const show = useCallback((conversationId: number, on: boolean) => {
    setTyping((current) => {
      const next = new Set(current);
      if (on) next.add(conversationId);
      else next.delete(conversationId);
      return next;
    });
  }, []);
  const set = useCallback(
    (conversationId: number, on: boolean) => {
      const timer = timers.current.get(conversationId);
      if (timer) clearTimeout(timer);
      timers.current.delete(conversationId);
      if (on)
        timers.current.set(
          conversationId,
          setTimeout(() => show(conversationId, false), TYPING_SHOWN_MS),
        );
      show(conversationId, on);
    },
    [show],
  );
  return { typing, set };
}

export function SupportInboxPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { token } = useConsole();
  const { id } = useParams();
  const openId = id && /^\d+$/.test(id) ? Number(id) : null;
  const { data: identity } = useGetIdentity<{ name: string }>();
  const [status, setStatus] = useState<SupportStatus | 'all'>('all');
  const [assignment, setAssignment] = useState<Assignment>('anyone');
  const [account, setAccount] = useState('');
  const list = useOpsList<OpsSupportConversationRow>('support', inboxFilters(status, assignment, identity?.name, account));
  const detail = useOne<OpsSupportConversationDetail & { [key: string]: unknown }, OpsHttpError>({
    resource: 'support',
    id: openId ?? '',
    queryOptions: { enabled: openId !== null },
    errorNotification: false,
  });
  const customerTyping = useCustomerTyping();
  const [live, setLive] = useState(false);

  // The live handlers read the latest list and conversation without restarting the stream.
  const latest = useRef({ list, detail, openId, setTyping: customerTyping.set });
  useEffect(() => {
    latest.current = { list, detail, openId, setTyping: customerTyping.set };
  });
  useEffect(
    () =>
      followSupportLive({
        fetch: streamFetch,
        token,
        onConnected: () => {
          setLive(true);
          latest.current.list.refetch();
          if (latest.current.openId !== null) void latest.current.detail.query.refetch();
        },
        onEvent: (event: OpsSupportLiveEvent) => {
          const now = latest.current;
          if (event.type === 'typing') {
            if (event.author === 'customer') now.setTyping(event.conversationId, event.typing);
            return;
          }
          if (event.type === 'message' && event.message.author === 'customer') now.setTyping(event.conversationId, false);
          now.list.refetch();
          if (event.conversationId === now.openId) void now.detail.query.refetch();
        },
      }),
    [token],
  );

  const changed = () => {
    list.refetch();
    void detail.query.refetch();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('support.title')}
        extra={
          <Space>
            <Badge status={live ? 'success' : 'default'} text={live ? t('support.live') : t('support.offline')} data-testid="live-state" />
            <Button size="small" onClick={changed}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 8 }}>
          <Select<SupportStatus | 'all'>
            size="small"
            style={{ width: 190 }}
            value={status}
            onChange={setStatus}
            aria-label={t('common.status')}
            options={[{ value: 'all', label: t('support.allStatuses') }, ...SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`support.statuses.${s}`) }))]}
            data-testid="inbox-status"
          />
          <Segmented<Assignment>
            size="small"
            value={assignment}
            onChange={setAssignment}
            options={[
              { value: 'anyone', label: t('support.anyone') },
              { value: 'mine', label: t('support.mine') },
              { value: 'unassigned', label: t('support.unassigned') },
            ]}
            data-testid="inbox-assignment"
          />
          <Input.Search
            size="small"
            allowClear
            style={{ width: 220 }}
            placeholder={t('support.accountSearch')}
            onSearch={(value) => setAccount(value)}
            data-testid="inbox-account"
          />
        </Space>
        {list.error ? <Alert type="error" showIcon message={t('common.refused')} description={list.error.message} style={{ marginBottom: 8 }} /> : null}
        <Table<OpsSupportConversationRow>
          size="small"
          rowKey="id"
          dataSource={list.rows}
          loading={list.loading}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          onRow={(row) => ({
            onClick: () => void navigate(`/support/${row.id}`),
            style: { cursor: 'pointer', background: row.id === openId ? '#e6f4ff' : undefined },
          })}
          data-testid="inbox-table"
          columns={[
            {
              title: '',
              key: 'marker',
              width: 110,
              render: (_, row) => (
                <Space size={4}>
                  {row.unread > 0 ? <Badge count={row.unread} title={t('support.unread')} data-testid={`unread-${row.id}`} /> : null}
                  {row.waitingSince ? <Tag color="orange">{t('support.waitingFor', { since: when(row.waitingSince) })}</Tag> : null}
                </Space>
              ),
            },
            { title: t('common.account'), dataIndex: 'account', width: 120 },
            { title: t('common.status'), key: 'status', width: 150, render: (_, row) => t(`support.statuses.${row.status}`) },
            { title: t('support.topic'), dataIndex: 'topic', width: 100, render: (topic: string) => enumText(t, 'topic', topic) },
            { title: t('support.assignee'), key: 'assignee', width: 110, render: (_, row) => row.assignee ?? t('common.none') },
            {
              title: t('support.latest'),
              key: 'preview',
              render: (_, row) =>
                customerTyping.typing.has(row.id) ? (
                  <Typography.Text type="secondary">{t('support.customerTyping')}</Typography.Text>
                ) : (
                  <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                    {row.preview ?? t('common.none')}
                  </Typography.Text>
                ),
            },
            { title: t('support.lastActivity'), key: 'lastActivityAt', width: 190, render: (_, row) => when(row.lastActivityAt) },
          ]}
        />
      </Card>
      {openId === null ? null : detail.query.error ? (
        <Alert type="error" showIcon message={t('common.refused')} description={detail.query.error.message} data-testid="conversation-refusal" />
      ) : detail.result ? (
        <ConversationView detail={detail.result} customerTyping={customerTyping.typing.has(openId)} onChanged={changed} />
      ) : (
        <Card loading />
      )}
      {openId === null && list.rows.length > 0 ? <Empty description={t('support.pick')} /> : null}
    </Space>
  );
}

// One support conversation for an operator: the messages (private notes marked, attachments
// through the audited signed-URL route, deposit requests with the deposit queue's own approve /
// reject calls so money moves only through that path), the reply / private-note composer with
// canned replies and images attached to a reply or a note (uploaded for the conversation's
// customer, private; a reply's are shown to them through their signed URL, a note's never), assignment and status, and the customer panel the detail call answers.
// Message text is rendered as React text, never as HTML.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useCan, useCustomMutation, useList, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import {
  opsSupportReplyFormSchema,
  SUPPORT_STATUSES,
  type OpsSupportCannedReply,
  type OpsSupportConversationDetail,
  type OpsSupportMessageView,
  type SupportAttachmentUrl,
  type SupportStatus,
} from '@kabuto/shared-sdk/schemas';
import { useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { OpsRefusal } from '../api/ops-client';
import { REPLY_IMAGE_TYPES, uploadReplyImage } from '../api/reply-attachment';
import { OPS_ROUTES } from '../api/route-table';
import { ActionButton, DecisionButtons, DisabledWithReason } from '../components/ActionButton';
import { useConsole } from '../console-context';
import type { OpsHttpError } from '../providers/data-provider';
import { moneyText, when } from './money';
import { enumText } from '../i18n/enum-text';

/** Operator typing signals: at most one "typing" per this long, and "stopped" after this long without input. */
const TYPING_EVERY_MS = 3000;
const TYPING_IDLE_MS = 5000;

/** A call of the route table from a button: the refusal is kept to show next to it. */
export function useSupportAction() {
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, OpsHttpError>();
  const [refusal, setRefusal] = useState<string | null>(null);
  async function run(resource: string, action: string, params: Record<string, string | number>, values: Record<string, unknown> = {}): Promise<boolean> {
    setRefusal(null);
    try {
      await mutateAsync({ url: '', method: 'post', values, meta: { resource, action, params }, successNotification: false, errorNotification: false });
      return true;
    } catch (error) {
      setRefusal((error as OpsHttpError).message);
      return false;
    }
  }
  return { run, refusal, setRefusal, pending: mutation.isPending };
}

/** A button for one call of the route table, disabled with the reason when the role cannot use it. */
export function CanButton(props: {
  resource: string;
  action: string;
  children: ReactNode;
  onClick: () => void;
  primary?: boolean;
  testId?: string;
  disabled?: boolean;
}) {
  const { data: access } = useCan({ resource: props.resource, action: props.action });
  const allowed = access?.can === true;
  const button = (
    <Button size="small" type={props.primary ? 'primary' : 'default'} disabled={!allowed || props.disabled} onClick={props.onClick} data-testid={props.testId}>
      {props.children}
    </Button>
  );
  return allowed || !access?.reason ? button : <DisabledWithReason reason={access.reason}>{button}</DisabledWithReason>;
}

function AttachmentLink({ attachmentKey }: { attachmentKey: string }) {
  const t = useTranslate();
  const { client, refusalText } = useConsole();
  const { data: access } = useCan({ resource: 'supportAttachments', action: 'url' });
  const [signed, setSigned] = useState<SupportAttachmentUrl | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (signed)
    return (
      <a href={signed.url} target="_blank" rel="noreferrer" data-testid="attachment-link">
        <img src={signed.url} alt={t('support.attachment')} style={{ maxWidth: 160, maxHeight: 120, display: 'block' }} />
      </a>
    );
  async function open() {
    try {
      setSigned(await client.call<SupportAttachmentUrl>(OPS_ROUTES.supportAttachments.url, { query: { key: attachmentKey } }));
    } catch (error) {
      if (error instanceof OpsRefusal) setRefusal(refusalText(error.msg, error.httpStatus));
      else throw error;
    }
  }
  const button = (
    <Button size="small" disabled={access?.can !== true} onClick={() => void open()} data-testid="attachment-open">
      {t('support.openAttachment')}
    </Button>
  );
  return (
    <Space direction="vertical" size={2}>
      {access?.can === true || !access?.reason ? button : <DisabledWithReason reason={access.reason}>{button}</DisabledWithReason>}
      {refusal ? <Alert type="error" message={refusal} /> : null}
    </Space>
  );
}

const AUTHOR_COLOURS: Record<string, string> = { customer: 'blue', operator: 'green', auto: 'purple', system: 'default' };

function MessageBody({ message, onChanged }: { message: OpsSupportMessageView; onChanged: () => void }) {
  const t = useTranslate();
  const data = message.data;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {message.text !== null ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="message-text">
          {message.text}
        </Typography.Paragraph>
      ) : null}
      {data.kind === 'auto' ? <Typography.Text type="secondary">{t('support.autoReply', { at: when(data.nextOpenAt) })}</Typography.Text> : null}
      {data.kind === 'status' ? (
        <Typography.Text type="secondary">{t('support.statusLine', { status: t(`support.statuses.${data.status}`) })}</Typography.Text>
      ) : null}
      {data.kind === 'restriction'
        ? data.restrictions.map((r) => (
            <Typography.Text key={r.restriction}>
              <Tag>{enumText(t, 'restriction', r.restriction)}</Tag>
              {r.reason ?? t('common.none')}
            </Typography.Text>
          ))
        : null}
      {data.kind === 'deposit-request' ? (
        <Space wrap data-testid={`deposit-request-${data.deposit.id}`}>
          <Typography.Text strong>{t('support.depositRequest', { id: data.deposit.id })}</Typography.Text>
          <Typography.Text>{moneyText(data.deposit.amount)}</Typography.Text>
          <Tag data-testid="deposit-state">{enumText(t, 'state', data.deposit.state)}</Tag>
          {data.deposit.state === 'pending' ? (
            <DecisionButtons resource="deposits" id={data.deposit.id} onDone={onChanged} testIdPrefix="support-deposit" />
          ) : null}
        </Space>
      ) : null}
      {data.kind === 'loan-repayment' ? (
        <Space wrap data-testid={`loan-repayment-${data.repayment.loanId}`}>
          <Typography.Text strong>{t('support.loanRepayment', { orderNo: data.repayment.orderNo })}</Typography.Text>
          <Typography.Text>{moneyText(data.repayment.amount)}</Typography.Text>
          <Typography.Text type="secondary">{t('support.loanLeft', { amount: moneyText(data.repayment.outstandingAfter) })}</Typography.Text>
        </Space>
      ) : null}
      {message.attachments.length > 0 ? (
        <Space wrap>
          {message.attachments.map((a) => (
            <AttachmentLink key={a.key} attachmentKey={a.key} />
          ))}
        </Space>
      ) : null}
    </Space>
  );
}

function MessageItem({ message, onChanged }: { message: OpsSupportMessageView; onChanged: () => void }) {
  const t = useTranslate();
  const mine = message.author === 'operator';
  return (
    <div
      data-testid={message.private ? 'private-note' : `message-${message.author}`}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        padding: '6px 10px',
        borderRadius: 6,
        background: message.private ? '#fffbe6' : mine ? '#f6ffed' : '#f5f5f5',
        border: message.private ? '1px dashed #faad14' : '1px solid #f0f0f0',
      }}
    >
      <Space size={4} wrap style={{ marginBottom: 2 }}>
        <Tag color={AUTHOR_COLOURS[message.author]}>{t(`support.authors.${message.author}`)}</Tag>
        {message.private ? <Tag color="gold">{t('support.privateNote')}</Tag> : null}
        {message.operator ? <Typography.Text type="secondary">{message.operator}</Typography.Text> : null}
        <Typography.Text type="secondary">{when(message.createdAt)}</Typography.Text>
      </Space>
      <MessageBody message={message} onChanged={onChanged} />
    </div>
  );
}

function CustomerPanel({ customer }: { customer: OpsSupportConversationDetail['customer'] }) {
  const t = useTranslate();
  return (
    <Card size="small" title={t('support.customer', { account: customer.account })} data-testid="customer-panel">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('users.role')}>{enumText(t, 'userRole', customer.role)}</Descriptions.Item>
        <Descriptions.Item label={t('users.kyc')}>{enumText(t, 'state', customer.kyc)}</Descriptions.Item>
        <Descriptions.Item label={t('support.balances')}>
          {customer.balances.length ? customer.balances.map((b) => `${b.amount} ${b.currency}`).join(' / ') : t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('support.openOrders')}>{customer.openOrders}</Descriptions.Item>
        <Descriptions.Item label={t('support.pendingDeposits')}>{customer.pendingDeposits}</Descriptions.Item>
        <Descriptions.Item label={t('support.pendingWithdrawals')}>{customer.pendingWithdrawals}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="restriction"
        pagination={false}
        locale={{ emptyText: t('support.noRestrictions') }}
        dataSource={customer.restrictions}
        columns={[
          { title: t('users.restriction'), dataIndex: 'restriction', render: (r: string) => enumText(t, 'restriction', r) },
          { title: t('users.internalNote'), dataIndex: 'internalNote', render: (v: string | null) => v ?? t('common.none') },
          { title: t('users.customerText'), dataIndex: 'customerText', render: (v: string | null) => v ?? t('common.none') },
        ]}
      />
    </Card>
  );
}

/** Tells the customer the operator is typing: at most every few seconds while typing, and "stopped" when idle or sent. */
function useTypingSignal(conversationId: number) {
  const { mutate } = useCustomMutation();
  const { data: access } = useCan({ resource: 'support', action: 'typing' });
  const lastSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const allowed = access?.can === true;
  const signal = (typing: boolean) =>
    mutate({
      url: '',
      method: 'post',
      values: { typing },
      meta: { resource: 'support', action: 'typing', params: { id: conversationId } },
      successNotification: false,
      errorNotification: false,
    });
  function stopped() {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastSent.current !== 0) signal(false);
    lastSent.current = 0;
  }
  useEffect(
    () => () => {
      if (idle.current) clearTimeout(idle.current);
    },
    [],
  );
  return {
    typing() {
      if (!allowed) return;
      const now = Date.now();
      if (now - lastSent.current >= TYPING_EVERY_MS) {
        lastSent.current = now;
        signal(true);
      }
      if (idle.current) clearTimeout(idle.current);
      idle.current = setTimeout(stopped, TYPING_IDLE_MS);
    },
    stopped: () => (allowed ? stopped() : undefined),
  };
}

/** The reply's images: picked, uploaded for this conversation at once, sent with the next reply. */
function useReplyImages(conversationId: number, onRefused: (text: string) => void) {
  const { client, refusalText } = useConsole();
  const [keys, setKeys] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const post = (url: string, body: FormData) => window.fetch(url, { method: 'POST', body });
  return {
    keys,
    uploading,
    async add(files: FileList | null) {
      setUploading(true);
      try {
        for (const file of Array.from(files ?? [])) {
          const key = await uploadReplyImage({ client, post }, conversationId, file);
          setKeys((current) => [...current, key]);
        }
      } catch (error) {
        if (!(error instanceof OpsRefusal)) throw error;
        onRefused(refusalText(error.msg, error.httpStatus));
      } finally {
        setUploading(false);
      }
    },
    remove: (key: string) => setKeys((current) => current.filter((k) => k !== key)),
    clear: () => setKeys([]),
  };
}

function Composer({ conversationId, onChanged }: { conversationId: number; onChanged: () => void }) {
  const t = useTranslate();
  const { refusalText } = useConsole();
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const action = useSupportAction();
  const typing = useTypingSignal(conversationId);
  const canned = useList<OpsSupportCannedReply & { [key: string]: unknown }, OpsHttpError>({
    resource: 'supportCanned',
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const replies = canned.result.data as OpsSupportCannedReply[];
  const images = useReplyImages(conversationId, action.setRefusal);
  const keys = useSubmissionKeys();

  async function send(kind: 'reply' | 'note') {
    // A reply and a note take the same form (shared schemas): the images go to the customer with a
    // reply, and stay with operators in a note. The same message sent again (its answer lost)
    // carries the same key, so the server stores it once.
    const idempotencyKey = keys.keyFor({ kind, text, attachments: images.keys.join(',') });
    const parsed = opsSupportReplyFormSchema.safeParse({ text, attachments: images.keys, idempotencyKey });
    if (!parsed.success) {
      action.setRefusal(refusalText(parsed.error.issues[0]?.message ?? '', 400));
      return;
    }
    typing.stopped();
    if (await action.run('support', kind, { id: conversationId }, parsed.data)) {
      keys.settle();
      setText('');
      images.clear();
      onChanged();
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<number>
          style={{ width: 260 }}
          placeholder={t('support.cannedPick')}
          value={null}
          options={replies.map((r) => ({ value: r.id, label: r.title }))}
          onChange={(id) => {
            const picked = replies.find((r) => r.id === id);
            if (picked) setText((current) => (current.trim() ? `${current}\n${picked.text}` : picked.text));
          }}
          data-testid="canned-pick"
        />
        <ActionButton
          resource="supportCanned"
          action="create"
          label={t('support.cannedCreate')}
          reason="none"
          onDone={() => void canned.query.refetch()}
          fields={
            <>
              <Form.Item
                name="title"
                label={t('support.cannedTitle')}
                rules={[{ required: true, whitespace: true, message: t('support.cannedTitleRequired') }]}
              >
                <Input maxLength={80} data-testid="canned-title" />
              </Form.Item>
              <Form.Item name="text" label={t('support.cannedText')} rules={[{ required: true, whitespace: true, message: t('support.cannedTextRequired') }]}>
                <Input.TextArea rows={3} data-testid="canned-text" />
              </Form.Item>
            </>
          }
          testId="canned-create"
        />
        {replies.map((r) => (
          <ActionButton
            key={r.id}
            resource="supportCanned"
            action="delete"
            params={{ id: r.id }}
            label={t('support.cannedDelete', { title: r.title })}
            reason="none"
            danger
            onDone={() => void canned.query.refetch()}
          />
        ))}
      </Space>
      <Input.TextArea
        rows={3}
        value={text}
        placeholder={t('support.composerHint')}
        onChange={(e) => {
          setText(e.target.value);
          typing.typing();
        }}
        data-testid="composer"
      />
      {images.keys.length > 0 ? (
        <Space wrap data-testid="reply-images">
          {images.keys.map((key) => (
            <Tag key={key} closable onClose={() => images.remove(key)}>
              {t('support.replyImage', { name: key.slice('imgs/'.length) })}
            </Tag>
          ))}
        </Space>
      ) : null}
      <input
        ref={picker}
        type="file"
        accept={REPLY_IMAGE_TYPES.join(',')}
        multiple
        hidden
        onChange={(e) => {
          void images.add(e.target.files);
          e.target.value = '';
        }}
        data-testid="reply-attach-input"
      />
      <Space>
        <CanButton resource="supportAttachments" action="policy" onClick={() => picker.current?.click()} disabled={images.uploading} testId="reply-attach">
          {images.uploading ? t('support.attaching') : t('support.attachImage')}
        </CanButton>
        <CanButton
          resource="support"
          action="reply"
          primary
          onClick={() => void send('reply')}
          disabled={action.pending || images.uploading}
          testId="send-reply"
        >
          {t('support.sendReply')}
        </CanButton>
        <CanButton resource="support" action="note" onClick={() => void send('note')} disabled={action.pending} testId="send-note">
          {t('support.addNote')}
        </CanButton>
      </Space>
      {action.refusal ? <Alert type="error" showIcon message={t('common.refused')} description={action.refusal} data-testid="composer-refusal" /> : null}
    </Space>
  );
}

export interface ConversationViewProps {
  detail: OpsSupportConversationDetail;
  /** The customer is typing now (live). */
  customerTyping: boolean;
  /** Something changed through this view: refetch the conversation and the list. */
  onChanged: () => void;
}

export function ConversationView({ detail, customerTyping, onChanged }: ConversationViewProps) {
  const t = useTranslate();
  const conversation = detail.conversation;
  const action = useSupportAction();
  const { data: canRead } = useCan({ resource: 'support', action: 'read' });
  const lastId = detail.messages.at(-1)?.id;
  const readSent = useRef<number | null>(null);

  // Opening a conversation with unread customer messages marks them read (the customer sees the receipt).
  useEffect(() => {
    if (canRead?.can !== true || lastId === undefined || conversation.unread === 0 || readSent.current === lastId) return;
    readSent.current = lastId;
    void action.run('support', 'read', { id: conversation.id }, { upToId: lastId }).then((ok) => (ok ? onChanged() : undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newest message
  }, [canRead?.can, lastId, conversation.unread, conversation.id]);

  const act = (name: string, values: Record<string, unknown>) =>
    void action.run('support', name, { id: conversation.id }, values).then((ok) => (ok ? onChanged() : undefined));

  return (
    <Row gutter={12}>
      <Col span={15}>
        <Card
          size="small"
          title={t('support.conversation', { id: conversation.id, account: conversation.account })}
          extra={
            <Space>
              <Typography.Text type="secondary" data-testid="assignee">
                {conversation.assignee ? t('support.assignedTo', { name: conversation.assignee }) : t('support.unassigned')}
              </Typography.Text>
              <CanButton resource="support" action="assign" onClick={() => act('assign', {})} testId="assign-me">
                {t('support.assignMe')}
              </CanButton>
              <StatusPicker value={conversation.status} onChange={(status) => act('status', { status })} />
            </Space>
          }
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 420, overflowY: 'auto', marginBottom: 12 }} data-testid="messages">
            {detail.messages.length === 0 ? <Empty description={t('support.noMessages')} /> : null}
            {detail.messages.map((m) => (
              <MessageItem key={m.id} message={m} onChanged={onChanged} />
            ))}
          </div>
          <Space style={{ minHeight: 22 }}>
            {customerTyping ? (
              <Typography.Text type="secondary" data-testid="customer-typing">
                {t('support.customerTyping')}
              </Typography.Text>
            ) : null}
            {detail.customerReadUpToId !== null ? (
              <Typography.Text type="secondary">{t('support.customerRead', { id: detail.customerReadUpToId })}</Typography.Text>
            ) : null}
          </Space>
          {action.refusal ? <Alert type="error" showIcon message={t('common.refused')} description={action.refusal} style={{ marginBottom: 8 }} /> : null}
          <Composer conversationId={conversation.id} onChanged={onChanged} />
        </Card>
      </Col>
      <Col span={9}>
        <CustomerPanel customer={detail.customer} />
      </Col>
    </Row>
  );
}

function StatusPicker({ value, onChange }: { value: SupportStatus; onChange: (status: SupportStatus) => void }) {
  const t = useTranslate();
  const { data: access } = useCan({ resource: 'support', action: 'status' });
  const picker = (
    <Select<SupportStatus>
      size="small"
      style={{ width: 190 }}
      value={value}
      disabled={access?.can !== true}
      onChange={onChange}
      options={SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`support.statuses.${s}`) }))}
      aria-label={t('common.status')}
      data-testid="status-picker"
    />
  );
  return access?.can === true || !access?.reason ? picker : <DisabledWithReason reason={access.reason}>{picker}</DisabledWithReason>;
}

// One operator action on one record (approve, reject, pay, close, …): the route table says
// which call it is and which role it needs. A role that cannot use it sees the button disabled
// with the reason; otherwise a dialog asks for the reason (required or optional, as the
// server's form) and any other fields, sends the call, and shows the server's refusal as it
// comes, inside the dialog.
import { useState, type ReactNode } from 'react';
import { useCan, useCustomMutation, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Space, Tooltip } from 'antd';
import type { OpsHttpError } from '../providers/data-provider';

export interface ActionButtonProps {
  resource: string;
  action: string;
  params?: Record<string, string | number>;
  label: string;
  /** The server's reason field for this call. */
  reason: 'required' | 'optional' | 'none';
  /** More form fields (antd Form.Item), sent with the reason. */
  fields?: ReactNode;
  /** Form values sent as they are, with what the dialog asks. */
  fixed?: Record<string, unknown>;
  danger?: boolean;
  primary?: boolean;
  onDone?: (answer: unknown) => void;
  testId?: string;
}

/**
 * A disabled button with the reason on hover (and as the wrapper's accessible label). A disabled
 * button gets no pointer events, so the tooltip listens on a wrapper the pointer reaches through it.
 */
export function DisabledWithReason({ reason, children }: { reason: string; children: ReactNode }) {
  return (
    <Tooltip title={reason}>
      <span className="ops-disabled-with-reason" aria-label={reason} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        <span style={{ pointerEvents: 'none' }}>{children}</span>
      </span>
    </Tooltip>
  );
}

export function ActionButton(props: ActionButtonProps) {
  const t = useTranslate();
  const { data: access } = useCan({ resource: props.resource, action: props.action });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, OpsHttpError>();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const allowed = access?.can === true;

  const button = (
    <Button
      size="small"
      danger={props.danger}
      type={props.primary ? 'primary' : 'default'}
      disabled={!allowed}
      data-testid={props.testId}
      onClick={() => {
        setRefusal(null);
        form.resetFields();
        setOpen(true);
      }}
    >
      {props.label}
    </Button>
  );

  async function submit(values: Record<string, unknown>) {
    setRefusal(null);
    const payload: Record<string, unknown> = { ...props.fixed };
    for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') payload[name] = value;
    try {
      const answer = await mutateAsync({
        url: '',
        method: 'post',
        values: payload,
        meta: { resource: props.resource, action: props.action, params: props.params ?? {} },
        successNotification: () => ({ type: 'success', message: t('common.done', { what: props.label }) }),
        errorNotification: false,
      });
      setOpen(false);
      props.onDone?.(answer.data);
    } catch (error) {
      setRefusal((error as OpsHttpError).message);
    }
  }

  return (
    <>
      {allowed || !access?.reason ? button : <DisabledWithReason reason={access.reason}>{button}</DisabledWithReason>}
      <Modal
        open={open}
        title={props.label}
        okText={t('common.submit')}
        cancelText={t('common.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          {props.fields}
          {props.reason === 'none' ? null : (
            <Form.Item
              name="reason"
              label={props.reason === 'required' ? t('common.reason') : t('common.optionalReason')}
              rules={props.reason === 'required' ? [{ required: true, whitespace: true, message: t('common.reasonRequired') }] : []}
            >
              <Input.TextArea rows={2} maxLength={500} data-testid="action-reason" />
            </Form.Item>
          )}
        </Form>
        {refusal ? <Alert type="error" showIcon message={t('common.refused')} description={refusal} data-testid="refusal" /> : null}
      </Modal>
    </>
  );
}

export interface DecisionButtonsProps {
  resource: string;
  id: number;
  /** The call that accepts the case: approve, or pay for a withdrawal. */
  accept?: string;
  acceptLabel?: string;
  onDone?: (answer: unknown) => void;
  /** Test ids `<prefix>-approve-<id>` and `<prefix>-reject-<id>`. */
  testIdPrefix?: string;
}

/** A pending case's two decisions: accept (reason optional) or reject (reason required; the customer is told it). */
export function DecisionButtons({ resource, id, accept = 'approve', acceptLabel, onDone, testIdPrefix }: DecisionButtonsProps) {
  const t = useTranslate();
  return (
    <Space>
      <ActionButton
        resource={resource}
        action={accept}
        params={{ id }}
        label={acceptLabel ?? t('common.approve')}
        reason="optional"
        primary
        onDone={onDone}
        testId={testIdPrefix && `${testIdPrefix}-approve-${id}`}
      />
      <ActionButton
        resource={resource}
        action="reject"
        params={{ id }}
        label={t('common.reject')}
        reason="required"
        danger
        onDone={onDone}
        testId={testIdPrefix && `${testIdPrefix}-reject-${id}`}
      />
    </Space>
  );
}

// A form for the create call of a resource (propose an adjustment, create an issue, write an
// article, …): disabled with the reason when the role cannot use it; the server's answer or
// refusal is shown as it comes.
import { useState, type ReactNode } from 'react';
import { useCan, useCreate, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form } from 'antd';
import type { OpsHttpError } from '../providers/data-provider';
import { DisabledWithReason } from './ActionButton';

export interface CreateFormProps {
  resource: string;
  title: string;
  children: ReactNode;
  /** Turns the form's values into the call's body (defaults to the values as they are). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  initialValues?: Record<string, unknown>;
  /** What to show of a successful answer (e.g. a credential shown once). */
  renderAnswer?: (answer: Record<string, unknown>) => ReactNode;
  onDone?: () => void;
  note?: ReactNode;
  testId?: string;
}

export function CreateForm(props: CreateFormProps) {
  const t = useTranslate();
  const { data: access } = useCan({ resource: props.resource, action: 'create' });
  const { mutateAsync, mutation } = useCreate<Record<string, unknown>, OpsHttpError>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Record<string, unknown> | null>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const allowed = access?.can === true;

  async function submit(values: Record<string, unknown>) {
    setRefusal(null);
    setAnswer(null);
    try {
      const body = props.toBody ? props.toBody(values) : values;
      const created = await mutateAsync({
        resource: props.resource,
        values: body,
        successNotification: () => ({ type: 'success', message: t('common.done', { what: props.title }) }),
        errorNotification: false,
      });
      setAnswer(created.data);
      form.resetFields();
      props.onDone?.();
    } catch (error) {
      setRefusal((error as OpsHttpError).message);
    }
  }

  const submitButton = (
    <Button type="primary" htmlType="submit" disabled={!allowed} loading={mutation.isPending} data-testid={props.testId ? `${props.testId}-submit` : undefined}>
      {t('common.submit')}
    </Button>
  );
  return (
    <Card size="small" title={props.title} style={{ marginBottom: 16 }} data-testid={props.testId}>
      {props.note}
      <Form
        form={form}
        layout="inline"
        initialValues={props.initialValues}
        onFinish={(values) => void submit(values)}
        disabled={!allowed}
        style={{ rowGap: 8 }}
      >
        {props.children}
        <Form.Item>{allowed || !access?.reason ? submitButton : <DisabledWithReason reason={access.reason}>{submitButton}</DisabledWithReason>}</Form.Item>
      </Form>
      {!allowed && access?.reason ? <Alert type="info" message={access.reason} style={{ marginTop: 8 }} /> : null}
      {refusal ? <Alert type="error" showIcon message={t('common.refused')} description={refusal} style={{ marginTop: 8 }} data-testid="refusal" /> : null}
      {answer && props.renderAnswer ? <div style={{ marginTop: 8 }}>{props.renderAnswer(answer)}</div> : null}
    </Card>
  );
}

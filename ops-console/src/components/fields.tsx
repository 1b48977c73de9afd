// Form fields the create forms share: a short text, a number, the optional audited reason.
import { useTranslate } from '@refinedev/core';
import { Form, Input, InputNumber } from 'antd';

export function TextField({ name, label, width = 160, required = true }: { name: string; label: string; width?: number; required?: boolean }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required }]}>
      <Input style={{ width }} />
    </Form.Item>
  );
}

export function NumberField({ name, label, required = true, initial }: { name: string; label: string; required?: boolean; initial?: number }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required }]} initialValue={initial}>
      <InputNumber style={{ width: 110 }} />
    </Form.Item>
  );
}

export function OptionalReasonField({ width = 200 }: { width?: number }) {
  const t = useTranslate();
  return (
    <Form.Item name="reason" label={t('common.optionalReason')}>
      <Input style={{ width }} />
    </Form.Item>
  );
}

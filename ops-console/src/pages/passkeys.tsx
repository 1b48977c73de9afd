// The signed-in operator's own passkeys: the second factor of every console sign-in. Adding
// one runs the browser's passkey prompt; removing is refused for the last one (the server
// decides, the button says why beforehand). Both are audited on the server.
import { useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { OpsRefusal } from '../api/ops-client';
import { OPS_ROUTES } from '../api/route-table';
import { isCeremonyCancelled, type WebAuthnOptions } from '../api/webauthn';
import { ActionButton, DisabledWithReason } from '../components/ActionButton';
import { ListPage, useOpsList } from '../components/ListPage';
import { useConsole } from '../console-context';
import { when } from './money';

interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function AddPasskey({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { client, ceremonies, refusalText } = useConsole();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function add(values: { name?: string }) {
    setRefusal(null);
    setBusy(true);
    try {
      const { options } = await client.call<{ options: WebAuthnOptions }>(OPS_ROUTES.passkeys.options);
      const credential = await ceremonies.register(options);
      await client.call(OPS_ROUTES.passkeys.create, { body: { credential, name: values.name ?? '' } });
      onDone();
    } catch (error) {
      if (isCeremonyCancelled(error)) setRefusal(t('login.cancelled'));
      else if (error instanceof OpsRefusal) setRefusal(refusalText(error.msg, error.httpStatus));
      else throw error;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form layout="inline" onFinish={(values: { name?: string }) => void add(values)} style={{ marginBottom: 12 }}>
      <Form.Item name="name" label={t('passkeys.name')} rules={[{ max: 40 }]}>
        <Input autoComplete="off" data-testid="new-passkey-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="add-passkey">
        {t('passkeys.add')}
      </Button>
      {refusal ? <Alert type="error" showIcon message={refusal} data-testid="passkey-refusal" style={{ marginTop: 8, width: '100%' }} /> : null}
    </Form>
  );
}

export function PasskeysPage() {
  const t = useTranslate();
  const list = useOpsList<PasskeyRow>('passkeys');
  const only = list.rows.length <= 1;
  return (
    <ListPage<PasskeyRow>
      resource="passkeys"
      title={t('passkeys.title')}
      list={list}
      rowKey="id"
      testId="passkeys"
      above={
        <>
          <Typography.Paragraph type="secondary">{t('passkeys.intro')}</Typography.Paragraph>
          <AddPasskey onDone={list.refetch} />
        </>
      }
      columns={[
        { title: t('passkeys.name'), dataIndex: 'name', render: (name: string) => name || t('passkeys.unnamed') },
        { title: t('passkeys.created'), dataIndex: 'createdAt', render: (v: string) => when(v) },
        { title: t('passkeys.lastUsed'), dataIndex: 'lastUsedAt', render: (v: string | null) => (v ? when(v) : t('passkeys.never')) },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_: unknown, row: PasskeyRow) =>
            only ? (
              <DisabledWithReason reason={t('passkeys.lastOne')}>
                <Button size="small" danger disabled data-testid={`passkey-remove-${row.id}`}>
                  {t('passkeys.remove')}
                </Button>
              </DisabledWithReason>
            ) : (
              <ActionButton
                resource="passkeys"
                action="remove"
                params={{ id: row.id }}
                label={t('passkeys.remove')}
                reason="none"
                fields={<Typography.Paragraph>{t('passkeys.removeConfirm')}</Typography.Paragraph>}
                danger
                onDone={list.refetch}
                testId={`passkey-remove-${row.id}`}
              />
            ),
        },
      ]}
    />
  );
}

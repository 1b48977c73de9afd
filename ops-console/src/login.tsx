// Sign-in: the operator credential (what the ops CLI uses), then the operator's passkey — or,
// for an operator without one, registering the first — exchanged for a console session.
import { useState } from 'react';
import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { OpsRefusal } from './api/ops-client';
import { useConsole } from './console-context';
import { LanguageSwitch } from './layout';
import type { LoginParams } from './providers/auth-provider';
import type { PasskeyStep } from './providers/passkey-sign-in';

/** The credential step done: the credential (in memory only, while this page shows) and what follows. */
interface Pending {
  credential: string;
  step: PasskeyStep;
}

export function LoginPage() {
  const t = useTranslate();
  const [search] = useSearchParams();
  const { signIn, refusalText } = useConsole();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const why = search.get('why');

  async function credentialStep(values: { credential: string }) {
    setRefusal(null);
    setAsking(true);
    try {
      const credential = values.credential.trim();
      const step = await signIn.begin(credential);
      setPending({ credential, step });
      // The assertion follows at once: the browser shows its own passkey prompt.
      if (step.step === 'passkey') login({ credential, step });
    } catch (error) {
      if (!(error instanceof OpsRefusal)) throw error;
      setRefusal(refusalText(error.msg, error.httpStatus));
    } finally {
      setAsking(false);
    }
  }

  const notices = (
    <>
      {why === 'locked' ? <Alert type="warning" showIcon message={t('login.locked')} style={{ marginBottom: 16 }} data-testid="locked-notice" /> : null}
      {why === 'expired' ? <Alert type="warning" showIcon message={t('login.expired')} style={{ marginBottom: 16 }} /> : null}
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="sign-in-refusal" /> : null}
    </>
  );

  let body;
  if (pending?.step.step === 'register') {
    body = (
      <Form layout="vertical" onFinish={(values: { name?: string }) => login({ ...pending, name: values.name ?? '' })}>
        <Typography.Title level={5}>{t('login.registerTitle')}</Typography.Title>
        <Typography.Paragraph data-testid="register-passkey-intro">{t('login.registerIntro')}</Typography.Paragraph>
        <Form.Item name="name" label={t('login.passkeyName')} rules={[{ max: 40 }]}>
          <Input autoComplete="off" data-testid="passkey-name" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isPending} data-testid="register-passkey">
            {t('login.register')}
          </Button>
          <Button onClick={() => setPending(null)}>{t('login.back')}</Button>
        </Space>
      </Form>
    );
  } else if (pending) {
    body = (
      <>
        <Typography.Title level={5}>{t('login.passkeyStep')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.passkeyHint')}</Typography.Paragraph>
        <Space>
          <Button type="primary" loading={isPending} onClick={() => login(pending)} data-testid="use-passkey">
            {t('login.usePasskey')}
          </Button>
          <Button onClick={() => setPending(null)}>{t('login.back')}</Button>
        </Space>
      </>
    );
  } else {
    body = (
      <Form layout="vertical" onFinish={(values: { credential: string }) => void credentialStep(values)}>
        <Form.Item name="credential" label={t('login.credential')} rules={[{ required: true, whitespace: true }]}>
          <Input.Password autoComplete="off" autoFocus data-testid="credential" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('login.credentialHint')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={asking} block data-testid="sign-in">
          {t('login.submit')}
        </Button>
      </Form>
    );
  }

  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 120 }}>
      <Card title={t('login.title')} style={{ width: 460 }} extra={<LanguageSwitch />}>
        {notices}
        {body}
      </Card>
    </div>
  );
}

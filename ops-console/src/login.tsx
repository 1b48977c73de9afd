// Sign-in: the operator credential (what the ops CLI uses), exchanged for a console session.
import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from './layout';

export function LoginPage() {
  const t = useTranslate();
  const [search] = useSearchParams();
  const { mutate: login, isPending } = useLogin<{ credential: string }>();
  const why = search.get('why');
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 120 }}>
      <Card title={t('login.title')} style={{ width: 460 }} extra={<LanguageSwitch />}>
        {why === 'locked' ? <Alert type="warning" showIcon message={t('login.locked')} style={{ marginBottom: 16 }} data-testid="locked-notice" /> : null}
        {why === 'expired' ? <Alert type="warning" showIcon message={t('login.expired')} style={{ marginBottom: 16 }} /> : null}
        <Form layout="vertical" onFinish={(values: { credential: string }) => login(values)}>
          <Form.Item name="credential" label={t('login.credential')} rules={[{ required: true, whitespace: true }]}>
            <Input.Password autoComplete="off" autoFocus data-testid="credential" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('login.credentialHint')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={isPending} block data-testid="sign-in">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

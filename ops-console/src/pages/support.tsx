// The support inbox has no ops routes yet (its server side is being written): this entry says
// so instead of showing an empty screen that looks finished.
import { useTranslate } from '@refinedev/core';
import { Alert, Card } from 'antd';

export function SupportNotBuiltPage() {
  const t = useTranslate();
  return (
    <Card title={t('support.title')}>
      <Alert type="info" showIcon message={t('support.notBuilt')} data-testid="support-not-built" />
    </Card>
  );
}

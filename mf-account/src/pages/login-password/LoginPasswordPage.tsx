// Change login password (ROUTES.loginPassword): the original must be correct; the new
// one follows the one password rule. Checked with the shared schema before sending.
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { MSG, translateMessage, useAppSelector, useChangePasswordMutation } from '@kabuto/shared-sdk';
import { changePasswordFormSchema, firstErrorKey } from '@kabuto/shared-sdk/schemas';
import { useAccountText } from '../../common/texts';
import { useFinishChange } from '../../common/use-finish-change';
import { Refusal, kit as common } from '@kabuto/shared-sdk/ui';

export default function LoginPasswordPage() {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const finishChange = useFinishChange(setError);

  async function submit() {
    const checked = changePasswordFormSchema.safeParse({ oldPassword, password, confirmPassword });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    finishChange(await changePassword(checked.data));
  }

  return (
    <div className={common.page}>
      <p className={common.intro}>{t('pwd.otherSessions')}</p>
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('common.submit')}
          </Button>
        }
      >
        <Form.Item label={t('pwd.old')}>
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={t('pwd.oldPlaceholder')}
            value={oldPassword}
            onChange={setOldPassword}
            aria-label={t('pwd.old')}
          />
        </Form.Item>
        <Form.Item label={t('pwd.new')} help={t('pwd.hint')}>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('pwd.newPlaceholder')}
            value={password}
            onChange={setPassword}
            aria-label={t('pwd.new')}
          />
        </Form.Item>
        <Form.Item label={t('pwd.confirm')}>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('pwd.confirmPlaceholder')}
            value={confirmPassword}
            onChange={setConfirmPassword}
            aria-label={t('pwd.confirm')}
          />
        </Form.Item>
      </Form>
      <Refusal text={error} testId="form-error" />
    </div>
  );
}

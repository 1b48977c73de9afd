// Fund password (ROUTES.fundPassword): six digits on antd-mobile's passcode input with
// its number keyboard. Setting it the first time needs nothing more; changing it needs
// the original and a step-up (docs/api/identity.md §4).
import { Button, NumberKeyboard, PasscodeInput } from 'antd-mobile';
import { useState } from 'react';
import { PageState, MSG, translateMessage, useAppSelector, useGetUserInfoQuery, usePasskeyStepUp, useSetFundPasswordMutation } from '@kabuto/shared-sdk';
import { firstErrorKey, fundPasswordFormSchema } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as common, useAskStepUpCode } from '@kabuto/shared-sdk/ui';
import { useAccountText } from '../../common/texts';
import { useFinishChange } from '../../common/use-finish-change';

type Field = 'old' | 'new' | 'confirm';

export default function FundPasswordPage() {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const { data: user, isLoading: loadingUser } = useGetUserInfoQuery();
  const [save, { isLoading }] = useSetFundPasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>({ old: '', new: '', confirm: '' });
  const [focused, setFocused] = useState<Field | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finishChange = useFinishChange(setError);
  // The shared one-time-code prompt (until the user has a passkey).
  const askForCode = useAskStepUpCode();
  const stepUp = usePasskeyStepUp('fund-password', { askForCode });
  const changing = user?.hasFundPassword === true;

  async function submit() {
    const checked = fundPasswordFormSchema.safeParse({
      oldFundPassword: changing ? values.old : undefined,
      fundPassword: values.new,
      confirmFundPassword: values.confirm,
    });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    if (changing && !checked.data.oldFundPassword) {
      setError(translateMessage(MSG.fundPasswordEmpty, lang));
      return;
    }
    setError(null);
    if (changing) {
      const granted = await stepUp();
      if (!granted.ok) return;
    }
    finishChange(await save(checked.data));
  }

  function passcode(field: Field, label: string) {
    return (
      <div data-testid={`fund-${field}`}>
        <p className={common.label}>{label}</p>
        <PasscodeInput
          length={6}
          plain={false}
          value={values[field]}
          onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          onFocus={() => setFocused(field)}
          onBlur={() => setFocused((current) => (current === field ? null : current))}
          keyboard={<NumberKeyboard visible={focused === field} onClose={() => setFocused(null)} />}
          aria-label={label}
        />
      </div>
    );
  }

  if (loadingUser)
    return (
      <div className={common.page}>
        <PageState status="loading" />
      </div>
    );
  return (
    <div className={common.page}>
      <p className={common.intro} data-testid="fund-password-intro">
        {changing ? t('fund.changeIntro') : t('fund.setIntro')}
      </p>
      {changing && passcode('old', t('fund.old'))}
      {passcode('new', t('fund.new'))}
      {passcode('confirm', t('fund.confirm'))}
      <Refusal text={error} testId="form-error" />
      <Button block color="primary" size="large" loading={isLoading} onClick={() => void submit()} data-testid="fund-submit">
        {t('common.submit')}
      </Button>
    </div>
  );
}

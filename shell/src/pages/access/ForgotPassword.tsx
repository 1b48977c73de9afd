// Forgot password (docs/api/identity.md §3): a one-time code through the notification
// gateway, then the code with a new password. Both steps are checked with the shared
// schemas before sending; the server never says whether the account exists.
import { useEffect, useState, type FormEvent } from 'react';
import { MSG, TOAST_MS, errorMessage, getHost, translateMessage, useForgotCodeMutation, useForgotResetMutation, type Lang } from '@kabuto/shared-sdk';
import { Field } from './Field';
import { loadFormSchemas } from './form-schemas';
import styles from './forms.module.css';
import { useShellTexts } from '../../i18n/i18n';
import { useAccessTexts } from './access-texts';

/** The server sends one code per account per minute (CODE_RESEND_SECONDS). */
export const RESEND_SECONDS = 60;

interface ForgotPasswordProps {
  initialAccount: string;
  lang: Lang;
  /** Back to the password form; with the account after a successful reset. */
  onClose(account?: string): void;
}

export function ForgotPassword({ initialAccount, lang, onClose }: ForgotPasswordProps) {
  const { t } = useAccessTexts();
  const { t: shellText } = useShellTexts();
  const [sendCode, codeState] = useForgotCodeMutation();
  const [reset, resetState] = useForgotResetMutation();
  const [account, setAccount] = useState(initialAccount);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function requestCode() {
    const { firstErrorKey, forgotCodeFormSchema } = await loadFormSchemas();
    const checked = forgotCodeFormSchema.safeParse({ account: account.trim() });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await sendCode({ account: checked.data.account });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    getHost().toast(translateMessage(MSG.codeSentIfExists, lang), TOAST_MS);
    setAccount(checked.data.account);
    setCodeSent(true);
    setWait(RESEND_SECONDS);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The calls answer errors as values; anything thrown is unexpected but still shown.
    void send().catch((failure: unknown) => setError(errorMessage(failure) || translateMessage(MSG.systemBusy, lang)));
  }

  async function send() {
    if (!codeSent) {
      await requestCode();
      return;
    }
    const { firstErrorKey, forgotResetFormSchema } = await loadFormSchemas();
    const checked = forgotResetFormSchema.safeParse({ account: account.trim(), code, password, confirmPassword });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await reset(checked.data);
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    getHost().toast(translateMessage(MSG.modifySuccess, lang), TOAST_MS);
    onClose(checked.data.account);
  }

  const busy = codeState.isLoading || resetState.isLoading;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="forgot-title" data-testid="forgot-form">
      <h2 id="forgot-title" className={styles.stepTitle}>
        {t('forgot.title')}
      </h2>
      <p className={styles.stepBody}>{t('forgot.intro')}</p>
      <Field
        label={shellText('login.account')}
        placeholder={shellText('login.accountPlaceholder')}
        value={account}
        onValueChange={setAccount}
        name="username"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        readOnly={codeSent}
      />
      {codeSent && (
        <>
          <Field
            label={t('forgot.code')}
            placeholder={t('forgot.codePlaceholder')}
            value={code}
            onValueChange={setCode}
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <Field
            label={t('forgot.password')}
            placeholder={t('forgot.passwordPlaceholder')}
            value={password}
            onValueChange={setPassword}
            name="new-password"
            type="password"
            autoComplete="new-password"
            hint={shellText('register.passwordHint')}
          />
          <Field
            label={t('forgot.confirm')}
            placeholder={t('forgot.confirmPlaceholder')}
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            name="confirm-new-password"
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
      {error && (
        <p className={styles.error} role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? t('forgot.sending') : codeSent ? t('forgot.submit') : t('forgot.send')}
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={() => onClose()}>
          {t('forgot.back')}
        </button>
        {codeSent && (
          <button type="button" className={styles.linkButton} onClick={() => void requestCode()} disabled={wait > 0 || busy}>
            {wait > 0 ? t('forgot.resendIn', { seconds: wait }) : t('forgot.resend')}
          </button>
        )}
      </div>
    </form>
  );
}

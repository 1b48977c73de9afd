// ROUTES.register (spec §2, §5): phone-number account, password twice, invitation
// code, customer agreement. Validated with the SDK's schema before sending; a refusal
// (unknown invitation code, account taken) shows in the form in the user's language.
import { useState, type FormEvent } from 'react';
import { MSG, TOAST_MS, errorMessage, getHost, translateMessage, useAppSelector, useRegisterMutation } from '@kabuto/shared-sdk';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_PATTERN, firstErrorKey, normaliseAccount, REGISTER_FIELDS, registerFormSchema } from '@kabuto/shared-sdk/schemas';
import { LOGIN_PATH } from '../StartPage';
import { Field } from './Field';
import { AGREEMENT_PATH } from './LoginPage';
import styles from './forms.module.css';
import { useShellTexts } from '../../i18n/i18n';

export default function RegisterPage() {
  const { t } = useShellTexts();
  const lang = useAppSelector((state) => state.session.lang);
  const navigate = useNavigate();
  const [register, { isLoading: sending }] = useRegisterMutation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A number typed as dialled (090…, +81…) is saved without its trunk zero: say so, rather
  // than let the customer find a different account number at sign-in.
  const savedAccount = normaliseAccount(account.trim());
  const accountHint = ACCOUNT_PATTERN.test(savedAccount) && savedAccount !== account.trim() ? t('register.accountSaved', { account: savedAccount }) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The call answers errors as values; anything thrown is unexpected but still shown.
    void send().catch((failure: unknown) => setError(errorMessage(failure) || translateMessage(MSG.registerFailed, lang)));
  }

  async function send() {
    const checked = registerFormSchema.safeParse({
      account: account.trim(),
      password,
      confirmPassword,
      inviteCode: inviteCode.trim(),
      agreeCustomer: agreed,
    });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked, REGISTER_FIELDS) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const form = checked.data;
    // The server checks the same schema, so it gets the same fields.
    const answer = await register({
      account: form.account,
      password: form.password,
      confirmPassword: form.confirmPassword,
      inviteCode: form.inviteCode,
    });
    if (!answer.data) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    // No session yet (docs/api/identity.md §3): the login page opens with the account filled in.
    getHost().toast(translateMessage(MSG.registerSuccess, lang), TOAST_MS);
    void navigate(LOGIN_PATH, { replace: true, state: { account: form.account } });
  }

  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label={t('register.account')}
          placeholder={t('register.accountPlaceholder')}
          value={account}
          onValueChange={setAccount}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          hint={accountHint}
        />
        <Field
          label={t('register.password')}
          placeholder={t('register.passwordPlaceholder')}
          value={password}
          onValueChange={setPassword}
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint')}
        />
        <Field
          label={t('register.confirm')}
          placeholder={t('register.confirmPlaceholder')}
          value={confirmPassword}
          onValueChange={setConfirmPassword}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
        />
        <Field
          label={t('register.invite')}
          placeholder={t('register.invitePlaceholder')}
          value={inviteCode}
          onValueChange={setInviteCode}
          name="invite-code"
          autoComplete="off"
          autoCapitalize="characters"
        />
        <label className={styles.check}>
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} data-testid="customer-agreement" />
          <span>
            {t('register.acceptPrefix')} <Link to={AGREEMENT_PATH}>{t('register.customerAgreement')}</Link>
          </span>
        </label>
        {error && (
          <p className={styles.error} role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? t('register.sending') : t('register.submit')}
        </button>
        <div className={styles.links}>
          <Link to={LOGIN_PATH}>{t('register.haveAccount')}</Link>
        </div>
      </form>
    </div>
  );
}

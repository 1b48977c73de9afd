// /pages/login (spec §2, §5): account and password, remember account, privacy
// consent, forgot password, join as member, version. Validated on the client with
// the SDK's schema before anything is sent; the server's answer is shown as it is.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APP_VERSION,
  configValue,
  useGetSiteConfigQuery,
  MSG,
  TOAST_MS,
  firstErrorKey,
  getHost,
  loginFormSchema,
  request,
  translateMessage,
  useAppDispatch,
  useAppSelector,
} from '@kabuto/shared-sdk';
import { SHELL_NS } from '../../i18n/shell-texts';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { KabutoLogo } from '../KabutoLogo';
import { Field } from './Field';
import { readRememberedAccount, rememberAccount } from './remembered-account';
import { finishSignIn } from './sign-in';
import styles from './forms.module.css';

export const REGISTER_PATH = '/pages/register';
export const AGREEMENT_PATH = '/pages/mine/agreement';

export default function LoginPage() {
  const { t } = useTranslation(SHELL_NS);
  const lang = useAppSelector((state) => state.session.lang);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [account, setAccount] = useState(() => readRememberedAccount() ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRememberedAccount() !== null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The version shown comes from the site config, the built-in one until it answers.
  const { data: siteConfig } = useGetSiteConfigQuery();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = loginFormSchema.safeParse({ account: account.trim(), password, agreePrivacy: agreed });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    rememberAccount(remember ? checked.data.account : null);
    setSending(true);
    try {
      // The server checks the same schema, so it gets the same fields. request() never
      // rejects: a refusal or a network failure is toasted by the SDK, translated.
      const answer = await request('user', 'login', {
        account: checked.data.account,
        password: checked.data.password,
        agreePrivacy: 'true',
      });
      if (answer.status === 1) finishSignIn(answer, checked.data.account, { dispatch, navigate, lang });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <LanguageSwitcher />
      </div>
      <div className={styles.logo}>
        <KabutoLogo size={72} />
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          value={account}
          onValueChange={setAccount}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
        />
        <Field
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onValueChange={setPassword}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <label className={styles.check}>
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            data-testid="privacy-consent"
          />
          <span>
            {t('login.consentPrefix')} <Link to={AGREEMENT_PATH}>{t('login.privacyLink')}</Link>
          </span>
        </label>
        {error && (
          <p className={styles.error} role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? t('login.sending') : t('login.submit')}
        </button>
        <div className={styles.links}>
          <button type="button" className={styles.linkButton} onClick={() => getHost().toast(t('login.forgotInfo'), TOAST_MS)}>
            {t('login.forgot')}
          </button>
          <Link to={REGISTER_PATH}>{t('login.join')}</Link>
        </div>
      </form>
      <p className={styles.version} data-testid="app-version">
        {t('login.version', { version: configValue(siteConfig, 'app_version') ?? APP_VERSION })}
      </p>
    </div>
  );
}

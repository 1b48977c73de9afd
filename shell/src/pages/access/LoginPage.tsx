// ROUTES.login (spec §2, §5; docs/api/identity.md §3): account and password, remember
// account, privacy consent, forgot password, join as member, version. Validated on the
// client with the SDK's schema before anything is sent. The server may answer with a
// further step: a passkey (accounts with one), or a one-time code (re-verification after
// an operator unfreeze). A login without a passkey ends with the enrolment offer.
import { useCallback, useState, type FormEvent } from 'react';
import {
  APP_VERSION,
  MSG,
  ROUTES,
  configValue,
  deviceId,
  errorMessage,
  translateMessage,
  useAppDispatch,
  useAppSelector,
  useGetSiteConfigQuery,
  useLoginMutation,
} from '@kabuto/shared-sdk';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type CodeStep, type PasskeyStep, type SessionResult } from '@kabuto/shared-sdk/schemas';
import { HOME_PATH } from '../../frame/route-chrome';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { KabutoLogo } from '../KabutoLogo';
import { EnrolPasskeyOffer } from './EnrolPasskeyOffer';
import { loadFormSchemas, preloadFormSchemas } from './form-schemas';
import { Field } from './Field';
import { ForgotPassword } from './ForgotPassword';
import { PasskeyLoginStep } from './PasskeyLoginStep';
import { readRememberedAccount, rememberAccount } from './remembered-account';
import { keepSession } from './sign-in';
import styles from './forms.module.css';
import { useShellTexts } from '../../i18n/i18n';
import { useAccessTexts } from './access-texts';

export const REGISTER_PATH = ROUTES.register;
export const AGREEMENT_PATH = ROUTES.agreement;

/** Where the login is: the password form, one of the server's further steps, or done. */
type Phase = { kind: 'password' } | { kind: 'code'; step: CodeStep } | { kind: 'passkey'; step: PasskeyStep } | { kind: 'offer' } | { kind: 'forgot' };

/** A registration hands its account over in the navigation state. */
function accountFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('account' in state)) return null;
  return typeof state.account === 'string' ? state.account : null;
}

export default function LoginPage() {
  const { t } = useShellTexts();
  const { t: ta } = useAccessTexts();
  const lang = useAppSelector((state) => state.session.lang);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading: sending }] = useLoginMutation();
  const [account, setAccount] = useState(() => accountFromState(location.state) ?? readRememberedAccount() ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(() => readRememberedAccount() !== null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'password' });
  // The version shown comes from the site config, the built-in one until it answers.
  const { data: siteConfig } = useGetSiteConfigQuery();

  const finish = useCallback(
    (result: SessionResult) => {
      keepSession(result, dispatch, lang);
      setPassword('');
      if (result.offerPasskeyEnrolment) setPhase({ kind: 'offer' });
      else void navigate(HOME_PATH, { replace: true });
    },
    [dispatch, lang, navigate],
  );

  const startOver = useCallback(() => {
    setPhase({ kind: 'password' });
    setCode('');
    setError(null);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The call answers errors as values; anything thrown is unexpected but still shown.
    void send().catch((failure: unknown) => setError(errorMessage(failure) || translateMessage(MSG.loginFailed, lang)));
  }

  async function send() {
    const { firstErrorKey, loginFormSchema, oneTimeCodeSchema } = await loadFormSchemas();
    const checked = loginFormSchema.safeParse({ account: account.trim(), password, agreePrivacy: agreed });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    let oneTimeCode: string | undefined;
    if (phase.kind === 'code') {
      const codeChecked = oneTimeCodeSchema.safeParse(code);
      if (!codeChecked.success) {
        setError(translateMessage(firstErrorKey(codeChecked) ?? MSG.codeFormat, lang));
        return;
      }
      oneTimeCode = codeChecked.data;
    }
    setError(null);
    rememberAccount(remember ? checked.data.account : null);
    // The server checks the same schema, so it gets the same fields.
    const answer = await login({
      account: checked.data.account,
      password: checked.data.password,
      deviceId: deviceId(),
      code: oneTimeCode,
    });
    if (!answer.data) {
      // A restricted account is told why, when the operator gave the customer a reason.
      const reason = answer.error && 'detail' in answer.error ? answer.error.detail?.reason : undefined;
      const message = errorMessage(answer.error);
      setError(message ? (typeof reason === 'string' && reason ? `${message}\n${t('login.restrictionReason', { reason })}` : message) : null);
      return;
    }
    const result = answer.data;
    if (result.step === 'passkey') setPhase({ kind: 'passkey', step: result });
    else if (result.step === 'code') setPhase({ kind: 'code', step: result });
    else finish(result);
  }

  if (phase.kind === 'passkey') {
    return (
      <div className={styles.page}>
        <PasskeyLoginStep step={phase.step} lang={lang} onDone={finish} onStartOver={startOver} />
      </div>
    );
  }
  if (phase.kind === 'offer') {
    return (
      <div className={styles.page}>
        <EnrolPasskeyOffer onFinished={() => void navigate(HOME_PATH, { replace: true })} />
      </div>
    );
  }
  if (phase.kind === 'forgot') {
    return (
      <div className={styles.page}>
        <ForgotPassword
          initialAccount={account}
          lang={lang}
          onClose={(resetAccount) => {
            if (resetAccount) setAccount(resetAccount);
            startOver();
          }}
        />
      </div>
    );
  }

  const askingCode = phase.kind === 'code';
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <LanguageSwitcher />
      </div>
      <div className={styles.logo}>
        <KabutoLogo size={72} />
      </div>
      {/* The form's schemas (zod) load when the customer starts filling it in, not with the page. */}
      <form className={styles.form} onSubmit={submit} onFocus={preloadFormSchemas} noValidate>
        <Field
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          value={account}
          onValueChange={setAccount}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          readOnly={askingCode}
        />
        <Field
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onValueChange={setPassword}
          name="password"
          type="password"
          autoComplete="current-password"
          readOnly={askingCode}
        />
        {askingCode && (
          <div className={styles.form} data-testid="reverify-step">
            <h2 className={styles.stepTitle}>{ta('code.title')}</h2>
            <p className={styles.stepBody}>{ta('code.body', { sentTo: phase.step.sentTo })}</p>
            <Field
              label={ta('code.label')}
              placeholder={ta('code.placeholder')}
              value={code}
              onValueChange={setCode}
              name="one-time-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </div>
        )}
        <label className={styles.check}>
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} data-testid="privacy-consent" />
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
          {sending ? t('login.sending') : askingCode ? ta('code.submit') : t('login.submit')}
        </button>
        {askingCode && (
          <button type="button" className={styles.secondary} onClick={startOver}>
            {ta('startOver')}
          </button>
        )}
        <div className={styles.links}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setError(null);
              setPhase({ kind: 'forgot' });
            }}
          >
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

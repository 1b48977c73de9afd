// Second login step for accounts with a passkey: the password was right, now the
// passkey (docs/api/identity.md §3 user/loginPasskey). Starts at once; a closed sheet
// can be retried; an expired ticket sends the user back to the password.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MSG,
  deviceId,
  errorMessage,
  errorMsg,
  isWebAuthnCancel,
  passkeyAssertion,
  translateMessage,
  useLoginPasskeyMutation,
  type Lang,
} from '@kabuto/shared-sdk';
import { type PasskeyStep, type SessionResult } from '@kabuto/shared-sdk/schemas';
import styles from './forms.module.css';
import { useAccessTexts } from './access-texts';

interface PasskeyLoginStepProps {
  step: PasskeyStep;
  lang: Lang;
  onDone(result: SessionResult): void;
  onStartOver(): void;
}

export function PasskeyLoginStep({ step, lang, onDone, onStartOver }: PasskeyLoginStepProps) {
  const { t } = useAccessTexts();
  const [finishLogin] = useLoginPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ticketSpent, setTicketSpent] = useState(false);
  const started = useRef(false);

  const run = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      let credential: unknown;
      try {
        credential = await passkeyAssertion(step.options);
      } catch (failure) {
        setError(isWebAuthnCancel(failure) ? t('passkey.cancelled') : translateMessage(MSG.passkeyFailed, lang));
        return;
      }
      const answer = await finishLogin({ loginTicket: step.loginTicket, credential: JSON.stringify(credential), deviceId: deviceId() });
      if (answer.data) {
        onDone(answer.data);
        return;
      }
      // The ticket is single-use: after any refusal only a new password step helps.
      setTicketSpent(true);
      setError(errorMessage(answer.error) || translateMessage(errorMsg(answer.error) ?? MSG.loginFailed, lang));
    } finally {
      setBusy(false);
    }
  }, [finishLogin, lang, onDone, step, t]);

  useEffect(() => {
    // Once per ticket, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  return (
    <section className={styles.form} aria-labelledby="passkey-step-title" data-testid="passkey-step">
      <h2 id="passkey-step-title" className={styles.stepTitle}>
        {t('passkey.title')}
      </h2>
      <p className={styles.stepBody}>{busy ? t('passkey.waiting') : t('passkey.body')}</p>
      {error && (
        <p className={styles.error} role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      {!ticketSpent && (
        <button type="button" className={styles.submit} onClick={() => void run()} disabled={busy}>
          {t('passkey.use')}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onStartOver} disabled={busy}>
        {t('startOver')}
      </button>
    </section>
  );
}

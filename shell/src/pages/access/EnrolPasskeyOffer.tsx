// Right after a login without a passkey: offer one (JSDA 2025: phishing-resistant MFA).
// Skipping is allowed; settings offer it again.
import { useState } from 'react';
import { TOAST_MS, browserHasWebAuthn, getHost, useEnrolPasskey } from '@kabuto/shared-sdk';
import styles from './forms.module.css';
import { useAccessTexts } from './access-texts';

interface EnrolPasskeyOfferProps {
  onFinished(): void;
}

export function EnrolPasskeyOffer({ onFinished }: EnrolPasskeyOfferProps) {
  const { t } = useAccessTexts();
  const enrol = useEnrolPasskey();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = browserHasWebAuthn();

  async function add() {
    setBusy(true);
    setError(null);
    const result = await enrol();
    setBusy(false);
    if (result.ok) {
      getHost().toast(t('enrol.added'), TOAST_MS);
      onFinished();
    } else if (result.reason === 'refused') {
      setError(result.message);
    }
  }

  return (
    <section className={styles.form} aria-labelledby="enrol-title" data-testid="passkey-offer">
      <h2 id="enrol-title" className={styles.stepTitle}>
        {t('enrol.title')}
      </h2>
      <p className={styles.stepBody}>{supported ? t('enrol.body') : t('enrol.unsupported')}</p>
      {error && (
        <p className={styles.error} role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      {supported && (
        <button type="button" className={styles.submit} onClick={() => void add()} disabled={busy}>
          {busy ? t('enrol.adding') : t('enrol.add')}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onFinished} disabled={busy}>
        {t('enrol.skip')}
      </button>
    </section>
  );
}

// ROUTES.agreement: the customer agreement and the privacy agreement, short
// and plain, in the user's language.
import { type ShellTextKey } from '../../i18n/shell-texts';
import styles from './forms.module.css';
import { useShellTexts } from '../../i18n/i18n';

const TERMS: ShellTextKey[] = ['agreement.terms.1', 'agreement.terms.2', 'agreement.terms.3', 'agreement.terms.4', 'agreement.terms.5'];
const PRIVACY: ShellTextKey[] = ['agreement.privacy.1', 'agreement.privacy.2', 'agreement.privacy.3', 'agreement.privacy.4'];

export default function AgreementPage() {
  const { t } = useShellTexts();
  return (
    <article className={`${styles.page} ${styles.agreement}`}>
      <section id="terms" aria-labelledby="terms-title">
        <h2 id="terms-title">{t('agreement.termsTitle')}</h2>
        <ol>
          {TERMS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      </section>
      <section id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('agreement.privacyTitle')}</h2>
        <ol>
          {PRIVACY.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      </section>
    </article>
  );
}

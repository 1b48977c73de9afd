// The fund password step of a money-moving action, as mf-trade's order ticket confirms:
// the first tap shows this card, the second sends with the 6-digit password.
import { Input } from 'antd-mobile';
import { useIpoText } from './texts';
import styles from './page.module.css';

export function PasswordConfirm({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) {
  const { t } = useIpoText();
  return (
    <section style={{ marginTop: 10 }} data-testid={`${testId}-confirm`}>
      <p className={styles.label}>{t('apply.password')}</p>
      <Input
        className={styles.field}
        type="password"
        inputMode="numeric"
        maxLength={6}
        value={value}
        onChange={onChange}
        aria-label={t('apply.passwordLabel')}
        data-testid={`${testId}-fund-password`}
      />
    </section>
  );
}

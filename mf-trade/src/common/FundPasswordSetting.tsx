// The session's fund-password skip (取引パスワード省略, docs/api/trading.md trade/settings):
// shows whether orders ask for the fund password, explains what the setting does, and turns
// it on (with the fund password) or off (no password needed). Lasts until the next login.
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage, translateMessage } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { useSaveTradeSettingsMutation } from '../api/trading';
import { useTradeText } from './texts';
import { Refusal, kit as styles } from '@kabuto/shared-sdk/ui';
import { FundPasswordInput } from '@kabuto/shared-sdk/ui/forms';

export function FundPasswordSetting({ skipping, compact = false }: { skipping: boolean; compact?: boolean }) {
  const { t, lang } = useTradeText();
  const [save, saving] = useSaveTradeSettingsMutation();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function change(skipFundPassword: boolean) {
    setError(null);
    // The schemas (zod) load when the customer turns the skip on, not with the positions
    // page that shows this card: they are ~90 ms of evaluation on a phone.
    if (skipFundPassword && !(await import('@kabuto/shared-sdk/schemas')).fundPasswordSchema.safeParse(password).success) {
      setError(translateMessage(MSG.fundPasswordRequiredForOrder, lang));
      return;
    }
    const answer = await save(skipFundPassword ? { skipFundPassword, fundPassword: password } : { skipFundPassword });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    setAsking(false);
    setPassword('');
  }

  return (
    <section className={compact ? undefined : styles.card} data-testid="password-setting" data-skipping={skipping}>
      {!compact && <p className={styles.label}>{t('password.settingTitle')}</p>}
      <p className={styles.muted} style={{ margin: '0 0 8px' }} data-testid="password-setting-state">
        {t(skipping ? 'password.skipOn' : 'password.askingOn')}
      </p>
      {!compact && <p className={styles.intro}>{t('password.explain')}</p>}
      {skipping ? (
        <Button size="small" onClick={() => void change(false)} loading={saving.isLoading} style={{ marginTop: 8 }} data-testid="password-setting-off">
          {t('password.turnOff')}
        </Button>
      ) : asking ? (
        <div style={{ marginTop: 8 }}>
          <FundPasswordInput
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError(null);
            }}
            placeholder={t('password.label')}
            testId="password-setting-input"
          />
          <div className={styles.actions} style={{ marginTop: 8 }}>
            <Button size="small" color="primary" onClick={() => void change(true)} loading={saving.isLoading} data-testid="password-setting-save">
              {t('password.turnOn')}
            </Button>
            <Button size="small" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="small" onClick={() => setAsking(true)} style={{ marginTop: 8 }} data-testid="password-setting-on">
          {t('password.turnOn')}
        </Button>
      )}
      <Refusal text={error} testId="password-setting-error" style={{ marginTop: 8 }} />
    </section>
  );
}

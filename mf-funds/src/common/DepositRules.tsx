// The deposit window and demo auto-approval note, and the customer-service entry: shown on
// the deposit page and again on a deposit channel.
import { Button } from 'antd-mobile';
import { messageText } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { type DepositInfo } from '@kabuto/shared-sdk/schemas';
import { useFundsText } from './texts';
import { daysLabelKey } from './windows';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export function DepositRules({ info }: { info: DepositInfo }) {
  const { t, lang } = useFundsText();
  return (
    <>
      <p className={info.open ? styles.note : styles.error} data-testid="deposit-window">
        {t('deposit.window', { window: info.window, days: t(daysLabelKey(info.days)) })} · {info.open ? t('deposit.openNow') : t('deposit.closedNow')}
      </p>
      {info.demoAutoApprove && (
        <p className={styles.note} data-testid="deposit-demo">
          {messageText('depositDemoAutoApprove', lang)} {t('deposit.demoSeconds', { seconds: info.autoApproveSeconds })}
        </p>
      )}
    </>
  );
}

export function CustomerServiceEntry({ info }: { info: DepositInfo }) {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const route = info.customerService.route;
  return (
    <section className={styles.card} data-testid="customer-service">
      <div className={styles.row}>
        <span>{t('support.title')}</span>
        <Button size="mini" onClick={() => navigate(route)}>
          {t('support.open')}
        </Button>
      </div>
      <p className={styles.intro}>{t('support.body')}</p>
    </section>
  );
}

// Deposit (/pages/mine/capitalTransfer): the wallet, the deposit channels with their
// limits, the deposit window, demo auto-approval when the server runs it, and the
// customer-service chat entry of the spec.
import { Button, List } from 'antd-mobile';
import { messageText, useNavigate } from '@kabuto/shared-sdk';
import { type DepositInfo } from '@kabuto/shared-sdk/schemas';
import { useGetDepositInfoQuery } from '../../api/funds';
import { FundLinks } from '../../common/FundLinks';
import { formatMoneyText } from '../../common/money';
import { useFundsText } from '../../common/texts';
import { WalletHeader } from '../../common/WalletHeader';
import { daysLabelKey } from '../../common/windows';
import styles from '../../common/page.module.css';

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
        {route && (
          <Button size="mini" onClick={() => navigate(route)}>
            {t('support.open')}
          </Button>
        )}
      </div>
      <p className={styles.intro}>{route ? t('support.body') : t('support.notYet')}</p>
    </section>
  );
}

export default function CapitalTransferPage() {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const { data: info, isLoading, isError, refetch } = useGetDepositInfoQuery();
  return (
    <div className={styles.page} data-testid="capital-transfer">
      <WalletHeader />
      <FundLinks />
      {isLoading && <p className={styles.intro}>{t('common.loading')}</p>}
      {(isError || (!isLoading && !info)) && (
        <div className={styles.card}>
          <p className={styles.intro}>{t('common.loadFailed')}</p>
          <Button size="small" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {info && (
        <>
          <DepositRules info={info} />
          <List header={t('deposit.channels')} data-testid="deposit-channels">
            {info.channels.map((channel) => (
              <List.Item
                key={channel.id}
                onClick={() => navigate(`/pages/mine/capitalChannel?channel=${encodeURIComponent(channel.id)}`)}
                description={t('deposit.limits', { min: formatMoneyText(channel.min), max: formatMoneyText(channel.max) })}
                extra={channel.currency}
                data-testid={`channel-${channel.id}`}
              >
                {channel.names[lang === 'tw' || lang === 'jp' ? lang : 'en']}
              </List.Item>
            ))}
          </List>
          <CustomerServiceEntry info={info} />
        </>
      )}
    </div>
  );
}

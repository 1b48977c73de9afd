// Deposit (ROUTES.deposit): the wallet, the deposit channels with their
// limits, the deposit window, demo auto-approval when the server runs it, and the
// customer-service chat entry of the spec.
import { List } from 'antd-mobile';
import { PageState, routeTo, formatMoneyText } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useGetDepositInfoQuery } from '../../api/funds';
import { FundLinks } from '../../common/FundLinks';
import { useFundsText } from '../../common/texts';
import { CustomerServiceEntry, DepositRules } from '../../common/DepositRules';
import { WalletHeader } from '../../common/WalletHeader';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export default function DepositPage() {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const { data: info, isLoading, isError, refetch } = useGetDepositInfoQuery();
  return (
    <div className={styles.page} data-testid="capital-transfer">
      <WalletHeader />
      <FundLinks />
      {isLoading && <PageState status="loading" />}
      {(isError || (!isLoading && !info)) && (
        <div className={styles.card}>
          <PageState status="failed" onRetry={() => void refetch()} />
        </div>
      )}
      {info && (
        <>
          <DepositRules info={info} />
          <List header={t('deposit.channels')} data-testid="deposit-channels">
            {info.channels.map((channel) => (
              <List.Item
                key={channel.id}
                onClick={() => void navigate(routeTo('depositChannel', { channel: channel.id }))}
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

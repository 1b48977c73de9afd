// Personal centre (ROUTES.mine): account, verification state, VIP level and a
// shortcut to every mine route; an agent also sees their rebate ratio and invitation
// codes (spec §6); an institution account sees only customer support.
import { Badge, Button, List } from 'antd-mobile';
import { useGetUserInfoQuery, QueryState, isLoaded } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { StateBadge } from '../../common/StateBadge';
import { useAccountText } from '../../common/texts';
import { useSignOut } from '../../common/use-sign-out';
import { InviteCodesSection } from './InviteCodesSection';
import { mineEntriesFor } from './mine-entries';
import { useSupportUnread } from './use-support-unread';
import { rebatePercent } from './rebate';
import { kit as common } from '@kabuto/shared-sdk/ui';
import styles from './mine.module.css';

export default function MinePage() {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const query = useGetUserInfoQuery();
  // Support's answers not read yet: the count on the support entry (the chat marks them read).
  const supportUnread = useSupportUnread();

  if (!isLoaded(query)) return <QueryState query={query} page />;
  const user = query.data;

  const entries = mineEntriesFor(user);
  // Members never see (nor fetch) invitation codes; a seat account sees only support.
  const isAgent = user.role === 'agent' && !user.supportOnly;
  return (
    <div className={common.page} data-testid="mine-page">
      <section className={`${common.card} ${styles.profile}`}>
        <div className={styles.accountRow}>
          <span className={common.muted}>{t('mine.account')}</span>
          <strong data-testid="mine-account">{user.account}</strong>
        </div>
        {user.supportOnly ? (
          <p className={common.intro}>
            <strong>{t('mine.institution')}</strong> · {t('mine.supportOnlyNote')}
          </p>
        ) : (
          <div className={styles.facts}>
            <div>
              <span className={common.muted}>{t('mine.verification')}</span>
              <StateBadge state={user.verification.state} />
            </div>
            <div>
              <span className={common.muted}>{t('mine.vip')}</span>
              <strong data-testid="mine-vip">{user.vipLevel > 0 ? t('mine.vipLevel', { level: user.vipLevel }) : t('mine.vipNone')}</strong>
            </div>
            {isAgent && user.rebateRatio !== null && (
              <div>
                <span className={common.muted}>{t('mine.rebate')}</span>
                <strong data-testid="mine-rebate">{rebatePercent(user.rebateRatio)}%</strong>
              </div>
            )}
          </div>
        )}
      </section>

      {isAgent && <InviteCodesSection rebateRatio={user.rebateRatio} />}

      <List header={user.supportOnly ? undefined : t('mine.shortcuts')} data-testid="mine-entries">
        {entries.map((entry) => (
          <List.Item
            key={entry.key}
            onClick={() => void navigate(entry.path)}
            data-testid={`mine-entry-${entry.key}`}
            extra={
              entry.key === 'support' && supportUnread > 0 ? (
                <Badge content={supportUnread} aria-label={t('mine.supportUnread', { count: supportUnread })} data-testid="mine-support-unread" />
              ) : undefined
            }
          >
            {t(entry.labelKey)}
          </List.Item>
        ))}
      </List>

      <Button block color="danger" fill="outline" onClick={() => void signOut()} data-testid="sign-out">
        {t('common.signOut')}
      </Button>
      <p className={common.simulated}>{t('common.simulated')}</p>
    </div>
  );
}

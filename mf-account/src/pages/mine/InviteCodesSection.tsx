// An agent's invitation codes on the personal centre (docs/api/identity.md §8): the
// rebate ratio, and behind a toggle the codes with how many customers registered with
// each, and a copy button. Only rendered for agents; the codes are fetched on first
// opening, so the personal centre itself costs no extra call.
import { Button, List, Tag } from 'antd-mobile';
import { useRef, useState } from 'react';
import { PageState, TOAST_MS, formatDateTime, getHost, useAppSelector, useGetInviteCodesQuery } from '@kabuto/shared-sdk';
import { type InviteCodeInfo } from '@kabuto/shared-sdk/schemas';
import { useAccountText } from '../../common/texts';
import { copyText, selectText } from './copy-text';
import { rebatePercent } from './rebate';
import { kit as common } from '@kabuto/shared-sdk/ui';
import styles from './mine.module.css';

export function InviteCodesSection({ rebateRatio }: { rebateRatio: number | null }) {
  const { t } = useAccountText();
  const [open, setOpen] = useState(false);
  const { data, isFetching, isError, refetch } = useGetInviteCodesQuery(undefined, { skip: !open });

  return (
    <List header={t('mine.invites')} data-testid="invite-codes">
      {rebateRatio !== null && (
        <List.Item>
          <span className={common.intro}>{t('mine.invitesIntro', { ratio: rebatePercent(rebateRatio) })}</span>
        </List.Item>
      )}
      <List.Item onClick={() => setOpen(!open)} className={open ? styles.toggleOpen : undefined} data-testid="invite-codes-toggle" data-open={open}>
        {open ? t('mine.invitesHide') : t('mine.invitesShow')}
      </List.Item>
      {open && isFetching && !data && (
        <List.Item>
          <PageState status="loading" />
        </List.Item>
      )}
      {open && isError && !data && (
        <List.Item>
          <PageState status="failed" onRetry={() => void refetch()} />
        </List.Item>
      )}
      {open && data?.codes.length === 0 && (
        <List.Item>
          <span className={common.intro}>{t('mine.invitesNone')}</span>
        </List.Item>
      )}
      {open && data?.codes.map((invite) => <InviteCodeItem key={invite.code} invite={invite} />)}
    </List>
  );
}

function InviteCodeItem({ invite }: { invite: InviteCodeInfo }) {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const codeRef = useRef<HTMLElement>(null);

  async function copy() {
    if (await copyText(invite.code)) {
      getHost().toast(t('mine.inviteCopied', { code: invite.code }), TOAST_MS);
    } else {
      selectText(codeRef.current);
      getHost().toast(t('mine.inviteCopyUnavailable'), TOAST_MS);
    }
  }

  // A deactivated code registers no one: copying it would only mislead, so its button is off.
  return (
    <List.Item
      data-testid="invite-code"
      description={`${t('mine.inviteRegistrations', { count: invite.registrations })} · ${t('mine.inviteIssued', {
        date: formatDateTime(invite.createdAt, lang),
      })}`}
      extra={
        <Button size="mini" color="primary" fill="outline" disabled={!invite.active} onClick={() => void copy()} data-testid="invite-code-copy">
          {t('mine.inviteCopy')}
        </Button>
      }
    >
      <span className={styles.inviteCode}>
        <code ref={codeRef} data-testid="invite-code-text">
          {invite.code}
        </code>
        <Tag color={invite.active ? 'success' : 'default'} fill="outline">
          {invite.active ? t('mine.inviteActive') : t('mine.inviteInactive')}
        </Tag>
      </span>
    </List.Item>
  );
}

// Passkeys in settings: the list, add one, rename one, remove one after a step-up
// (docs/api/identity.md §5: user/passkeyRemove needs the `passkey-remove` grant;
// user/passkeyRename needs none).
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import {
  PageState,
  browserHasWebAuthn,
  messageText,
  useAppSelector,
  useEnrolPasskey,
  useGetPasskeysQuery,
  usePasskeyRemoveMutation,
  usePasskeyStepUp,
} from '@kabuto/shared-sdk';
import { type PasskeyInfo } from '@kabuto/shared-sdk/schemas';
import { useAskStepUpCode } from '@kabuto/shared-sdk/ui';
import { formatDateTime } from '@kabuto/shared-sdk';
import { useAccountText } from '../../common/texts';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';
import { kit as common } from '@kabuto/shared-sdk/ui';
import styles from './settings.module.css';

export function PasskeysSection() {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const { data: passkeys, isLoading } = useGetPasskeysQuery();
  const enrol = useEnrolPasskey();
  const [remove] = usePasskeyRemoveMutation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  // The shared one-time-code prompt (until the user has a passkey).
  const askForCode = useAskStepUpCode();
  const stepUp = usePasskeyStepUp('passkey-remove', { askForCode });

  async function add() {
    setAdding(true);
    const result = await enrol();
    setAdding(false);
    if (result.ok) Toast.show({ content: messageText('passkeyAdded', lang) });
    else if (result.reason === 'refused') Toast.show({ content: result.message });
  }

  // A passkey enrolled without a name is stored with none: it is named here, in the reader's
  // language, by its place in the list oldest first (the list is newest first).
  function nameOf(passkey: PasskeyInfo): string {
    if (passkey.name !== '') return passkey.name;
    const all = passkeys ?? [];
    return t('setting.passkeyDefaultName', { number: all.length - all.findIndex((p) => p.id === passkey.id) });
  }

  async function removeOne(passkey: PasskeyInfo) {
    const confirmed = await Dialog.confirm({
      content: t('setting.passkeyRemoveConfirm', { name: nameOf(passkey) }),
      confirmText: t('setting.passkeyRemove'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const granted = await stepUp();
    if (!granted.ok) return; // refusals were toasted by the hook
    const answer = await remove({ id: passkey.id });
    if ('data' in answer) Toast.show({ content: messageText('deleteSuccess', lang) });
    else if (answer.error && 'message' in answer.error && typeof answer.error.message === 'string') {
      Toast.show({ content: answer.error.message });
    }
  }

  return (
    <>
      <List header={t('setting.passkeys')} data-testid="passkeys">
        {isLoading && (
          <List.Item>
            <PageState status="loading" />
          </List.Item>
        )}
        {passkeys?.length === 0 && (
          <List.Item>
            <span className={common.intro}>{t('setting.passkeysNone')}</span>
          </List.Item>
        )}
        {passkeys?.map((passkey) => (
          <List.Item
            key={passkey.id}
            data-testid="passkey-item"
            description={[
              t('setting.passkeyCreated', { date: formatDateTime(passkey.createdAt, lang) }),
              passkey.lastUsedAt ? t('setting.passkeyLastUsed', { date: formatDateTime(passkey.lastUsedAt, lang) }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
            extra={
              <span className={styles.itemActions}>
                <Button size="mini" fill="outline" onClick={() => setRenaming(passkey)} data-testid="passkey-rename">
                  {t('setting.passkeyRename')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => void removeOne(passkey)}>
                  {t('setting.passkeyRemove')}
                </Button>
              </span>
            }
          >
            <span data-testid="passkey-name">{nameOf(passkey)}</span>
          </List.Item>
        ))}
        <List.Item>
          {browserHasWebAuthn() ? (
            <Button block color="primary" fill="outline" loading={adding} onClick={() => void add()} data-testid="passkey-add">
              {adding ? t('setting.passkeyAdding') : t('setting.passkeyAdd')}
            </Button>
          ) : (
            <span className={common.muted}>{t('setting.passkeyUnsupported')}</span>
          )}
        </List.Item>
      </List>
      {renaming && <RenamePasskeyDialog key={renaming.id} passkey={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}

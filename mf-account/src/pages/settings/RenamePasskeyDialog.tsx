// Rename a passkey (user/passkeyRename). No step-up: a name is only a label and grants
// nothing, so the server asks for none. The name is checked with the shared
// passkeyNameSchema first, so the user sees the same refusal the server would give;
// a server refusal (e.g. the passkey was removed on another device) shows in the dialog.
import { Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { MSG, TOAST_MS, errorMessage, getHost, messageText, translateMessage, useAppSelector, usePasskeyRenameMutation } from '@kabuto/shared-sdk';
import { firstErrorKey, passkeyNameSchema, type PasskeyInfo } from '@kabuto/shared-sdk/schemas';
import { useAccountText } from '../../common/texts';
import { Refusal, kit as common } from '@kabuto/shared-sdk/ui';

interface RenamePasskeyDialogProps {
  passkey: PasskeyInfo;
  /** Called after a successful rename and on cancel; the list refreshes itself (tag invalidation). */
  onClose(): void;
}

/** Mount it with `key={passkey.id}` so each opening starts from that passkey's name. */
export function RenamePasskeyDialog({ passkey, onClose }: RenamePasskeyDialogProps) {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const [rename, { isLoading }] = usePasskeyRenameMutation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const checked = passkeyNameSchema.safeParse(name);
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await rename({ id: passkey.id, name: checked.data });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || translateMessage(MSG.systemBusy, lang));
      return;
    }
    getHost().toast(messageText('modifySuccess', lang), TOAST_MS);
    onClose();
  }

  return (
    <Dialog
      visible
      title={t('setting.passkeyRenameTitle')}
      data-testid="passkey-rename-dialog"
      content={
        <div>
          <p className={common.label}>{t('setting.passkeyName')}</p>
          <Input
            value={name}
            onChange={setName}
            onEnterPress={() => void save()}
            clearable
            autoFocus
            aria-label={t('setting.passkeyName')}
            data-testid="passkey-rename-input"
          />
          <p className={common.muted}>{t('setting.passkeyNameHint')}</p>
          <Refusal text={error} testId="passkey-rename-error" />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'save', text: t('common.save'), bold: true, disabled: isLoading, onClick: save },
        ],
      ]}
      onClose={onClose}
    />
  );
}

// Writing to support: text and up to SUPPORT_ATTACHMENTS_MAX images (uploaded with purpose
// support-attachment through the SDK's upload flow, as the identity and deposit pickers do),
// checked with the shared send form before it goes; the refusal is shown translated, above the
// field. Typing tells support (support/typing) while the customer writes.
import { Button, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { MSG, isAllowedImageType, translateMessage, uploadImage, uploadKeyOf, errorMessage } from '@kabuto/shared-sdk';
import { SUPPORT_ATTACHMENTS_MAX, SUPPORT_TEXT_MAX, firstErrorKey, supportSendFormSchema, type SupportSendResult } from '@kabuto/shared-sdk/schemas';
import { Refusal, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useSendSupportMessageMutation, useSetSupportTypingMutation } from '../../api/support';
import { useAccountText } from '../../common/texts';
import styles from './support-chat.module.css';

/** After this long without a keystroke the customer has stopped typing. */
const TYPING_IDLE_MS = 4000;

interface PendingImage {
  key: string;
  url: string;
}

export interface ComposerProps {
  onSent(result: SupportSendResult): void;
}

export function Composer({ onSent }: ComposerProps) {
  const { t, lang } = useAccountText();
  const [send, { isLoading }] = useSendSupportMessageMutation();
  const [setTyping] = useSetSupportTypingMutation();
  const keys = useSubmissionKeys();
  const [text, setText] = useState('');
  const [images, setImages] = useState<PendingImage[]>([]);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useRef<{ on: boolean; timer: ReturnType<typeof setTimeout> | null }>({ on: false, timer: null });

  function stopTyping() {
    const state = typing.current;
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    if (state.on) {
      state.on = false;
      void setTyping({ typing: false });
    }
  }

  useEffect(() => () => stopTyping(), []); // eslint-disable-line react-hooks/exhaustive-deps -- on leaving only

  function onTextChange(value: string) {
    setText(value);
    setError(null);
    const state = typing.current;
    if (!state.on && value.trim() !== '') {
      state.on = true;
      void setTyping({ typing: true });
    }
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  async function addFiles(files: FileList | null) {
    if (!files) return;
    const room = SUPPORT_ATTACHMENTS_MAX - images.length;
    const picked = Array.from(files);
    if (picked.length > room) setError(translateMessage(MSG.supportTooManyAttachments, lang));
    for (const file of picked.slice(0, Math.max(room, 0))) {
      if (!isAllowedImageType(file.type)) {
        setError(translateMessage(MSG.imageTypeNotAllowed, lang));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        // The placeholder shows progress; failures are the SDK's toasts; the key is what the message carries.
        const url = await uploadImage(file, file.name, { purpose: 'support-attachment', onProgress: () => undefined, onSuccess: () => undefined });
        const key = uploadKeyOf(url);
        if (key) setImages((now) => [...now, { key, url }]);
      } catch {
        // Already told (toast).
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  async function submit() {
    const attachments = images.map((image) => image.key);
    const form = {
      text: text.trim(),
      attachments: attachments.join(','),
      idempotencyKey: keys.keyFor({ text: text.trim(), attachments: attachments.join(',') }),
    };
    const checked = supportSendFormSchema.safeParse(form);
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await send({ text: checked.data.text, attachments: checked.data.attachments, idempotencyKey: checked.data.idempotencyKey });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || translateMessage(MSG.systemBusy, lang));
      return;
    }
    if (!answer.data) return;
    keys.settle();
    stopTyping();
    setText('');
    setImages([]);
    onSent(answer.data);
  }

  const full = images.length + uploading >= SUPPORT_ATTACHMENTS_MAX;
  return (
    <div className={styles.composer} data-testid="chat-composer">
      <Refusal text={error} testId="chat-error" />
      {(images.length > 0 || uploading > 0) && (
        <div className={styles.pending} data-testid="chat-pending-images">
          {images.map((image) => (
            <div key={image.key} className={styles.pendingImage}>
              <img src={image.url} alt={t('sc.attachmentAlt')} data-testid="chat-pending-image" />
              <button
                type="button"
                className={styles.pendingRemove}
                aria-label={t('sc.attachRemove')}
                onClick={() => setImages((now) => now.filter((i) => i.key !== image.key))}
              >
                ×
              </button>
            </div>
          ))}
          {uploading > 0 && <span className={styles.attachmentPending} aria-busy="true" style={{ width: 56, height: 56 }} />}
        </div>
      )}
      <div className={styles.composerRow}>
        <Button size="small" fill="outline" disabled={full} onClick={() => fileInput.current?.click()} aria-label={t('sc.attach')} data-testid="chat-attach">
          ＋
        </Button>
        <input
          ref={fileInput}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          data-testid="chat-file"
          onChange={(event) => {
            const files = event.target.files;
            void addFiles(files).finally(() => {
              event.target.value = '';
            });
          }}
        />
        <div className={styles.input}>
          <TextArea
            value={text}
            onChange={onTextChange}
            placeholder={t('sc.placeholder')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={SUPPORT_TEXT_MAX}
            aria-label={t('sc.placeholder')}
            data-testid="chat-input"
          />
        </div>
        <Button size="small" color="primary" loading={isLoading} disabled={uploading > 0} onClick={() => void submit()} data-testid="chat-send">
          {t('sc.send')}
        </Button>
      </div>
    </div>
  );
}

// One line of the conversation, by who wrote it: mine on the right with its receipt (sent /
// read by support), support's on the left, the automatic out-of-hours reply and the system's
// status lines centred and set apart. Text is rendered as text (React escapes it), never as HTML.
import { formatDateTime, formatMoneyText, routeTo } from '@kabuto/shared-sdk';
import type { SupportAttachment, SupportMessageView } from '@kabuto/shared-sdk/schemas';
import { useNavigate } from 'react-router-dom';
import { useGetSupportAttachmentUrlQuery } from '../../api/support';
import { useAccountText } from '../../common/texts';
import styles from './support-chat.module.css';

function AttachmentImage({ attachment }: { attachment: SupportAttachment }) {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const { data, isError } = useGetSupportAttachmentUrlQuery({ key: attachment.key });
  if (isError) return <span className={styles.attachmentMissing}>{t('sc.attachmentUnavailable')}</span>;
  if (!data) return <span className={styles.attachmentPending} aria-busy="true" />;
  return (
    <button type="button" className={styles.attachmentButton} onClick={() => void navigate(routeTo('previewImage', { src: data.url }))}>
      <img className={styles.attachment} src={data.url} alt={t('sc.attachmentAlt')} data-testid="chat-attachment" />
    </button>
  );
}

function Attachments({ list }: { list: readonly SupportAttachment[] }) {
  if (list.length === 0) return null;
  return (
    <div className={styles.attachments}>
      {list.map((a) => (
        <AttachmentImage key={a.key} attachment={a} />
      ))}
    </div>
  );
}

/** What a message of a kind other than text says, in the reader's language. */
function KindBody({ message }: { message: SupportMessageView }) {
  const { t, lang } = useAccountText();
  const { data } = message;
  switch (data.kind) {
    case 'auto':
      return <p className={styles.text}>{t('sc.autoReply', { time: formatDateTime(data.nextOpenAt, lang) })}</p>;
    case 'status':
      return <>{t(`sc.statusLine.${data.status}`)}</>;
    case 'restriction':
      return (
        <div>
          <strong>{t('sc.restriction.title')}</strong>
          {data.restrictions.length === 0 ? (
            <p className={styles.text}>{t('sc.restriction.none')}</p>
          ) : (
            <ul className={styles.restrictions}>
              {data.restrictions.map((r) => (
                <li key={r.restriction}>
                  {t(`sc.restriction.${r.restriction}`)}
                  {r.reason && <span className={styles.text}> · {t('sc.restriction.reason', { reason: r.reason })}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case 'deposit-request': {
      const { deposit } = data;
      return (
        <div data-testid="chat-deposit" data-deposit-id={deposit.id} data-state={deposit.state}>
          <strong>{t('sc.deposit.message', { id: deposit.id, amount: formatMoneyText(deposit.amount) })}</strong>
          <p className={styles[`deposit_${deposit.state}`]} data-testid="chat-deposit-state">
            {t(`sc.deposit.state.${deposit.state}`)}
          </p>
          {deposit.state === 'rejected' && deposit.rejectReason && (
            <p className={styles.text}>{t('sc.deposit.rejectReason', { reason: deposit.rejectReason })}</p>
          )}
        </div>
      );
    }
    case 'loan-repayment': {
      const { repayment } = data;
      return (
        <div data-testid="chat-repayment" data-loan-id={repayment.loanId}>
          <strong>{t('sc.repay.message', { orderNo: repayment.orderNo, amount: formatMoneyText(repayment.amount) })}</strong>
          <p className={styles.text} data-testid="chat-repayment-left">
            {repayment.outstandingAfter.minor === '0' ? t('sc.repay.paidOff') : t('sc.repay.left', { amount: formatMoneyText(repayment.outstandingAfter) })}
          </p>
        </div>
      );
    }
    case 'text':
      return null;
  }
}

export interface ChatMessageProps {
  message: SupportMessageView;
  /** How far support has read my messages (read receipts). */
  supportReadUpToId: number | null;
}

export function ChatMessage({ message, supportReadUpToId }: ChatMessageProps) {
  const { t, lang } = useAccountText();
  const time = formatDateTime(message.createdAt, lang);
  if (message.author === 'system' || message.kind === 'status') {
    return (
      <div className={styles.systemLine} data-testid="chat-message" data-author="system" data-id={message.id}>
        <KindBody message={message} />
        <span className={styles.time}> · {time}</span>
      </div>
    );
  }
  const mine = message.author === 'customer';
  const auto = message.author === 'auto';
  const read = mine && supportReadUpToId !== null && message.id <= supportReadUpToId;
  return (
    <div
      className={mine ? styles.rowMine : styles.rowTheirs}
      data-testid="chat-message"
      data-author={message.author}
      data-kind={message.kind}
      data-id={message.id}
    >
      <div className={mine ? styles.bubbleMine : auto ? styles.bubbleAuto : styles.bubbleTheirs}>
        {!mine && <span className={styles.author}>{auto ? t('sc.auto') : t('sc.support')}</span>}
        <KindBody message={message} />
        {message.text !== null && message.text !== '' && message.kind !== 'auto' && (
          <p className={styles.text} data-testid="chat-message-text">
            {message.text}
          </p>
        )}
        <Attachments list={message.attachments} />
      </div>
      <span className={styles.meta}>
        {time}
        {mine && (
          <span data-testid="chat-receipt" data-read={read ? 'true' : 'false'}>
            {' · '}
            {read ? t('sc.read') : t('sc.sent')}
          </span>
        )}
      </span>
    </div>
  );
}

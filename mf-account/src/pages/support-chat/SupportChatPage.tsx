// Customer support chat (ROUTES.supportChat, spec §1): the customer's one conversation with
// support (docs/api/support.md). Its status and business hours on top; the messages, newest at
// the bottom, older pages loaded at the top, pull to refresh; the composer with text and images;
// deposit through support; once resolved, a 1–5 rating. Live through the per-user WebSocket:
// support's messages, typing, read receipts, status and the state of deposits made here.
import { Button, PullToRefresh } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PageState, formatDateTime, messageText, type UserPush } from '@kabuto/shared-sdk';
import type {
  SupportConversationView,
  SupportDepositRequestResult,
  SupportMessageView,
  SupportRepayRequestResult,
  SupportSendResult,
} from '@kabuto/shared-sdk/schemas';
import { supportApi, useGetSupportConversationQuery, useReadSupportMessagesMutation } from '../../api/support';
import { useAppDispatch } from '@kabuto/shared-sdk';
import { useAccountText } from '../../common/texts';
import { ChatMessage } from './ChatMessage';
import { Composer } from './Composer';
import { DepositRequestSheet } from './DepositRequestSheet';
import { RepayRequestSheet } from './RepayRequestSheet';
import { RatingPanel } from './RatingPanel';
import { listenToChatEvents } from '../../common/support-live';
import { useChatMessages } from './use-chat-messages';
import styles from './support-chat.module.css';

/** An operator's typing indicator goes away by itself if its "stopped" never arrives. */
const TYPING_SHOWN_MS = 8000;
/** Within this distance of the bottom, a new message scrolls the conversation down. */
const NEAR_BOTTOM_PX = 120;

function StatusAndHours({ conversation, onDeposit, onRepay }: { conversation: SupportConversationView; onDeposit(): void; onRepay(): void }) {
  const { t, lang } = useAccountText();
  const { hours } = conversation;
  return (
    <header className={styles.top}>
      <div className={styles.topRow}>
        <span className={`${styles.status} ${styles[`status_${conversation.status}`]}`} data-testid="chat-status" data-status={conversation.status}>
          {t(`sc.status.${conversation.status}`)}
        </span>
        <span className={styles.topActions}>
          <Button size="mini" fill="outline" onClick={onDeposit} data-testid="chat-deposit-open">
            {t('sc.deposit.open')}
          </Button>
          <Button size="mini" fill="outline" onClick={onRepay} data-testid="chat-repay-open">
            {t('sc.repay.open')}
          </Button>
        </span>
      </div>
      <p className={styles.hours} data-testid="chat-hours" data-open={hours.open ? 'true' : 'false'}>
        {t('sc.hours', { opens: hours.opens, closes: hours.closes })}
        {' · '}
        <span className={hours.open ? undefined : styles.closed}>
          {hours.open ? t('sc.openNow', { time: formatDateTime(hours.closesAt, lang) }) : t('sc.closedNow', { time: formatDateTime(hours.nextOpenAt, lang) })}
        </span>
      </p>
    </header>
  );
}

/** The newest message support (not the customer) wrote, which a read marks seen. */
function newestFromSupport(list: readonly SupportMessageView[]): number | null {
  for (let i = list.length - 1; i >= 0; i -= 1) if (list[i]!.author !== 'customer') return list[i]!.id;
  return null;
}

export default function SupportChatPage() {
  const { t, lang } = useAccountText();
  const dispatch = useAppDispatch();
  const conversationQuery = useGetSupportConversationQuery();
  const conversation = conversationQuery.data;
  const messages = useChatMessages();
  const { refresh, add, setDepositState } = messages;
  const [markRead] = useReadSupportMessagesMutation();
  const [operatorTyping, setOperatorTyping] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const [repayOpen, setRepayOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const lastReadSent = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Where the view was before a change to the list: at the bottom (follow new messages), or
  // reading older ones (keep the same messages in view when older ones are added above).
  const scrollAnchor = useRef<{ height: number; top: number; nearBottom: boolean }>({ height: 0, top: 0, nearBottom: true });

  const patchConversation = useCallback(
    (patch: (draft: SupportConversationView) => void) => dispatch(supportApi.util.updateQueryData('getSupportConversation', undefined, patch)),
    [dispatch],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const showTyping = useCallback((typing: boolean) => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = typing ? setTimeout(() => setOperatorTyping(false), TYPING_SHOWN_MS) : null;
    setOperatorTyping(typing);
  }, []);

  const onEvent = useCallback(
    (push: UserPush) => {
      if (push.event === 'deposit') {
        setDepositState(push.data.id, push.data.state);
        return;
      }
      if (push.event !== 'support') return;
      const data = push.data;
      switch (data.type) {
        case 'message':
          add([data.message]);
          patchConversation((draft) => {
            draft.unread = data.unread;
          });
          if (data.message.author === 'operator') showTyping(false);
          break;
        case 'typing':
          if (data.author === 'operator') showTyping(data.typing);
          break;
        case 'read':
          if (data.reader === 'operator')
            patchConversation((draft) => {
              draft.supportReadUpToId = Math.max(draft.supportReadUpToId ?? 0, data.upToId);
            });
          break;
        case 'status':
          patchConversation((draft) => {
            draft.status = data.status;
          });
          // Resolving opens the rating (canRate): the conversation's call says.
          dispatch(supportApi.util.invalidateTags(['SupportConversation']));
          break;
      }
    },
    [add, dispatch, patchConversation, setDepositState, showTyping],
  );

  const refreshAll = useCallback(async () => {
    dispatch(supportApi.util.invalidateTags(['SupportConversation']));
    await refresh();
  }, [dispatch, refresh]);

  useEffect(() => listenToChatEvents({ onEvent, onReconnected: () => void refreshAll() }), [onEvent, refreshAll]);
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  // The customer sees support's messages while the chat is open: mark them read (support's receipt, the badge).
  const newestSupportId = newestFromSupport(messages.list);
  const unread = conversation?.unread;
  useEffect(() => {
    if (unread === undefined || newestSupportId === null || newestSupportId <= lastReadSent.current) return;
    lastReadSent.current = newestSupportId;
    if (unread > 0) void markRead({ upToId: newestSupportId });
  }, [markRead, newestSupportId, unread]);

  // Keep the view where the customer was reading when the list changes.
  const count = messages.list.length;
  const newestId = messages.list[count - 1]?.id ?? 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = scrollAnchor.current;
    if (before.nearBottom) el.scrollTop = el.scrollHeight;
    else if (el.scrollHeight !== before.height) el.scrollTop = before.top + (el.scrollHeight - before.height);
    scrollAnchor.current = { height: el.scrollHeight, top: el.scrollTop, nearBottom: before.nearBottom };
  }, [count, newestId, operatorTyping]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    scrollAnchor.current = { height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX };
  }

  function loadOlder() {
    // Older messages go above: keep the ones in view where they are.
    const el = scroller.current;
    if (el) scrollAnchor.current = { height: el.scrollHeight, top: el.scrollTop, nearBottom: false };
    void messages.loadOlder();
  }

  function onSent(result: SupportSendResult) {
    scrollAnchor.current = { ...scrollAnchor.current, nearBottom: true };
    add(result.autoReply ? [result.message, result.autoReply] : [result.message]);
  }

  function onDeposit(result: SupportDepositRequestResult) {
    setDepositOpen(false);
    scrollAnchor.current = { ...scrollAnchor.current, nearBottom: true };
    add([result.message]);
  }

  function onRepaid(result: SupportRepayRequestResult) {
    setRepayOpen(false);
    scrollAnchor.current = { ...scrollAnchor.current, nearBottom: true };
    add([result.message]);
  }

  if (!conversation || messages.state !== 'loaded') {
    const failed = conversationQuery.isError || messages.state === 'failed';
    return (
      <div className={styles.chat} data-testid="support-chat">
        <PageState status={failed ? 'failed' : 'loading'} onRetry={() => void refreshAll()} testId="chat-state" />
      </div>
    );
  }

  return (
    <div className={styles.chat} data-testid="support-chat">
      <StatusAndHours conversation={conversation} onDeposit={() => setDepositOpen(true)} onRepay={() => setRepayOpen(true)} />
      <div className={styles.scroller} ref={scroller} onScroll={onScroll} data-testid="chat-scroller">
        <PullToRefresh
          onRefresh={refreshAll}
          pullingText={t('sc.pulling')}
          canReleaseText={t('sc.release')}
          refreshingText={messageText('listLoading', lang)}
          completeText={t('sc.refreshed')}
        >
          <div className={styles.messages} data-testid="chat-messages">
            {messages.hasOlder ? (
              <Button className={styles.older} size="mini" fill="none" loading={messages.loadingOlder} onClick={loadOlder} data-testid="chat-older">
                {t('sc.earlier')}
              </Button>
            ) : (
              <span className={styles.start} data-testid="chat-start">
                {count === 0 ? t('sc.empty') : t('sc.start')}
              </span>
            )}
            {messages.list.map((message) => (
              <ChatMessage key={message.id} message={message} supportReadUpToId={conversation.supportReadUpToId} />
            ))}
          </div>
          <RatingPanel conversation={conversation} />
        </PullToRefresh>
      </div>
      {operatorTyping && (
        <p className={styles.typing} role="status" data-testid="chat-typing">
          {t('sc.typing')}
        </p>
      )}
      <Composer onSent={onSent} />
      <DepositRequestSheet visible={depositOpen} onClose={() => setDepositOpen(false)} onDone={onDeposit} />
      <RepayRequestSheet visible={repayOpen} onClose={() => setRepayOpen(false)} onDone={onRepaid} />
    </div>
  );
}

// How many of support's answers the customer has not read (support/conversation), kept current
// while the page is open: a `support` message event carries the count, a reconnect asks again.
import { useEffect } from 'react';
import { useAppDispatch } from '@kabuto/shared-sdk';
import { supportApi, useGetSupportConversationQuery } from '../../api/support';
import { listenToChatEvents } from '../../common/support-live';

export function useSupportUnread(): number {
  const dispatch = useAppDispatch();
  const unread = useGetSupportConversationQuery().data?.unread ?? 0;
  useEffect(
    () =>
      listenToChatEvents({
        onEvent: (push) => {
          if (push.event !== 'support' || push.data.type !== 'message') return;
          const count = push.data.unread;
          void dispatch(
            supportApi.util.updateQueryData('getSupportConversation', undefined, (draft) => {
              draft.unread = count;
            }),
          );
        },
        onReconnected: () => void dispatch(supportApi.util.invalidateTags(['SupportConversation'])),
      }),
    [dispatch],
  );
  return unread;
}

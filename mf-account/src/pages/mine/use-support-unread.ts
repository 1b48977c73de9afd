// How many of support's answers the customer has not read, for mine's support entry: the count
// support/conversation answers (a conversation opened that way, with nothing asked, stays out of
// the operators' inbox), then, while mine is open, the count each `support` message event carries.
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@kabuto/shared-sdk';
import { supportApi } from '../../api/support';
import { listenToChatEvents } from '../../common/support-live';

export function useSupportUnread(): number {
  const dispatch = useAppDispatch();
  const cached = supportApi.endpoints.getSupportConversation.useQuery().data?.unread;
  const [live, setLive] = useState<number | null>(null);
  useEffect(
    () =>
      listenToChatEvents({
        onEvent: (push) => {
          if (push.event !== 'support' || push.data.type !== 'message') return;
          const count = push.data.unread;
          setLive(count);
          void dispatch(
            supportApi.util.updateQueryData('getSupportConversation', undefined, (draft) => {
              draft.unread = count;
            }),
          );
        },
        // Missed events are not counted: the chat's next read says.
        onReconnected: () => undefined,
      }),
    [dispatch],
  );
  return live ?? cached ?? 0;
}

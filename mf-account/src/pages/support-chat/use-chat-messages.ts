// The conversation's messages as the screen holds them: the newest page first, older pages
// prepended on request (support/messages beforeId), live messages merged in by id (an event
// may repeat a message the screen already has, e.g. its own send), deposit states patched
// from the `deposit` event. Kept by the page, not the api cache: pages and live appends make
// one list.
import { useCallback, useState } from 'react';
import type { DepositState, SupportMessagePage, SupportMessageView } from '@kabuto/shared-sdk/schemas';
import { useLazyGetSupportMessagesQuery } from '../../api/support';

/** Merges `incoming` into `list` by id (an incoming copy replaces the held one), oldest first. */
export function mergeMessages(list: readonly SupportMessageView[], incoming: readonly SupportMessageView[]): SupportMessageView[] {
  const byId = new Map<number, SupportMessageView>();
  for (const message of list) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The deposit of a deposit-request message changed state (the `deposit` live event). */
export function withDepositState(list: readonly SupportMessageView[], depositId: number, state: DepositState): SupportMessageView[] {
  return list.map((message) =>
    message.data.kind === 'deposit-request' && message.data.deposit.id === depositId
      ? { ...message, data: { ...message.data, deposit: { ...message.data.deposit, state } } }
      : message,
  );
}

export type LoadState = 'loading' | 'loaded' | 'failed';

export interface ChatMessages {
  list: SupportMessageView[];
  state: LoadState;
  /** Older messages exist (the top of the list is not the start of the conversation). */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Asks the newest page again and merges it (first load, pull to refresh, reconnect). */
  refresh(): Promise<void>;
  loadOlder(): Promise<void>;
  add(messages: readonly SupportMessageView[]): void;
  setDepositState(depositId: number, state: DepositState): void;
}

/** What the screen holds: the messages and where the next older page starts (null: none older). */
interface Held {
  list: SupportMessageView[];
  nextBeforeId: number | null;
}

/** The newest page merged into what is held: older pages already shown stay reachable from where they end. */
function withNewestPage(held: Held, page: SupportMessagePage): Held {
  const oldestHeld = held.list[0]?.id;
  const oldestOfPage = page.list[0]?.id;
  const olderHeld = oldestHeld !== undefined && oldestOfPage !== undefined && oldestHeld < oldestOfPage;
  return { list: mergeMessages(held.list, page.list), nextBeforeId: olderHeld ? held.nextBeforeId : page.nextBeforeId };
}

export function useChatMessages(): ChatMessages {
  const [fetchPage] = useLazyGetSupportMessagesQuery();
  const [held, setHeld] = useState<Held>({ list: [], nextBeforeId: null });
  const [state, setState] = useState<LoadState>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);

  const load = useCallback(
    async (beforeId?: number): Promise<SupportMessagePage | null> => {
      const answer = await fetchPage(beforeId === undefined ? {} : { beforeId }, false);
      return answer.data ?? null;
    },
    [fetchPage],
  );

  const refresh = useCallback(async () => {
    const page = await load();
    if (!page) {
      // A failed refresh keeps what is shown; only a first load shows the failure.
      setState((now) => (now === 'loaded' ? now : 'failed'));
      return;
    }
    setHeld((now) => withNewestPage(now, page));
    setState('loaded');
  }, [load]);

  const { nextBeforeId } = held;
  const loadOlder = useCallback(async () => {
    if (nextBeforeId === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await load(nextBeforeId);
      if (page) setHeld((now) => ({ list: mergeMessages(now.list, page.list), nextBeforeId: page.nextBeforeId }));
    } finally {
      setLoadingOlder(false);
    }
  }, [load, loadingOlder, nextBeforeId]);

  const add = useCallback((messages: readonly SupportMessageView[]) => setHeld((now) => ({ ...now, list: mergeMessages(now.list, messages) })), []);
  const setDepositState = useCallback(
    (depositId: number, depositState: DepositState) => setHeld((now) => ({ ...now, list: withDepositState(now.list, depositId, depositState) })),
    [],
  );

  return { list: held.list, state, hasOlder: nextBeforeId !== null, loadingOlder, refresh, loadOlder, add, setDepositState };
}

// Screens follow the server: the signed-in user's events on `/ws`
// (docs/api/market.md §6.2) reach the RTK Query cache, so an open page updates without a
// reload: an operator approves identity verification → the verification page and the
// add-card gate refetch; a deposit is approved → the wallet and records refetch; a site
// message arrives → the bell's count changes at once. Events are hints: the HTTP calls stay the
// source of truth. A reconnect resumes from the last event id (the server sends what was missed,
// from any server of the cluster); when it cannot (`resync`: too long away) the user's data is
// refetched, as it is on focus and on coming back online.
import { api, type ApiTagType } from '../api/base-api';
import { identityApi } from '../api/identity';
import type { AppStore } from '../state/store';
import type { UserEventName, UserPush } from './frames';
import { getMarketSocket, type MarketSocket, type SocketCredentials } from './market-socket';

/** What each event makes stale. */
export const USER_EVENT_TAGS: Readonly<Record<UserEventName, readonly ApiTagType[]>> = {
  // userInfo (mine shows 已認證), the verification status (its page, the add-card gate), withdraw info.
  verification: ['UserInfo', 'Identity', 'Funds'],
  deposit: ['Transactions', 'Wallet', 'Funds'],
  withdrawal: ['Transactions', 'Wallet', 'Funds'],
  balance: ['Wallet', 'Funds'],
  bankCard: ['BankCards'],
  message: ['Messages'],
  // The support chat screen applies these itself (messages, typing, read receipts): no cached call goes stale.
  support: [],
  // Trading's events (docs/api/trading.md §6): orders, fills and positions move cash too.
  order: ['Orders', 'Positions'],
  fill: ['Orders', 'Positions', 'Wallet', 'Funds', 'Transactions'],
  position: ['Positions', 'Wallet', 'Funds'],
  marginCall: ['Positions', 'Wallet', 'Funds'],
};

/** Every tag of the user's own data: refetched after a reconnect, on focus and online. */
export const USER_TAGS: readonly ApiTagType[] = [...new Set(Object.values(USER_EVENT_TAGS).flat())];

type Dispatch = AppStore['dispatch'];

/** Applies one event to the cache: patches what the event carries, invalidates the rest. */
export function applyUserEvent(dispatch: Dispatch, push: UserPush): void {
  if (push.event === 'message') {
    // The count is in the event: the bell changes now, before the refetch answers.
    dispatch(
      identityApi.util.updateQueryData('getMessageUnread', undefined, (draft) => {
        draft.unread = push.data.unread;
      }),
    );
  }
  dispatch(api.util.invalidateTags([...USER_EVENT_TAGS[push.event]]));
}

export interface UserEventsOptions {
  socket?: MarketSocket;
  /** Where focus / visibility / online events come from; default window. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: Pick<Document, 'visibilityState'> };
}

/**
 * Keeps the page's socket bound to the signed-in session and its events flowing into the
 * cache; returns the stop function. The shell starts it once, next to the store.
 */
export function startUserEvents(store: Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>, options: UserEventsOptions = {}): () => void {
  const socket = options.socket ?? getMarketSocket();
  const target = options.target ?? (typeof window !== 'undefined' ? window : undefined);
  const loggedIn = () => store.getState().session.token !== null;

  const bind = () => {
    const { token, account } = store.getState().session;
    const credentials: SocketCredentials | null = token && account ? { token, account } : null;
    socket.authenticate(credentials);
  };
  bind();
  const stopSession = store.subscribe(bind);
  const stopEvents = socket.onUserEvent((push) => applyUserEvent(store.dispatch, push));

  const refetchMine = () => {
    if (loggedIn()) store.dispatch(api.util.invalidateTags([...USER_TAGS]));
  };
  // A connection that came back and could not be given what it missed.
  const stopResync = socket.onResync(refetchMine);
  const onVisible = () => {
    if (!target?.document || target.document.visibilityState === 'visible') refetchMine();
  };
  target?.addEventListener('focus', refetchMine);
  target?.addEventListener('online', refetchMine);
  target?.addEventListener('visibilitychange', onVisible);

  return () => {
    stopSession();
    stopEvents();
    stopResync();
    target?.removeEventListener('focus', refetchMine);
    target?.removeEventListener('online', refetchMine);
    target?.removeEventListener('visibilitychange', onVisible);
  };
}

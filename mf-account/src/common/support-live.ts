// The support chat's view of the per-user WebSocket (docs/api/support.md §3): the `support` and `deposit`
// events of the signed-in customer, and a signal when the connection comes back after a drop
// (events sent meanwhile were missed, so the page asks the calls again).
import { getMarketSocket, type UserPush } from '@kabuto/shared-sdk';

export interface ChatLiveListeners {
  onEvent(push: UserPush): void;
  onReconnected(): void;
}

/** Starts listening; returns the stop function. */
export function listenToChatEvents(listeners: ChatLiveListeners): () => void {
  const socket = getMarketSocket();
  let wasOpen = socket.getStatus() === 'open';
  const stopEvents = socket.onUserEvent((push) => {
    if (push.event === 'support' || push.event === 'deposit') listeners.onEvent(push);
  });
  const stopStatus = socket.onStatus((status) => {
    if (status === 'open' && wasOpen) listeners.onReconnected();
    if (status === 'open') wasOpen = true;
  });
  return () => {
    stopEvents();
    stopStatus();
  };
}

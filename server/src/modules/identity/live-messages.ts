// Wraps a gateway so every delivered notice also reaches the user's open screens: a `message`
// event with the unread count on `/ws` (docs/api/market.md §6.2).
import type { Database } from '../../db/client';
import { unreadCount } from './user-info';
import { forgetUserInfo } from './user-info-cache';
import type { UserEventHub } from '../market';
import type { NotificationGateway } from '../../notifications/gateway';

export function withLiveMessages(gateway: NotificationGateway, db: Database, events: UserEventHub): NotificationGateway {
  return {
    send: (notification) => gateway.send(notification),
    async siteMessageStored(userId, kind) {
      // Called after the message's commit: user/info's unread count must show it now.
      forgetUserInfo(userId);
      await gateway.siteMessageStored?.(userId, kind);
      // Published even when no socket is open here: the user's socket may be on another server,
      // or reconnecting and about to resume from its last event.
      events.publish(userId, { event: 'message', data: { kind, unread: await unreadCount(db, userId) } });
    },
  };
}

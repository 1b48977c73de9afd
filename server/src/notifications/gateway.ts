// How the server reaches a customer outside the app (codes, security alerts). The
// embedded default writes the outbox table, which operators read (CLI, API) and tests
// read; an SMTP or SMS adapter implementing the same interface is the production path.
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { outbox } from './schema';

/**
 * `push` is a device notification (Web Push / APNs / FCM in production). The embedded gateway
 * records it in the outbox like the others; open screens also get it as a live event.
 */
export type NotificationChannel = 'email' | 'sms' | 'push';

export interface Notification {
  channel: NotificationChannel;
  /** Phone account for sms and push, address for email. */
  recipient: string;
  subject: string;
  body: string;
}

export interface NotificationGateway {
  send(notification: Notification): Promise<void>;
  /**
   * Told after a notice's site message for `userId` has committed (sendNotice calls it), so
   * open screens learn of it at once (live-messages.ts: a `message` event with the unread count).
   */
  siteMessageStored?(userId: number, kind: string): Promise<void>;
}

/** The embedded gateway: one outbox row per notification. */
export function createOutboxGateway(db: Database, clock: Clock): NotificationGateway {
  return {
    async send(notification) {
      await db.insert(outbox).values({ ...notification, createdAt: clock.now() });
    },
  };
}

// A security notice reaches the user twice: as a site message (the bell) and through
// the notification gateway (outbox by default).
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { siteMessages } from './schema';
import { forgetUserInfo } from './user-info-cache';
import type { NotificationGateway } from '../../notifications/gateway';
import type { Notice } from '../../notifications/templates';

export interface NoticeTarget {
  id: number;
  account: string;
}

/** Writes the site message with `db` (pass a transaction to make it part of a change). */
export async function storeSiteMessage(db: Database, clock: Clock, user: NoticeTarget, notice: Notice): Promise<void> {
  await db.insert(siteMessages).values({ userId: user.id, kind: notice.kind, title: notice.title, body: notice.body, createdAt: clock.now() });
  // The unread count changed; after the commit the gateway's siteMessageStored forgets again (live-messages.ts).
  forgetUserInfo(user.id);
}

/** The outbox/SMS copy; call after the change has committed. */
export async function sendNotice(gateway: NotificationGateway, user: NoticeTarget, notice: Notice): Promise<void> {
  await gateway.send({
    channel: 'sms',
    recipient: user.account,
    subject: `Kabuto: ${notice.title.jp} / ${notice.title.en}`,
    body: `${notice.body.jp}\n${notice.body.en}`,
  });
  await gateway.siteMessageStored?.(user.id, notice.kind);
}

/**
 * The device copy of an urgent notice (margin calls, forced liquidations, IPO draw results and
 * payment deadlines, price alerts): one outbox row on the `push` channel. Call after commit.
 */
export async function sendPushNotice(gateway: NotificationGateway, user: NoticeTarget, notice: Notice): Promise<void> {
  await gateway.send({ channel: 'push', recipient: user.account, subject: notice.title.jp, body: `${notice.title.en}: ${notice.body.en}` });
}

export async function notifyUser(db: Database, clock: Clock, gateway: NotificationGateway, user: NoticeTarget, notice: Notice): Promise<void> {
  await storeSiteMessage(db, clock, user, notice);
  await sendNotice(gateway, user, notice);
}

// A security notice reaches the user twice: as a site message (the bell) and through
// the notification gateway (outbox by default).
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import { siteMessages } from './schema';
import { forgetCachedSessionsOf } from './session-cache';
import { forgetUserInfo } from './user-info-cache';
import type { NotificationGateway } from '../../notifications/gateway';
import { formatJst, type Notice } from '../../notifications/templates';

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

/**
 * After a password change has committed: the caches forget the user again (a call between the
 * sessions' revocation and the commit may have remembered the old row), then the notice goes out.
 */
export async function afterPasswordCommit(gateway: NotificationGateway, user: NoticeTarget, notice: Notice): Promise<void> {
  forgetCachedSessionsOf(user.id);
  forgetUserInfo(user.id);
  await sendNotice(gateway, user, notice);
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

/** The clocks a security notice is stamped with: real time for what happened, business time for the inbox. */
export interface SecurityClocks {
  db: Database;
  clock: Clock;
  businessClock?: BusinessClock;
  notifications: NotificationGateway;
}

/**
 * A security notice (sign-in, lockout, password, passkey and account changes) keeps real time:
 * it tells when something happened to the account. The inbox lists every message in business
 * time, so while that clock is simulated the notice is filed at the business instant and its
 * text names the real time and says it is real.
 */
export function securityNotice(clocks: Omit<SecurityClocks, 'db' | 'notifications'>, notice: Notice): { stamp: Clock; notice: Notice } {
  const business = clocks.businessClock;
  if (!business || business.mode !== 'demo') return { stamp: clocks.clock, notice };
  const at = formatJst(clocks.clock.now());
  return {
    stamp: business,
    notice: {
      ...notice,
      body: {
        tw: `${notice.body.tw}（實際時間：${at}。示範帳戶的交易時鐘為模擬時間。）`,
        jp: `${notice.body.jp}（実時間：${at}。デモの取引時計は模擬時刻です。）`,
        en: `${notice.body.en} (Real time: ${at}; the demo's trading clock is simulated.)`,
      },
    },
  };
}

/** storeSiteMessage for a security notice (securityNotice): pass a transaction to make it part of a change. */
export async function storeSecurityMessage(
  db: Database,
  clocks: Omit<SecurityClocks, 'db' | 'notifications'>,
  user: NoticeTarget,
  notice: Notice,
): Promise<void> {
  const stamped = securityNotice(clocks, notice);
  await storeSiteMessage(db, stamped.stamp, user, stamped.notice);
}

/** notifyUser for a security notice (securityNotice). */
export async function notifySecurity(clocks: SecurityClocks, user: NoticeTarget, notice: Notice): Promise<void> {
  const stamped = securityNotice(clocks, notice);
  await notifyUser(clocks.db, stamped.stamp, clocks.notifications, user, stamped.notice);
}

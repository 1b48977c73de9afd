import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { RestrictionHooks } from './restriction-hooks';

/** What the identity routes need; the plugin receives it as options. */
export interface IdentityDeps {
  db: Database;
  clock: Clock;
  /** The business clock the inbox sorts by; security notices name real time beside it (notify-user.ts). */
  businessClock?: BusinessClock;
  notifications: NotificationGateway;
  /** Signs device cookies (device-cookies.ts); derived from the server secret. */
  deviceKey: Buffer;
  /** What other modules do, in the same transaction, when a restriction is set or lifted. */
  restrictionHooks: RestrictionHooks;
}

export const USER_API = '/api/vue/user';

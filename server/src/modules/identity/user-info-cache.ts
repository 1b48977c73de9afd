// user/info answers from memory (caches/per-user-cache.ts): user/info is called on every
// screen and read the user, the latest verification, passkeys and unread messages each time.
// Every write to what the answer shows forgets the user's entry: the users row (role, VIP
// level, restrictions, fund password), identity verifications, passkeys and site messages.
// The writers are all in this module (grep `forgetUserInfo`); site messages other modules
// store go through storeSiteMessage here, and their after-commit `siteMessageStored` (the
// gateway wrapper, live-messages.ts) forgets again.
import type { IdentityUserInfo } from '@kabuto/shared-sdk/schemas';
import { perUserCacheFamily, type PerUserCache } from '../../caches/per-user-cache';

export type UserInfoCache = PerUserCache<IdentityUserInfo>;

const userInfoCaches = perUserCacheFamily<IdentityUserInfo>('userInfo');

/** A cache of this app's user/info answers; ttl 0 = off. */
export const createUserInfoCache = (ttlMs: number): UserInfoCache => userInfoCaches.create(ttlMs);

/** Something user/info shows changed for `userId` (call at the write and again after its commit). */
export const forgetUserInfo = (userId: number): void => userInfoCaches.forget(userId);

declare module 'fastify' {
  interface FastifyInstance {
    /** user/info answers of this app (user-info-cache.ts); ttl 0 = off. */
    userInfoCache: UserInfoCache;
  }
}

// A short per-process memory of user/info answers (issue 9: user/info is called on every
// screen and read the user, the latest verification, passkeys and unread messages each time).
// Every write to what the answer shows forgets the user's entry: the users row (role, VIP
// level, restrictions, fund password), identity verifications, passkeys and site messages.
// The writers are all in this module (grep `forgetUserInfo`); site messages other modules
// store go through storeSiteMessage here, and their after-commit `siteMessageStored` (the
// gateway wrapper, live-messages.ts) forgets again.
//
// A write inside a transaction forgets before its commit, so a call in between could read
// the old facts and remember them: every forget bumps `forgets`, and an answer read while any
// forget happened is not remembered; the writers forget again after the commit. An entry
// also lives at most ttlMs, so a writer someone adds without forgetting is seen within it.
// One process only: docs/operations.md "Read path and caches" says how N servers would share
// the forgetting.
import type { IdentityUserInfo } from '@kabuto/shared-sdk/schemas';

interface Entry {
  info: IdentityUserInfo;
  until: number;
}

/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** Every cache of this process, so a write anywhere reaches all of them. */
const caches = new Set<UserInfoCache>();

export class UserInfoCache {
  private readonly entries = new Map<number, Entry>();
  private forgets = 0;

  constructor(readonly ttlMs: number) {
    if (ttlMs > 0) caches.add(this);
  }

  /** The user's answer, from memory when fresh, else from `load` (remembered unless a write happened meanwhile). */
  async read(userId: number, load: () => Promise<IdentityUserInfo | undefined>): Promise<IdentityUserInfo | undefined> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(userId);
    if (entry && performance.now() < entry.until) return entry.info;
    const generation = this.forgets;
    const info = await load();
    if (info && generation === this.forgets) {
      this.entries.delete(userId);
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(userId, { info, until: performance.now() + this.ttlMs });
    }
    return info;
  }

  forget(userId: number): void {
    this.forgets += 1;
    this.entries.delete(userId);
  }

  /** Stops taking part (app closed). */
  close(): void {
    caches.delete(this);
    this.entries.clear();
  }
}

/** Something user/info shows changed for `userId` (call at the write and again after its commit). */
export function forgetUserInfo(userId: number): void {
  for (const cache of caches) cache.forget(userId);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** user/info answers of this app (user-info-cache.ts); ttl 0 = off. */
    userInfoCache: UserInfoCache;
  }
}

// What a placement checks of its customer before the writer, remembered briefly (two
// reads on every order otherwise): whether this session skips the fund password, and whether the
// customer's margin account is open. Entries live as long as checked sessions do
// (SESSION_CACHE_MS; off unless the app is built with sessionCacheMs). The settings route
// forgets the customer at its write and again after its commit; a margin account, once open,
// is never closed, so only "open" is remembered. The margin account's minimum deposit is not
// remembered: the placement writer checks it under the customer's funds lock.
// In a cluster the forgets reach every process (caches/forget-relay.ts).
import { afterCommit } from '../../../db/after-commit';
import type { Database } from '../../../db/client';
import { perUserCacheFamily, type PerUserCache } from '../../../caches/per-user-cache';

const skipFamily = perUserCacheFamily<boolean>('skipsFundPassword');
const marginFamily = perUserCacheFamily<true>('marginOpen');

export interface CustomerFacts {
  /** Per customer, stamped with the session the answer is for. */
  readonly skipsPassword: PerUserCache<boolean>;
  readonly marginOpen: PerUserCache<true>;
  close(): void;
}

export function createCustomerFacts(ttlMs: number): CustomerFacts {
  const skipsPassword = skipFamily.create(ttlMs);
  const marginOpen = marginFamily.create(ttlMs);
  return {
    skipsPassword,
    marginOpen,
    close: () => {
      skipsPassword.close();
      marginOpen.close();
    },
  };
}

/** A session's fund-password setting changed: forget it now and once the write is visible. */
export function forgetSkipSetting(db: Database, userId: number): void {
  skipFamily.forget(userId);
  afterCommit(db, () => skipFamily.forget(userId));
}

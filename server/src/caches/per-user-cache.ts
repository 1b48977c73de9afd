// A short per-process memory of one answer per user: user/info and the wallet are read on
// every screen, and each read would be a database round trip. Writers forget the user's entry
// (through the family, so every app of the process forgets: tests run several); an entry also
// lives at most ttlMs, so a writer someone adds without forgetting is seen within it.
//
// A write inside a transaction forgets before its commit, so a read in between could see the
// old facts and remember them: every forget bumps `forgets`, and an answer read while any
// forget happened is not remembered; writers forget again after the commit (db/after-commit.ts).
// An entry is also tied to a `stamp` (e.g. the business date, for figures that change at a
// date's turn without a write): a read with another stamp loads afresh.
// A family has a name, and its forgets reach a cluster's other processes too (forget-relay.ts).
import { forgetEverywhere, registerForgetter } from './forget-relay';

interface Entry<T> {
  value: T;
  stamp: string;
  until: number;
}

/** Entries kept at most per cache; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

export class PerUserCache<T> {
  private readonly entries = new Map<number, Entry<T>>();
  private forgets = 0;

  constructor(
    readonly ttlMs: number,
    private readonly family: Set<PerUserCache<T>>,
  ) {
    if (ttlMs > 0) family.add(this);
  }

  /** The user's answer, from memory when fresh and of the same stamp, else from `load` (remembered unless a write happened meanwhile). */
  async read(userId: number, load: () => Promise<T | undefined>, stamp = ''): Promise<T | undefined> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(userId);
    if (entry && entry.stamp === stamp && performance.now() < entry.until) return entry.value;
    const generation = this.forgets;
    const value = await load();
    if (value !== undefined && generation === this.forgets) {
      this.entries.delete(userId);
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(userId, { value, stamp, until: performance.now() + this.ttlMs });
    }
    return value;
  }

  forget(userId: number): void {
    this.forgets += 1;
    this.entries.delete(userId);
  }

  /** Stops taking part (app closed). */
  close(): void {
    this.family.delete(this);
    this.entries.clear();
  }
}

/** Caches of one kind of answer across the process, and the one call that forgets a user in all of them. */
export interface PerUserCacheFamily<T> {
  create(ttlMs: number): PerUserCache<T>;
  forget(userId: number): void;
}

export function perUserCacheFamily<T>(name: string): PerUserCacheFamily<T> {
  const members = new Set<PerUserCache<T>>();
  registerForgetter(name, (key) => {
    for (const cache of members) cache.forget(Number(key));
  });
  return {
    create: (ttlMs) => new PerUserCache<T>(ttlMs, members),
    forget: (userId) => forgetEverywhere(name, String(userId)),
  };
}

// A short per-process memory of checked sessions: the session lookup would otherwise be a
// database round trip on every logged-in call. An entry lives SESSION_CACHE_MS of real
// time at most; revoking a session, or an operator changing what a session carries (role,
// VIP level, restrictions), forgets the user's entries at once, so a revocation is honoured
// on the next call. Idle and absolute expiry are still checked on every call against the
// clock. Off (0 ms) unless the app is built with sessionCacheMs; main.ts turns it on.
//
// Revocations made inside a transaction forget before their commit, so a call in between
// could read the old row and remember it: every forget bumps `generation`, and a row read
// while any forget happened is not remembered (set() takes the generation seen before the
// read). Callers that revoke in a transaction forget again after the commit.
import type { SessionRow, UserRow } from './schema';

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
}

interface Entry extends CachedSession {
  until: number;
}

/** Entries kept at most; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

/** Every cache of this process, so a revocation anywhere reaches all of them. */
const caches = new Set<SessionCache>();

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private forgets = 0;

  constructor(readonly ttlMs: number) {
    if (ttlMs > 0) caches.add(this);
  }

  /** Take before reading a session from the database; pass to set(). */
  generation(): number {
    return this.forgets;
  }

  /** `token`: the session token as the request carried it (held only in this process's memory, as the request is). */
  get(token: string): CachedSession | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (performance.now() >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, value: CachedSession, readAtGeneration: number): void {
    // Something was forgotten while the row was read: it may predate that change.
    if (this.ttlMs <= 0 || readAtGeneration !== this.forgets) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { ...value, until: performance.now() + this.ttlMs });
  }

  forgetUser(userId: number): void {
    this.forgets += 1;
    for (const [token, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(token);
  }

  forgetSession(sessionId: string): void {
    this.forgets += 1;
    for (const [token, entry] of this.entries) if (entry.session.id === sessionId) this.entries.delete(token);
  }

  /** Stops taking part (app closed). */
  close(): void {
    caches.delete(this);
    this.entries.clear();
  }
}

/** Forget every cached session of `userId` (revoked, or its role or restrictions changed). */
export function forgetCachedSessionsOf(userId: number): void {
  for (const cache of caches) cache.forgetUser(userId);
}

export function forgetCachedSession(sessionId: string): void {
  for (const cache of caches) cache.forgetSession(sessionId);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checked sessions of this app (session-cache.ts); ttl 0 = off. */
    sessionCache: SessionCache;
  }
}

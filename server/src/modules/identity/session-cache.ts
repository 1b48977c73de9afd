// A short per-process memory of checked sessions (server/src/http/checked-cache.ts): the
// session lookup would otherwise be a database round trip on every logged-in call. An entry
// lives SESSION_CACHE_MS of real time at most; revoking a session, or an operator changing what
// a session carries (role, VIP level, restrictions), forgets the user's entries at once, so a
// revocation is honoured on the next call. Idle and absolute expiry are still checked on every
// call against the clock. Off (0 ms) unless the app is built with sessionCacheMs; main.ts turns
// it on. Callers that revoke in a transaction forget again after the commit. In a cluster a
// forget reaches every process (caches/forget-relay.ts).
import { forgetEverywhere, registerForgetter } from '../../caches/forget-relay';
import { CheckedCache } from '../../http/checked-cache';
import type { SessionRow, UserRow } from './schema';

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
}

/** Every cache of this process, so a revocation anywhere reaches all of them. */
const caches = new Set<SessionCache>();

/** Keyed by the session token as the request carried it (held only in this process's memory, as the request is). */
export class SessionCache extends CheckedCache<CachedSession> {
  constructor(ttlMs: number) {
    super(ttlMs);
    if (ttlMs > 0) caches.add(this);
  }

  forgetUser(userId: number): void {
    this.forget((entry) => entry.user.id === userId);
  }

  forgetSession(sessionId: string): void {
    this.forget((entry) => entry.session.id === sessionId);
  }

  /** Stops taking part (app closed). */
  close(): void {
    caches.delete(this);
    this.clear();
  }
}

registerForgetter('sessionsOf', (userId) => {
  for (const cache of caches) cache.forgetUser(Number(userId));
});
registerForgetter('session', (sessionId) => {
  for (const cache of caches) cache.forgetSession(sessionId);
});

/** Forget every cached session of `userId` (revoked, or its role or restrictions changed), in every process of a cluster. */
export function forgetCachedSessionsOf(userId: number): void {
  forgetEverywhere('sessionsOf', String(userId));
}

export function forgetCachedSession(sessionId: string): void {
  forgetEverywhere('session', sessionId);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checked sessions of this app (session-cache.ts); ttl 0 = off. */
    sessionCache: SessionCache;
  }
}

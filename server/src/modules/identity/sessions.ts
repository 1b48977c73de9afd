// Sessions: an opaque random token goes to the client; only its sha256 is stored.
// A session ends when revoked (logout, password change/reset, operator freeze) or
// when idle for SESSION_IDLE_MINUTES or older than SESSION_ABSOLUTE_HOURS.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { sessions, type SessionRow } from './schema';
import { MINUTE_MS, SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from './constants';
import { forgetCachedSession, forgetCachedSessionsOf } from './session-cache';
import { newToken, sha256Hex } from '../../crypto/tokens';

export type RevokeReason = 'logout' | 'password-changed' | 'password-reset' | 'frozen' | 'login-banned' | 'disabled' | 'expired';

export interface NewSession {
  token: string;
  sessionId: string;
}

export async function createSession(
  db: Database,
  clock: Clock,
  input: { userId: number; userAgent: string | null; deviceId: string | null },
): Promise<NewSession> {
  const now = clock.now();
  const token = newToken();
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    tokenHash: sha256Hex(token),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 60 * MINUTE_MS),
    userAgent: input.userAgent?.slice(0, 400) ?? null,
    deviceId: input.deviceId,
  });
  return { token, sessionId };
}

/** Still usable at `now`? (not revoked, not past its absolute end, not idle too long) */
export function sessionIsLive(session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastSeenAt'>, now: Date): boolean {
  if (session.revokedAt !== null) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MINUTES * MINUTE_MS;
}

export async function revokeSession(db: Database, clock: Clock, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetCachedSession(sessionId);
}

/** Revokes every open session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Database, clock: Clock, userId: number, reason: RevokeReason, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokeReason: reason })
    .where(and(...conditions));
  forgetCachedSessionsOf(userId);
}

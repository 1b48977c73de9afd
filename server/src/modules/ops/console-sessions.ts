// Console sessions: the web console (ops-console/, served at /ops) exchanges an operator's
// long-lived credential, with one of their passkeys (passkeys.ts), for a short-lived token, so
// the credential is typed once and never kept by the browser. The token is accepted by the same bearer guard (auth.ts) with the
// operator's current role; it lives CONSOLE_SESSION_TTL_MS after its last use (sliding), ends
// at once when the console signs out, and stops working when the operator is retired. Only
// its sha256 is stored. Starting and ending one is audited.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { newToken, sha256Hex } from '../../crypto/tokens';
import { forgetCheckedOperators } from './operator-cache';
import { writeAudit } from './audit';
import type { OperatorRole } from './roles';
import { operators, operatorSessions } from './schema';

/** Who starts or ends a session (auth.ts's OperatorIdentity; not imported, as auth.ts imports this file). */
interface SessionActor {
  id: number;
  name: string;
}

/** A console session lasts this long after its last call. */
export const CONSOLE_SESSION_TTL_MS = 15 * 60 * 1000;

export interface ConsoleSessionStart {
  token: string;
  expiresAt: string;
}

/** `via`: how the sign-in was proven beyond the credential (the passkey used), for the audit. */
export async function startConsoleSession(db: Database, clock: Clock, operator: SessionActor, via: { passkey: string }): Promise<ConsoleSessionStart> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operatorSessions)
      .values({ operatorId: operator.id, tokenHash: sha256Hex(token), createdAt: now, expiresAt })
      .returning({ id: operatorSessions.id });
    if (!row) throw new Error('console session not stored');
    await writeAudit(tx, clock, operator, {
      action: 'operator.session.start',
      targetUserId: null,
      reason: null,
      details: { sessionId: row.id, expiresAt: expiresAt.toISOString(), ...via },
    });
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

export interface SessionOperator {
  id: number;
  name: string;
  role: OperatorRole;
  sessionId: number;
  expiresAt: Date;
}

/**
 * The active operator holding live console session `token`, its expiry moved to now + TTL;
 * null when the token is unknown, expired, ended, or its operator retired.
 */
export async function operatorOfSession(db: Database, clock: Clock, token: string): Promise<SessionOperator | null> {
  const now = clock.now();
  const [row] = await db
    .select({ id: operators.id, name: operators.name, role: operators.role, sessionId: operatorSessions.id })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, sha256Hex(token)),
        isNull(operatorSessions.endedAt),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.retiredAt),
        eq(operators.state, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_TTL_MS);
  await db.update(operatorSessions).set({ expiresAt }).where(eq(operatorSessions.id, row.sessionId));
  return { ...row, expiresAt };
}

export async function endConsoleSession(db: Database, clock: Clock, operator: SessionActor, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(operatorSessions)
      .set({ endedAt: clock.now() })
      .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.endedAt)));
    await writeAudit(tx, clock, operator, { action: 'operator.session.end', targetUserId: null, reason: null, details: { sessionId } });
  });
  forgetCheckedOperators();
}

// The reusable request guards (Fastify preHandlers) of every logged-in call. Other
// modules import them from here:
//   app.post('/api/vue/funds/withdraw', { preHandler: [requireUser, forbidInstitution,
//     requireNotRestricted('withdraw'), requireStepUp('withdraw')] }, handler)
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { StepUpPurpose } from '@kabuto/shared-sdk/schemas';
import { identityVerifications, sessions, stepUpGrants, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import { noteGuard } from '../../http/openapi/guard-notes';
import { type AuthUser, restrictionsOf } from './auth-user';
import { SESSION_TOUCH_SECONDS } from './constants';
import { sessionIsLive } from './sessions';
import { sha256Hex } from './tokens';

/** Envelope status the client reads as "session ended" (spec §8 → /pages/logon?v=1). */
export const SESSION_ENDED_STATUS = 410002;

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** HTTP 401: no usable credentials (client → logon v=2). */
function sendUnauthorised(reply: FastifyReply): FastifyReply {
  return reply.code(401).send(fail(MSG.loginRequired));
}

/** HTTP 200 + status 410002: the session existed but has ended (client → logon v=1). */
function sendSessionEnded(reply: FastifyReply): FastifyReply {
  return reply.code(200).send({ status: SESSION_ENDED_STATUS, msg: MSG.sessionExpired, data: null });
}

/**
 * Requires headers `token` and `account` naming a live session of that account, and
 * sets `request.user`. Missing/unknown token or another account's token → HTTP 401;
 * expired or revoked → 200 with status 410002.
 */
export const requireUser: preHandlerAsyncHookHandler = noteGuard(
  async function requireUser(request, reply) {
    const token = headerText(request, 'token');
    const account = headerText(request, 'account');
    if (!token || !account) return sendUnauthorised(reply);
    const { db, clock } = request.server;
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sha256Hex(token)))
      .limit(1);
    if (!row || row.user.account !== account) return sendUnauthorised(reply);
    const now = clock.now();
    if (!sessionIsLive(row.session, now)) return sendSessionEnded(reply);
    if (now.getTime() - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_SECONDS * 1000) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    const user: AuthUser = {
      id: row.user.id,
      account: row.user.account,
      role: row.user.role,
      vipLevel: row.user.vipLevel,
      sessionId: row.session.id,
      restrictions: restrictionsOf(row.user),
    };
    request.user = user;
  },
  { kind: 'login' },
);

/** request.user after requireUser; throws (a programming error) when the guard is missing. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('requireUser must run before this handler');
  return request.user;
}

/**
 * Institution (seat) accounts may only use customer support (spec §1, §6): every other
 * business call is answered with the spec's message, HTTP 200 (a toast, no logout).
 */
export const forbidInstitution: preHandlerAsyncHookHandler = noteGuard(
  async function forbidInstitution(request, reply) {
    if (!request.user) return sendUnauthorised(reply);
    if (request.user.role === 'institution') return reply.code(200).send(fail(MSG.seatAccountSupportOnly));
  },
  { kind: 'not-institution' },
);

export type RestrictedKind = 'trade' | 'withdraw';

/** HTTP 403 with the restriction's catalogue message when the user is barred from `kind`. */
export function requireNotRestricted(kind: RestrictedKind): preHandlerAsyncHookHandler {
  return noteGuard(
    async function notRestricted(request, reply) {
      const user = request.user;
      if (!user) return sendUnauthorised(reply);
      const r = user.restrictions;
      if (r.frozen) return reply.code(403).send(fail(MSG.accountFrozen));
      if (r.disabled) return reply.code(403).send(fail(MSG.accountDisabled));
      if (kind === 'trade' && r.tradeBanned) return reply.code(403).send(fail(MSG.tradingBarred));
      if (kind === 'withdraw' && r.withdrawBanned) return reply.code(403).send(fail(MSG.withdrawBarred));
    },
    { kind: 'not-restricted', restriction: kind },
  );
}

/** A live step-up grant for this session and purpose? */
export async function hasStepUpGrant(request: FastifyRequest, purpose: StepUpPurpose): Promise<boolean> {
  const user = request.user;
  if (!user) return false;
  const { db, clock } = request.server;
  const [grant] = await db
    .select({ id: stepUpGrants.id })
    .from(stepUpGrants)
    .where(and(eq(stepUpGrants.sessionId, user.sessionId), eq(stepUpGrants.purpose, purpose), gt(stepUpGrants.expiresAt, clock.now())))
    .limit(1);
  return grant !== undefined;
}

/**
 * Requires a fresh step-up (passkey assertion, or the outbox code until the user has a
 * passkey) for `purpose`, made in this session within STEP_UP_MINUTES. Without one:
 * status 0, MSG.stepUpRequired, data { stepUp: purpose } — the client runs the step-up
 * (user/stepUpOptions → user/stepUpVerify) and retries.
 */
export function requireStepUp(purpose: StepUpPurpose): preHandlerAsyncHookHandler {
  return noteGuard(
    async function stepUp(request, reply) {
      if (!request.user) return sendUnauthorised(reply);
      if (!(await hasStepUpGrant(request, purpose))) {
        return reply.code(200).send(fail(MSG.stepUpRequired, { stepUp: purpose }));
      }
    },
    { kind: 'step-up', purpose },
  );
}

/**
 * Requires verified identity (spec §5: real-name information before withdrawing). The
 * answer names the state: not submitted, under review, or rejected.
 */
export const requireVerifiedIdentity: preHandlerAsyncHookHandler = noteGuard(
  async function verifiedIdentity(request, reply) {
    const user = request.user;
    if (!user) return sendUnauthorised(reply);
    const [latest] = await request.server.db
      .select({ state: identityVerifications.state })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.id))
      .orderBy(desc(identityVerifications.submittedAt), desc(identityVerifications.id))
      .limit(1);
    if (!latest) return reply.code(200).send(fail(MSG.realNameRequiredBeforeWithdraw));
    if (latest.state === 'under_review') return reply.code(200).send(fail(MSG.realNameUnderReview));
    if (latest.state === 'rejected') return reply.code(200).send(fail(MSG.realNameNotPassed));
  },
  { kind: 'verified-identity' },
);

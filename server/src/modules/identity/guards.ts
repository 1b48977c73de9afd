// The reusable request guards (Fastify preHandlers) of every logged-in call. Other
// modules import them from here:
//   app.post('/api/vue/funds/withdraw', { preHandler: [requireUser, forbidInstitution,
//     requireNotRestricted('withdraw'), requireStepUp('withdraw')] }, handler)
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { StepUpPurpose, SupportHint } from '@kabuto/shared-sdk/schemas';
import { identityVerifications, sessions, stepUpGrants, users } from './schema';
import { ApiFailure, fail, SESSION_ENDED_STATUS } from '../../http/envelope';
import { noteGuard } from '../../http/openapi/guard-notes';
import { auditLog } from '../ops';
import { type AuthUser, restrictionsOf } from './auth-user';
import { SESSION_TOUCH_SECONDS } from './constants';
import { sessionIsLive } from './sessions';
import { sha256Hex } from '../../crypto/tokens';

export { SESSION_ENDED_STATUS };

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
    const { db, clock, sessionCache } = request.server;
    // Remembered by the token itself: hashing it costs ~8 µs on every call, and the
    // hash is only what the database stores instead of the token.
    const row = await sessionCache.load(
      token,
      async () => {
        const [found] = await db
          .select({ session: sessions, user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(sessions.tokenHash, sha256Hex(token)))
          .limit(1);
        return found;
      },
      (found) => found.session.revokedAt === null,
    );
    if (!row || row.user.account !== account) return sendUnauthorised(reply);
    const now = clock.now();
    if (!sessionIsLive(row.session, now)) return sendSessionEnded(reply);
    if (now.getTime() - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_SECONDS * 1000) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      // The cached copy carries the touch too (it is this same object when cached).
      row.session.lastSeenAt = now;
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

/** What a token + account pair names: a live session's user, nothing, or an ended session. */
export type SessionLookup = { userId: number; sessionId: string } | 'unknown' | 'ended';

/**
 * The same check as requireUser, for callers without HTTP headers (the `/ws` auth frame):
 * `now` is real time (sessions are security timers).
 */
export async function lookupSession(db: FastifyRequest['server']['db'], now: Date, token: string, account: string): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: sessions, account: users.account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row || row.account !== account) return 'unknown';
  if (!sessionIsLive(row.session, now)) return 'ended';
  return { userId: row.session.userId, sessionId: row.session.id };
}

/** request.user after requireUser; throws (a programming error) when the guard is missing. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('requireUser must run before this handler');
  return request.user;
}

/** What the seat-account refusal carries: the client offers the support chat (docs/api/support.md §1). */
export const SEAT_ACCOUNT_SUPPORT_HINT: SupportHint = { rule: 'seat-account-support-only', support: true };

/**
 * Institution (seat) accounts may only use customer support (spec §1, §6): every other
 * business call is answered with the spec's message, HTTP 200 (a toast, no logout), and
 * data pointing to the support chat.
 */
export const forbidInstitution: preHandlerAsyncHookHandler = noteGuard(
  async function forbidInstitution(request, reply) {
    if (!request.user) return sendUnauthorised(reply);
    if (request.user.role === 'institution') return reply.code(200).send(fail(MSG.seatAccountSupportOnly, SEAT_ACCOUNT_SUPPORT_HINT));
  },
  { kind: 'not-institution' },
);

/**
 * trade-reducing: a call that only reduces exposure (cancel an order, close a position). A
 * trading bar blocks new exposure and lets the customer reduce it (docs/trading.md §11,
 * "Trading bar"), so only frozen / disabled stop it.
 */
export type RestrictedKind = 'trade' | 'withdraw' | 'trade-reducing';

/** What a business-restriction refusal carries besides its catalogue message. */
export interface RestrictionRefusal {
  restriction: 'trade_banned' | 'withdraw_banned' | 'frozen' | 'login_banned' | 'disabled';
  /** The operator's customer-facing text, or null; never the internal note. */
  reason: string | null;
}

/** The customer-facing reason the operator gave when last setting `restriction` on the user. */
export async function customerReasonOf(
  db: FastifyRequest['server']['db'],
  userId: number,
  restriction: RestrictionRefusal['restriction'],
): Promise<string | null> {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, 'restriction.set'), sql`${auditLog.details}->>'restriction' = ${restriction}`))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const reason = row?.details.customerReason;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}

/**
 * Business restrictions (trade/withdraw ban) answer status 0 with their catalogue message
 * and `data: RestrictionRefusal`, so the page tells the user and the session goes on.
 * Frozen / disabled end the session (they revoke it when set), so they stay HTTP 403
 * (client → logon v=3) in case a session slipped through.
 */
export function requireNotRestricted(kind: RestrictedKind): preHandlerAsyncHookHandler {
  return noteGuard(
    async function notRestricted(request, reply) {
      const user = request.user;
      if (!user) return sendUnauthorised(reply);
      const r = user.restrictions;
      if (r.frozen) return reply.code(403).send(fail(MSG.accountFrozen));
      if (r.disabled) return reply.code(403).send(fail(MSG.accountDisabled));
      if (kind === 'trade-reducing') return;
      const barred = kind === 'trade' ? r.tradeBanned : r.withdrawBanned;
      if (!barred) return;
      const restriction = kind === 'trade' ? 'trade_banned' : 'withdraw_banned';
      const refusal: RestrictionRefusal = { restriction, reason: await customerReasonOf(request.server.db, user.id, restriction) };
      return reply.code(200).send(fail(kind === 'trade' ? MSG.tradingBarred : MSG.withdrawBarred, refusal));
    },
    { kind: 'not-restricted', restriction: kind },
  );
}

/**
 * For a call that passed requireNotRestricted('trade-reducing') and turns out to add exposure
 * (a conditional order that opens a position): the trading bar's refusal, as the guard sends it.
 */
export async function refuseWhileTradingBarred(request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user?.restrictions.tradeBanned) return;
  const refusal: RestrictionRefusal = { restriction: 'trade_banned', reason: await customerReasonOf(request.server.db, user.id, 'trade_banned') };
  throw new ApiFailure(MSG.tradingBarred, refusal);
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

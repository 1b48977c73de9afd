// Identity's operator calls under /api/ops (docs/api/identity.md §9): users, restrictions,
// roles, identity reviews, invitation codes, the outbox. JSON, Bearer operator credential
// (the ops module's guard), every change audited in the same transaction.
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '@kabuto/shared-sdk/constants';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../db/client';
import { ApiFailure, ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { outbox } from '../../notifications/schema';
import { kycRejectedNotice, restrictionNotice, simpleNotice, type Notice } from '../../notifications/templates';
import { clearAllDeviceFailures } from './device-cookies';
import { auditLog, currentOperator, OPS_API, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import type { IdentityDeps } from './deps';
import { issueInviteCodes } from './invite-codes';
import { sendNotice, storeSecurityMessage } from './notify-user';
import { identityVerifications, inviteCodes, users, type UserRow } from './schema';
import { forgetCachedSessionsOf } from './session-cache';
import { revokeUserSessions, type RevokeReason } from './sessions';
import { latestVerification, rebateRatioOf } from './user-info';
import { forgetUserInfo } from './user-info-cache';

export const RESTRICTIONS = ['frozen', 'login_banned', 'disabled', 'trade_banned', 'withdraw_banned'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

const COLUMN_OF: Record<Restriction, 'frozen' | 'loginBanned' | 'disabled' | 'tradeBanned' | 'withdrawBanned'> = {
  frozen: 'frozen',
  login_banned: 'loginBanned',
  disabled: 'disabled',
  trade_banned: 'tradeBanned',
  withdraw_banned: 'withdrawBanned',
};

/** Restrictions that end every open session when set. */
const REVOKES: Partial<Record<Restriction, RevokeReason>> = { frozen: 'frozen', login_banned: 'login-banned', disabled: 'disabled' };

const reasonSchema = z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500, { error: MSG.reasonRequired });
const optionalReason = z.string().trim().max(500).optional();
const limitSchema = z.coerce.number().int().min(1).max(500).optional().default(50);

const inviteBody = z.object({ count: z.coerce.number().int().min(1).max(50).optional().default(1), reason: optionalReason });
const restrictionBody = z.object({
  restriction: z.enum(RESTRICTIONS),
  on: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  /** Internal note (audit log only). */
  reason: reasonSchema,
  /** What the customer is told (site message, refusal data); never the internal note. */
  customerReason: z.string().trim().max(500).optional(),
});
const roleBody = z.object({
  role: z.enum(['member', 'institution', 'agent']),
  rebateRatio: z.coerce.number().min(0).max(1).optional(),
  reason: reasonSchema,
});
const vipBody = z.object({ level: z.coerce.number().int().min(0).max(10), reason: reasonSchema });
const reasonBody = z.object({ reason: reasonSchema });
const approveBody = z.object({ reason: optionalReason });
const userSearchQuery = z.object({ q: z.string().trim().max(20).optional() });
const kycStateQuery = z.object({ state: z.enum(['under_review', 'verified', 'rejected']).optional().default('under_review') });
const outboxQuery = z.object({ to: z.string().trim().max(100).optional(), limit: limitSchema });
const auditQuery = z.object({ account: z.string().trim().max(20).optional(), limit: limitSchema });
const accountParams = z.object({ account: z.string().regex(/^\d{10}$/, { error: MSG.accountNotFound }) });

/** What operators see of a user. */
export function operatorView(user: UserRow, kycState: string, now: Date) {
  return {
    id: user.id,
    account: user.account,
    role: user.role,
    vipLevel: user.vipLevel,
    rebateRatio: rebateRatioOf(user),
    restrictions: RESTRICTIONS.filter((r) => user[COLUMN_OF[r]]),
    locked: user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime(),
    lockedUntil: user.lockedUntil?.toISOString() ?? null,
    needsReverification: user.needsReverification,
    kyc: kycState,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Register in a plugin context of its own: the operator guard covers every route of it. */
export async function identityOpsRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
  const { db, clock } = deps;

  async function userByAccount(request: FastifyRequest): Promise<UserRow> {
    const { account } = parseRouteParams(request, accountParams);
    const [user] = await db.select().from(users).where(eq(users.account, account)).limit(1);
    if (!user) throw new ApiFailure(MSG.accountNotFound);
    return user;
  }

  /** Runs `change` and its audit record in one transaction, then delivers the notice. */
  async function audited(
    user: UserRow | null,
    entry: { action: AuditAction; reason: string | null; details: Record<string, unknown> },
    operator: ReturnType<typeof currentOperator>,
    change: (tx: Database) => Promise<void | (() => Promise<void>)[]>,
    notice?: Notice,
  ): Promise<void> {
    const after = await db.transaction(async (tx) => {
      const steps = await change(tx);
      if (user && notice) await storeSecurityMessage(tx, deps, user, notice);
      await writeAudit(tx, clock, operator, { action: entry.action, targetUserId: user?.id ?? null, reason: entry.reason, details: entry.details });
      return steps ?? [];
    });
    // Every audited change is to the user (restrictions, role, VIP level, verification, unlock) or sends them a message.
    if (user) forgetUserInfo(user.id);
    if (user && notice) await sendNotice(deps.notifications, user, notice);
    for (const step of after) await step();
  }

  app.post(`${OPS_API}/invites`, { config: { summary: 'Issue invitation codes', form: inviteBody } }, async (request) => {
    const body = parseRouteForm(request, inviteBody);
    const codes = await db.transaction(async (tx) => {
      const issued = await issueInviteCodes(tx, clock, body.count, null);
      await writeAudit(tx, clock, currentOperator(request), {
        action: 'invite.issue',
        targetUserId: null,
        reason: body.reason ?? null,
        details: { codes: issued },
      });
      return issued;
    });
    return ok({ codes });
  });

  app.get(`${OPS_API}/invites`, { config: { summary: 'All invitation codes' } }, async () => {
    const rows = await db.select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt));
    return ok(rows.map((r) => ({ code: r.code, active: r.active, issuerUserId: r.issuerUserId, createdAt: r.createdAt.toISOString() })));
  });

  app.get(`${OPS_API}/users`, { config: { summary: 'Users, newest first, optionally by account digits', query: userSearchQuery } }, async (request) => {
    const { q } = parseRouteQuery(request, userSearchQuery);
    const where: SQL | undefined = q ? ilike(users.account, `%${q.replace(/[%_\\]/g, '')}%`) : undefined;
    const rows = await db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(200);
    const now = clock.now();
    const list = await Promise.all(rows.map(async (u) => operatorView(u, (await latestVerification(db, u.id))?.state ?? 'unverified', now)));
    return ok(list);
  });

  app.get(`${OPS_API}/users/:account`, { config: { summary: 'One user with restrictions and verification state', params: accountParams } }, async (request) => {
    const user = await userByAccount(request);
    const kyc = await latestVerification(db, user.id);
    return ok({ ...operatorView(user, kyc?.state ?? 'unverified', clock.now()), kycRejectReason: kyc?.rejectReason ?? null });
  });

  app.post(
    `${OPS_API}/users/:account/restrictions`,
    { config: { summary: 'Set or lift a restriction (freeze, login ban, disable, trade ban, withdraw ban)', form: restrictionBody, params: accountParams } },
    async (request) => {
      const user = await userByAccount(request);
      const body = parseRouteForm(request, restrictionBody);
      const column = COLUMN_OF[body.restriction];
      const before = user[column];
      const revoke = body.on ? REVOKES[body.restriction] : undefined;
      // Reopening a frozen account needs the customer to re-verify (JSDA 2025).
      const reverify = !body.on && body.restriction === 'frozen' && before;
      await audited(
        user,
        {
          action: body.on ? 'restriction.set' : 'restriction.lift',
          reason: body.reason,
          details: {
            restriction: body.restriction,
            before,
            after: body.on,
            sessionsRevoked: revoke !== undefined,
            needsReverification: reverify,
            customerReason: body.customerReason || null,
          },
        },
        currentOperator(request),
        async (tx) => {
          await tx
            .update(users)
            .set({ [column]: body.on, ...(reverify ? { needsReverification: true } : {}) })
            .where(eq(users.id, user.id));
          if (revoke) await revokeUserSessions(tx, clock, user.id, revoke);
          // Trading cancels what a trading bar forbids in this same transaction (restriction-hooks.ts).
          if (before !== body.on) return deps.restrictionHooks.run(tx, { userId: user.id, restriction: body.restriction, on: body.on });
          return [];
        },
        restrictionNotice(body.restriction, body.on, body.customerReason || null),
      );
      // After the commit: the next call of any of the user's sessions sees the change.
      forgetCachedSessionsOf(user.id);
      return ok({ account: user.account, restriction: body.restriction, on: body.on, needsReverification: reverify || user.needsReverification });
    },
  );

  app.post(
    `${OPS_API}/users/:account/unlock`,
    { config: { summary: 'Unlock an account locked by failed logins', form: reasonBody, params: accountParams } },
    async (request) => {
      const user = await userByAccount(request);
      const body = parseRouteForm(request, reasonBody);
      await audited(
        user,
        {
          action: 'user.unlock',
          reason: body.reason,
          details: { lockedUntil: user.lockedUntil?.toISOString() ?? null, failedLoginCount: user.failedLoginCount },
        },
        currentOperator(request),
        async (tx) => {
          await tx.update(users).set({ lockedUntil: null, failedLoginCount: 0 }).where(eq(users.id, user.id));
          await clearAllDeviceFailures(tx, user.id);
        },
        simpleNotice('unlocked'),
      );
      return ok({ account: user.account, locked: false });
    },
  );

  app.post(
    `${OPS_API}/users/:account/role`,
    { config: { summary: 'Change the role (member, institution, agent with rebate ratio)', form: roleBody, params: accountParams } },
    async (request) => {
      const user = await userByAccount(request);
      const body = parseRouteForm(request, roleBody);
      if (body.role === 'agent' && body.rebateRatio === undefined) throw new ApiFailure(MSG.rebateRatioRequired);
      const rebateRatioBp = body.role === 'agent' && body.rebateRatio !== undefined ? Math.round(body.rebateRatio * 10_000) : null;
      let agentCode: string | null = null;
      await audited(
        user,
        { action: 'user.role', reason: body.reason, details: { from: user.role, to: body.role, rebateRatioBp } },
        currentOperator(request),
        async (tx) => {
          await tx.update(users).set({ role: body.role, rebateRatioBp }).where(eq(users.id, user.id));
          if (body.role === 'agent') {
            // An agent recruits with their own invitation code; give them one if they have none.
            const [active] = await tx
              .select({ code: inviteCodes.code })
              .from(inviteCodes)
              .where(and(eq(inviteCodes.issuerUserId, user.id), eq(inviteCodes.active, true)))
              .limit(1);
            agentCode = active?.code ?? (await issueInviteCodes(tx, clock, 1, user.id))[0] ?? null;
          }
        },
        simpleNotice('role_changed'),
      );
      forgetCachedSessionsOf(user.id);
      return ok({ account: user.account, role: body.role, rebateRatio: rebateRatioBp === null ? null : rebateRatioBp / 10_000, inviteCode: agentCode });
    },
  );

  app.post(`${OPS_API}/users/:account/vip`, { config: { summary: 'Change the VIP level', form: vipBody, params: accountParams } }, async (request) => {
    const user = await userByAccount(request);
    const body = parseRouteForm(request, vipBody);
    await audited(
      user,
      { action: 'user.vip', reason: body.reason, details: { from: user.vipLevel, to: body.level } },
      currentOperator(request),
      async (tx) => {
        await tx.update(users).set({ vipLevel: body.level }).where(eq(users.id, user.id));
      },
      simpleNotice('role_changed'),
    );
    forgetCachedSessionsOf(user.id);
    return ok({ account: user.account, vipLevel: body.level });
  });

  app.get(`${OPS_API}/kyc`, { config: { summary: 'Identity verifications by state (default under review)', query: kycStateQuery } }, async (request) => {
    const { state } = parseRouteQuery(request, kycStateQuery);
    const rows = await db
      .select({ v: identityVerifications, account: users.account })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .where(eq(identityVerifications.state, state))
      .orderBy(identityVerifications.submittedAt)
      .limit(200);
    return ok(
      rows.map(({ v, account }) => ({
        account,
        realName: v.realName,
        idNumber: v.idNumber,
        docType: v.docType,
        frontKey: v.frontKey,
        backKey: v.backKey,
        state: v.state,
        rejectReason: v.rejectReason,
        submittedAt: v.submittedAt.toISOString(),
        reviewedAt: v.reviewedAt?.toISOString() ?? null,
        reviewedBy: v.reviewedBy,
      })),
    );
  });

  async function review(request: FastifyRequest, operatorName: ReturnType<typeof currentOperator>, verdict: 'verified' | 'rejected') {
    const user = await userByAccount(request);
    const body = parseRouteForm(request, verdict === 'rejected' ? reasonBody : approveBody);
    const pending = await latestVerification(db, user.id);
    if (!pending || pending.state !== 'under_review') throw new ApiFailure(MSG.kycNotUnderReview);
    const reason = body.reason ?? null;
    await audited(
      user,
      { action: verdict === 'verified' ? 'kyc.approve' : 'kyc.reject', reason, details: { verificationId: pending.id } },
      operatorName,
      async (tx) => {
        // Conditional on the state, so two operators cannot both decide the same submission.
        const decided = await tx
          .update(identityVerifications)
          .set({ state: verdict, rejectReason: verdict === 'rejected' ? reason : null, reviewedAt: clock.now(), reviewedBy: operatorName.name })
          .where(and(eq(identityVerifications.id, pending.id), eq(identityVerifications.state, 'under_review')))
          .returning({ id: identityVerifications.id });
        if (decided.length === 0) throw new ApiFailure(MSG.kycNotUnderReview);
      },
      verdict === 'verified' ? simpleNotice('kyc_verified') : kycRejectedNotice(reason ?? ''),
    );
    // Open screens (verification page, add-card gate) follow at once (docs/api/market.md §6.2).
    request.server.userEvents.publish(user.id, { event: 'verification', data: { state: verdict } });
    return ok({ account: user.account, state: verdict, reason });
  }

  app.post(
    `${OPS_API}/kyc/:account/approve`,
    { config: { summary: 'Approve an identity verification', form: approveBody, params: accountParams } },
    async (request) => review(request, currentOperator(request), 'verified'),
  );
  app.post(
    `${OPS_API}/kyc/:account/reject`,
    { config: { summary: 'Reject an identity verification with a reason', form: reasonBody, params: accountParams } },
    async (request) => review(request, currentOperator(request), 'rejected'),
  );

  app.get(
    `${OPS_API}/outbox`,
    { config: { summary: 'Notifications sent through the outbox gateway (codes, notices)', query: outboxQuery } },
    async (request) => {
      const query = parseRouteQuery(request, outboxQuery);
      const rows = await db
        .select()
        .from(outbox)
        .where(query.to ? eq(outbox.recipient, query.to) : undefined)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(query.limit);
      return ok(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
    },
  );

  app.get(`${OPS_API}/audit`, { config: { summary: 'The audit log, newest first', query: auditQuery } }, async (request) => {
    const query = parseRouteQuery(request, auditQuery);
    const rows = await db
      .select({ a: auditLog, account: users.account })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.targetUserId))
      .where(query.account ? eq(users.account, query.account) : undefined)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit);
    return ok(rows.map(({ a, account }) => ({ ...a, at: a.at.toISOString(), account })));
  });
}

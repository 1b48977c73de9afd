// Session calls about the account itself: logout, info, passwords, agent invite codes
// (docs/api/identity.md §4, §8).
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  changePasswordFormSchema,
  fundPasswordFormSchema,
  fundPasswordGrantFormSchema,
  type FundPasswordGrant,
  type InviteCodeInfo,
} from '@kabuto/shared-sdk/schemas';
import { inviteCodes, users } from '../schema';
import { ApiFailure, fail, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { afterPasswordCommit, sendNotice, storeSecurityMessage } from '../notify-user';
import { simpleNotice } from '../../../notifications/templates';
import { USER_API, type IdentityDeps } from '../deps';
import { currentUser, forbidInstitution, hasStepUpGrant, requireUser } from '../guards';
import { FUND_PASSWORD_GRANT_SECONDS } from '../constants';
import { issueFundPasswordGrant, revokeFundPasswordGrants } from '../fund-password';
import { hashPassword, verifyPassword } from '../passwords';
import { RATE_LIMITS } from '../rate-limits';
import { revokeSession, revokeUserSessions } from '../sessions';
import { findUserById, loadUserInfo } from '../user-info';
import { forgetUserInfo } from '../user-info-cache';

export async function accountRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { db, clock } = deps;

  async function loadUser(id: number) {
    const user = await findUserById(db, id);
    if (!user) throw new ApiFailure(MSG.accountNotFound);
    return user;
  }

  app.post(`${USER_API}/logout`, { preHandler: requireUser, config: { summary: 'End this session' } }, async (request) => {
    const { sessionId } = currentUser(request);
    await revokeSession(db, clock, sessionId, 'logout');
    await revokeFundPasswordGrants(db, { sessionId });
    return ok(null, MSG.logoutSuccess);
  });

  app.post(
    `${USER_API}/fundPasswordGrant`,
    {
      preHandler: [requireUser, forbidInstitution],
      config: {
        summary: 'Check the fund password once for an order ticket: a grant its orders send instead (short-lived, this session only)',
        form: fundPasswordGrantFormSchema,
        rateLimit: RATE_LIMITS.fundPasswordGrant,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, fundPasswordGrantFormSchema);
      const me = currentUser(request);
      const { grant, expiresAt } = await issueFundPasswordGrant(db, clock, { id: me.id, sessionId: me.sessionId }, form.fundPassword);
      const answer: FundPasswordGrant = { grant, expiresAt: expiresAt.toISOString(), ttlSeconds: FUND_PASSWORD_GRANT_SECONDS };
      return ok(answer);
    },
  );

  app.post(`${USER_API}/info`, { preHandler: requireUser, config: { summary: 'The logged-in user and their account state' } }, async (request) => {
    const id = currentUser(request).id;
    // From memory when nothing it shows changed since (user-info-cache.ts).
    const info = await request.server.userInfoCache.read(id, () => loadUserInfo(db, id));
    if (!info) throw new ApiFailure(MSG.accountNotFound);
    return ok(info);
  });

  app.post(
    `${USER_API}/changePassword`,
    { preHandler: requireUser, config: { summary: 'Change the login password', form: changePasswordFormSchema, rateLimit: RATE_LIMITS.passwordChange } },
    async (request) => {
      const form = parseRouteForm(request, changePasswordFormSchema);
      const me = currentUser(request);
      const user = await loadUser(me.id);
      if (!(await verifyPassword(form.oldPassword, user.passwordHash))) throw new ApiFailure(MSG.wrongOriginalPassword);
      const passwordHash = await hashPassword(form.password);
      const notice = simpleNotice('password_changed');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Whoever else holds a session (perhaps whoever learnt the old password) is out.
        await revokeUserSessions(tx, clock, user.id, 'password-changed', me.sessionId);
        await storeSecurityMessage(tx, deps, user, notice);
      });
      await afterPasswordCommit(deps.notifications, user, notice);
      return ok(null, MSG.modifySuccess);
    },
  );

  app.post(
    `${USER_API}/setFundPassword`,
    {
      preHandler: [requireUser, forbidInstitution],
      config: {
        summary: 'Set the fund password, or change it (changing needs a step-up for fund-password)',
        form: fundPasswordFormSchema,
        rateLimit: RATE_LIMITS.passwordChange,
      },
    },
    async (request, reply) => {
      const form = parseRouteForm(request, fundPasswordFormSchema);
      const user = await loadUser(currentUser(request).id);
      if (user.fundPasswordHash !== null) {
        // Changing it: the original and a fresh step-up (JSDA 2025 treats it like a withdrawal credential).
        if (form.oldFundPassword === undefined) throw new ApiFailure(MSG.fundPasswordEmpty);
        if (!(await hasStepUpGrant(request, 'fund-password'))) return reply.send(fail(MSG.stepUpRequired, { stepUp: 'fund-password' }));
        if (!(await verifyPassword(form.oldFundPassword, user.fundPasswordHash))) throw new ApiFailure(MSG.wrongFundPassword);
      }
      const fundPasswordHash = await hashPassword(form.fundPassword);
      const notice = simpleNotice('fund_password_changed');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ fundPasswordHash }).where(eq(users.id, user.id));
        // A grant vouches for the password it was checked against: none outlives a change.
        await revokeFundPasswordGrants(tx, { userId: user.id });
        await storeSecurityMessage(tx, deps, user, notice);
      });
      forgetUserInfo(user.id);
      await sendNotice(deps.notifications, user, notice);
      return ok(null, MSG.modifySuccess);
    },
  );

  app.post(
    `${USER_API}/inviteCodes`,
    { preHandler: [requireUser, forbidInstitution], config: { summary: 'Invitation codes of an agent, with registrations' } },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select({ code: inviteCodes.code, active: inviteCodes.active, createdAt: inviteCodes.createdAt, registrations: count(users.id) })
        .from(inviteCodes)
        .leftJoin(users, eq(users.inviteCodeId, inviteCodes.id))
        .where(eq(inviteCodes.issuerUserId, me.id))
        .groupBy(inviteCodes.id)
        .orderBy(desc(inviteCodes.createdAt));
      const codes: InviteCodeInfo[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return ok({ codes });
    },
  );
}

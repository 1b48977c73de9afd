// Calls without a session: register, login (password, re-verification code, passkey),
// forgot password (docs/api/identity.md §3).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { forgotCodeFormSchema, forgotResetFormSchema, loginFormSchema, registerFormSchema, type CodeStep, type PasskeyStep } from '@kabuto/shared-sdk/schemas';
import { inviteCodes, users } from '../schema';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { afterPasswordCommit, storeSecurityMessage } from '../notify-user';
import { simpleNotice } from '../../../notifications/templates';
import { consumeCode, issueCode } from '../codes';
import { USER_API, type IdentityDeps } from '../deps';
import { clearFailedLoginsFrom, deviceKeyOf, isPausedFor, loginRestrictionRefusal, openSession, recordFailedLoginFrom, type LoginOrigin } from '../login-flow';
import { clearAllDeviceFailures, deviceCookieOf, setDeviceCookie, verifyDeviceToken } from '../device-cookies';
import { decoyHash, hashPassword, verifyPassword } from '../passwords';
import { LOGIN_ADDRESS_CAP, RATE_LIMITS } from '../rate-limits';
import { revokeUserSessions } from '../sessions';
import { maskAccount } from '../../../crypto/tokens';
import { findUserByAccount, findUserById } from '../user-info';
import { forgetUserInfo } from '../user-info-cache';
import {
  authenticationOptions,
  listUserPasskeys,
  parseAuthenticationCredential,
  relyingPartyOf,
  spendChallenge,
  storeChallenge,
  verifyAssertion,
} from '../webauthn';

/** A client-kept random device id; anything else is ignored (the user agent stands in). */
const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional()
  .catch(undefined);

const loginForm = loginFormSchema.extend({
  deviceId: deviceIdSchema,
  code: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
});

const loginPasskeyForm = z.object({
  loginTicket: z.uuid({ error: MSG.loginTicketExpired }),
  credential: z.string({ error: MSG.passkeyFailed }).min(1, { error: MSG.passkeyFailed }),
  deviceId: deviceIdSchema,
});

export async function accessRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { db, clock } = deps;
  const loginAddressCap = app.createRateLimit(LOGIN_ADDRESS_CAP);

  app.post(
    `${USER_API}/register`,
    { config: { summary: 'Open an account with an invitation code', form: registerFormSchema, rateLimit: RATE_LIMITS.register } },
    async (request) => {
      const form = parseRouteForm(request, registerFormSchema);
      const passwordHash = await hashPassword(form.password);
      // One transaction: a refusal or a failure part-way leaves no user row behind.
      await db.transaction(async (tx) => {
        const [code] = await tx
          .select({ id: inviteCodes.id })
          .from(inviteCodes)
          .where(and(eq(inviteCodes.code, form.inviteCode.toUpperCase()), eq(inviteCodes.active, true)))
          .limit(1);
        if (!code) throw new ApiFailure(MSG.inviterNotFound);
        const inserted = await tx
          .insert(users)
          .values({ account: form.account, passwordHash, inviteCodeId: code.id, createdAt: clock.now() })
          .onConflictDoNothing({ target: users.account })
          .returning({ id: users.id });
        if (inserted.length === 0) throw new ApiFailure(MSG.accountExists);
      });
      return ok({ account: form.account }, MSG.registerSuccess);
    },
  );

  app.post(
    `${USER_API}/login`,
    { config: { summary: 'Log in with account and password (may continue with a code or passkey step)', form: loginForm, rateLimit: RATE_LIMITS.login } },
    async (request, reply) => {
      const form = parseRouteForm(request, loginForm);
      // Failed passwords from one address, whatever the account, are capped before any password work.
      const addressCap = await loginAddressCap(request, { increment: false });
      if (!addressCap.isAllowed && addressCap.remaining === 0) throw new ApiFailure(MSG.tooFrequent);
      const user = await findUserByAccount(db, form.account);
      if (!user) {
        // Same work and same answer as a wrong password: no account enumeration.
        await verifyPassword(form.password, await decoyHash());
        await loginAddressCap(request);
        throw new ApiFailure(MSG.wrongAccountOrPassword);
      }
      const keys = await listUserPasskeys(db, user.id);
      // A browser that signed in to this account before answers only to its own pause, so
      // strangers' guesses (which pause the account for unknown devices) never keep the owner out.
      const nonce = verifyDeviceToken(deps.deviceKey, deviceCookieOf(request), user.id, clock.now());
      const origin: LoginOrigin = nonce ? { kind: 'device', nonce } : { kind: 'unknown' };
      // The pause stops password-only sign-in. With a passkey, the password is not what opens
      // the session (the passkey step follows), so the owner is never kept out by a stranger.
      if (keys.length === 0 && (await isPausedFor(deps, user, origin))) throw new ApiFailure(MSG.accountLocked);
      if (!(await verifyPassword(form.password, user.passwordHash))) {
        await loginAddressCap(request);
        const paused = await recordFailedLoginFrom(deps, user, origin);
        throw new ApiFailure(paused && keys.length === 0 ? MSG.accountLocked : MSG.wrongAccountOrPassword);
      }
      // With a passkey the count is cleared only when the passkey step succeeds.
      if (keys.length === 0) await clearFailedLoginsFrom(deps, user, origin);
      // Restrictions are told only to someone who knows the password.
      const refusal = await loginRestrictionRefusal(db, user);
      if (refusal) throw refusal;

      if (user.needsReverification) {
        // After an unfreeze (JSDA 2025: re-verify before reopening): a code to the phone first.
        if (form.code === undefined) {
          await issueCode(db, clock, deps.notifications, user.account, 'reverify');
          const step: CodeStep = { step: 'code', passkeyRequired: false, reverificationRequired: true, sentTo: maskAccount(user.account) };
          return ok(step, MSG.codeSent);
        }
        if (!/^\d{6}$/.test(form.code)) throw new ApiFailure(MSG.codeFormat);
        if (!(await consumeCode(db, clock, user.account, 'reverify', form.code))) throw new ApiFailure(MSG.codeInvalid);
        await db.update(users).set({ needsReverification: false }).where(eq(users.id, user.id));
        forgetUserInfo(user.id);
      }

      if (keys.length > 0) {
        const options = await authenticationOptions(relyingPartyOf(request), keys);
        const loginTicket = await storeChallenge(db, clock, { challenge: options.challenge, purpose: 'login', userId: user.id, sessionId: null });
        const step: PasskeyStep = { step: 'passkey', passkeyRequired: true, reverificationRequired: false, loginTicket, options: { ...options } };
        return ok(step);
      }
      const session = await openSession(deps, request, user, deviceKeyOf(request, form.deviceId));
      setDeviceCookie(reply, request, deps.deviceKey, user.id, nonce, clock.now());
      return ok(session, MSG.loginSuccess);
    },
  );

  app.post(
    `${USER_API}/loginPasskey`,
    { config: { summary: 'Finish a login with a passkey assertion', form: loginPasskeyForm, rateLimit: RATE_LIMITS.loginPasskey } },
    async (request, reply) => {
      const form = parseRouteForm(request, loginPasskeyForm);
      const ticket = await spendChallenge(db, clock, { purpose: 'login', id: form.loginTicket });
      if (!ticket || ticket.userId === null) throw new ApiFailure(MSG.loginTicketExpired);
      const response = parseAuthenticationCredential(form.credential);
      if (!response) throw new ApiFailure(MSG.passkeyFailed);
      const used = await verifyAssertion(db, clock, relyingPartyOf(request), { userId: ticket.userId, response, expectedChallenge: ticket.challenge });
      if (!used) throw new ApiFailure(MSG.passkeyFailed);
      // Re-read: an operator may have frozen the account since the password step.
      const user = await findUserById(db, ticket.userId);
      if (!user) throw new ApiFailure(MSG.loginTicketExpired);
      const refusal = await loginRestrictionRefusal(db, user);
      if (refusal) throw refusal;
      const nonce = verifyDeviceToken(deps.deviceKey, deviceCookieOf(request), user.id, clock.now());
      await clearFailedLoginsFrom(deps, user, nonce ? { kind: 'device', nonce } : { kind: 'unknown' });
      const session = await openSession(deps, request, user, deviceKeyOf(request, form.deviceId));
      setDeviceCookie(reply, request, deps.deviceKey, user.id, nonce, clock.now());
      return ok(session, MSG.loginSuccess);
    },
  );

  app.post(
    `${USER_API}/forgotCode`,
    { config: { summary: 'Send a password-reset code to the account', form: forgotCodeFormSchema, rateLimit: RATE_LIMITS.forgotCode } },
    async (request) => {
      const form = parseRouteForm(request, forgotCodeFormSchema);
      const user = await findUserByAccount(db, form.account);
      if (user) await issueCode(db, clock, deps.notifications, user.account, 'reset-password');
      // The same answer either way: this call must not tell which accounts exist.
      return ok(null, MSG.codeSentIfExists);
    },
  );

  app.post(
    `${USER_API}/forgotReset`,
    { config: { summary: 'Reset the password with the code', form: forgotResetFormSchema, rateLimit: RATE_LIMITS.forgotReset } },
    async (request) => {
      const form = parseRouteForm(request, forgotResetFormSchema);
      const user = await findUserByAccount(db, form.account);
      if (!user || !(await consumeCode(db, clock, user.account, 'reset-password', form.code))) throw new ApiFailure(MSG.codeInvalid);
      const passwordHash = await hashPassword(form.password);
      const notice = simpleNotice('password_reset');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
        await clearAllDeviceFailures(tx, user.id);
        await revokeUserSessions(tx, clock, user.id, 'password-reset');
        await storeSecurityMessage(tx, deps, user, notice);
      });
      await afterPasswordCommit(deps.notifications, user, notice);
      return ok(null, MSG.modifySuccess);
    },
  );
}

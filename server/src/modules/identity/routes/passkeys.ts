// Passkey enrolment and management, and step-up (docs/api/identity.md §5).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  oneTimeCodeSchema,
  passkeyNameSchema,
  stepUpPurposeSchema,
  type PasskeyInfo,
  type StepUpGrantResult,
  type StepUpOptionsResult,
} from '@kabuto/shared-sdk/schemas';
import { passkeys, stepUpGrants, type PasskeyRow } from '../schema';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseForm, parseRouteForm } from '../../../http/parse-form';
import { notifySecurity } from '../notify-user';
import { simpleNotice } from '../../../notifications/templates';
import { consumeCode, issueCode } from '../codes';
import { MINUTE_MS, STEP_UP_MINUTES } from '../constants';
import { USER_API, type IdentityDeps } from '../deps';
import { currentUser, requireStepUp, requireUser } from '../guards';
import { forgetUserInfo } from '../user-info-cache';
import { RATE_LIMITS } from '../rate-limits';
import { maskAccount } from '../../../crypto/tokens';
import {
  authenticationOptions,
  challengeOf,
  listUserPasskeys,
  parseAuthenticationCredential,
  parseRegistrationCredential,
  registrationOptions,
  relyingPartyOf,
  spendChallenge,
  storeChallenge,
  verifyAssertion,
  verifyNewPasskey,
} from '../webauthn';

export function passkeyInfo(row: PasskeyRow): PasskeyInfo {
  return {
    id: row.credentialId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    transports: row.transports,
  };
}

const registerForm = z.object({
  credential: z.string({ error: MSG.passkeyFailed }).min(1, { error: MSG.passkeyFailed }),
  name: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(passkeyNameSchema.optional()),
});
const idForm = z.object({ id: z.string({ error: MSG.passkeyNotFound }).min(1, { error: MSG.passkeyNotFound }).max(1024) });
const renameForm = idForm.extend({ name: passkeyNameSchema });
const purposeForm = z.object({ purpose: stepUpPurposeSchema });
const stepUpVerifyForm = purposeForm.extend({
  credential: z.string().optional(),
  code: z.string().optional(),
});

export async function passkeyRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { db, clock } = deps;

  app.post(`${USER_API}/passkeyRegisterOptions`, { preHandler: requireUser, config: { summary: 'WebAuthn options to enrol a passkey' } }, async (request) => {
    const me = currentUser(request);
    const options = await registrationOptions(relyingPartyOf(request), me, await listUserPasskeys(db, me.id));
    await storeChallenge(db, clock, { challenge: options.challenge, purpose: 'register', userId: me.id, sessionId: me.sessionId });
    return ok({ options });
  });

  app.post(`${USER_API}/passkeyRegister`, { preHandler: requireUser, config: { summary: 'Enrol a passkey', form: registerForm } }, async (request) => {
    const form = parseRouteForm(request, registerForm);
    const me = currentUser(request);
    const response = parseRegistrationCredential(form.credential);
    const challenge = response ? challengeOf(response.response.clientDataJSON) : null;
    if (!response || !challenge) throw new ApiFailure(MSG.passkeyFailed);
    const spent = await spendChallenge(db, clock, { purpose: 'register', challenge, userId: me.id, sessionId: me.sessionId });
    if (!spent) throw new ApiFailure(MSG.passkeyFailed);
    const verified = await verifyNewPasskey(relyingPartyOf(request), response, spent.challenge);
    if (!verified) throw new ApiFailure(MSG.passkeyFailed);
    const [row] = await db
      .insert(passkeys)
      .values({
        credentialId: verified.credentialId,
        userId: me.id,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        // Unnamed: the app shows a default name in the reader's language ("パスキー 1"), not a stored English one.
        name: form.name ?? '',
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new ApiFailure(MSG.passkeyExists);
    forgetUserInfo(me.id);
    await notifySecurity(deps, me, simpleNotice('passkey_added'));
    return ok(passkeyInfo(row), MSG.passkeyAdded);
  });

  app.post(`${USER_API}/passkeys`, { preHandler: requireUser, config: { summary: 'The passkeys of this user' } }, async (request) => {
    const rows = await listUserPasskeys(db, currentUser(request).id);
    return ok(rows.map(passkeyInfo));
  });

  app.post(`${USER_API}/passkeyRename`, { preHandler: requireUser, config: { summary: 'Rename a passkey', form: renameForm } }, async (request) => {
    const form = parseRouteForm(request, renameForm);
    const [row] = await db
      .update(passkeys)
      .set({ name: form.name })
      .where(and(eq(passkeys.credentialId, form.id), eq(passkeys.userId, currentUser(request).id)))
      .returning();
    if (!row) throw new ApiFailure(MSG.passkeyNotFound);
    return ok(passkeyInfo(row), MSG.modifySuccess);
  });

  app.post(
    `${USER_API}/passkeyRemove`,
    { preHandler: [requireUser, requireStepUp('passkey-remove')], config: { summary: 'Remove a passkey', form: idForm } },
    async (request) => {
      const form = parseRouteForm(request, idForm);
      const me = currentUser(request);
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.credentialId, form.id), eq(passkeys.userId, me.id)))
        .returning({ id: passkeys.credentialId });
      if (removed.length === 0) throw new ApiFailure(MSG.passkeyNotFound);
      forgetUserInfo(me.id);
      await notifySecurity(deps, me, simpleNotice('passkey_removed'));
      return ok(null, MSG.deleteSuccess);
    },
  );

  app.post(
    `${USER_API}/stepUpOptions`,
    {
      preHandler: requireUser,
      config: { summary: 'Start a step-up: passkey options, or a one-time code until a passkey exists', form: purposeForm, rateLimit: RATE_LIMITS.stepUp },
    },
    async (request) => {
      const { purpose } = parseRouteForm(request, purposeForm);
      const me = currentUser(request);
      const keys = await listUserPasskeys(db, me.id);
      if (keys.length > 0) {
        const options = await authenticationOptions(relyingPartyOf(request), keys);
        await storeChallenge(db, clock, { challenge: options.challenge, purpose: `step-up:${purpose}`, userId: me.id, sessionId: me.sessionId });
        const answer: StepUpOptionsResult = { method: 'passkey', options: { ...options } };
        return ok(answer);
      }
      // Fallback until a passkey is enrolled: a one-time code through the gateway.
      await issueCode(db, clock, deps.notifications, me.account, `step-up:${purpose}`);
      const answer: StepUpOptionsResult = { method: 'code', sentTo: maskAccount(me.account) };
      return ok(answer, MSG.codeSent);
    },
  );

  app.post(
    `${USER_API}/stepUpVerify`,
    {
      preHandler: requireUser,
      config: { summary: 'Finish a step-up with a passkey assertion or the code', form: stepUpVerifyForm, rateLimit: RATE_LIMITS.stepUp },
    },
    async (request) => {
      const form = parseRouteForm(request, stepUpVerifyForm);
      const me = currentUser(request);
      const keys = await listUserPasskeys(db, me.id);
      let method: 'passkey' | 'code';
      if (keys.length > 0) {
        if (form.credential === undefined || form.credential === '') {
          throw new ApiFailure(form.code ? MSG.passkeyRequiredForStepUp : MSG.passkeyFailed);
        }
        const response = parseAuthenticationCredential(form.credential);
        const challenge = response ? challengeOf(response.response.clientDataJSON) : null;
        if (!response || !challenge) throw new ApiFailure(MSG.passkeyFailed);
        const spent = await spendChallenge(db, clock, { purpose: `step-up:${form.purpose}`, challenge, userId: me.id, sessionId: me.sessionId });
        if (!spent) throw new ApiFailure(MSG.passkeyFailed);
        const used = await verifyAssertion(db, clock, relyingPartyOf(request), { userId: me.id, response, expectedChallenge: spent.challenge });
        if (!used) throw new ApiFailure(MSG.passkeyFailed);
        method = 'passkey';
      } else {
        const code = parseForm(z.object({ code: oneTimeCodeSchema }), { code: form.code }).code;
        if (!(await consumeCode(db, clock, me.account, `step-up:${form.purpose}`, code))) throw new ApiFailure(MSG.codeInvalid);
        method = 'code';
      }
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + STEP_UP_MINUTES * MINUTE_MS);
      await db.insert(stepUpGrants).values({ sessionId: me.sessionId, purpose: form.purpose, method, createdAt: now, expiresAt });
      const answer: StepUpGrantResult = { purpose: form.purpose, expiresAt: expiresAt.toISOString() };
      return ok(answer, MSG.operationSuccess);
    },
  );
}

// The console's sign-in with a passkey, and an operator's own passkeys (docs/api/identity.md §9):
//   POST /api/ops/session            credential → the passkey step (an assertion to make, or,
//                                     for an operator without a passkey, the one to register)
//   POST /api/ops/session/passkey     credential + assertion → console session
//   POST /api/ops/session/register    credential + first passkey → console session (bootstrap, once)
//   GET  /api/ops/passkeys            the caller's passkeys
//   POST /api/ops/passkeys/options    options to add another (console session only)
//   POST /api/ops/passkeys            add it (console session only)
//   POST /api/ops/passkeys/:id/remove remove one, never the last (console session only)
// The routes live in operatorRoutes' context, so the operator guard covers them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure, ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams } from '../../http/parse-form';
import {
  authenticationOptions,
  challengeOf,
  parseAuthenticationCredential,
  parseRegistrationCredential,
  registrationOptions,
  relyingPartyOf,
  verifyNewPasskey,
} from '../../crypto/webauthn';
import { currentAccess, currentOperator } from './auth';
import { CONSOLE_SESSION_TTL_MS, startConsoleSession } from './console-sessions';
import { OPS_API, type OpsDeps } from './deps';
import {
  addOperatorPasskey,
  auditRefusedPasskey,
  listOperatorPasskeys,
  operatorHandle,
  operatorPasskeyInfo,
  removeOperatorPasskey,
  spendOperatorChallenge,
  storeOperatorChallenge,
  verifyOperatorAssertion,
} from './passkeys';

const credentialField = z.string({ error: MSG.passkeyFailed }).min(1, { error: MSG.passkeyFailed });
const ticketField = z.string({ error: MSG.loginTicketExpired }).uuid({ error: MSG.loginTicketExpired });
const nameField = z
  .string()
  .trim()
  .max(40, { error: MSG.passkeyNameInvalid })
  .optional()
  .transform((v) => v ?? '');
const assertionBody = z.object({ ticket: ticketField, credential: credentialField });
const bootstrapBody = z.object({ ticket: ticketField, credential: credentialField, name: nameField });
const addBody = z.object({ credential: credentialField, name: nameField });
const passkeyParams = z.object({
  id: z.string({ error: MSG.passkeyNotFound }).min(1, { error: MSG.passkeyNotFound }).max(1024, { error: MSG.passkeyNotFound }),
});

/** The credential itself (not a session) must make the call: a session renewing itself would never end. */
function requireCredential(request: FastifyRequest): void {
  if (currentAccess(request).session) throw new ApiFailure(MSG.operatorCredentialRequired);
}

/** A console session (credential plus passkey) must make the call: the credential alone may not change passkeys. */
function requireSession(request: FastifyRequest): number {
  const { session } = currentAccess(request);
  if (!session) throw new ApiFailure(MSG.operatorSessionRequired);
  return session.id;
}

export async function operatorPasskeyRoutes(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  const { db, clock } = deps;
  const ttlMinutes = CONSOLE_SESSION_TTL_MS / 60_000;

  app.post(
    `${OPS_API}/session`,
    {
      config: {
        summary: `Sign-in, first step, with the operator credential (not a session token): answers the passkey step — an assertion to make, or, for an operator without a passkey, the first passkey to register; the console session (valid ${ttlMinutes} minutes after its last use) follows it`,
      },
    },
    async (request) => {
      requireCredential(request);
      const operator = currentOperator(request);
      const rp = relyingPartyOf(request);
      const held = await listOperatorPasskeys(db, operator.id);
      if (held.length > 0) {
        const options = await authenticationOptions(rp, held);
        const ticket = await storeOperatorChallenge(db, clock, { challenge: options.challenge, purpose: 'sign-in', operatorId: operator.id, sessionId: null });
        return ok({ step: 'passkey' as const, ticket, options });
      }
      const options = await registrationOptions(rp, { handle: operatorHandle(operator.id), name: operator.name }, held);
      const ticket = await storeOperatorChallenge(db, clock, { challenge: options.challenge, purpose: 'bootstrap', operatorId: operator.id, sessionId: null });
      return ok({ step: 'register' as const, ticket, options });
    },
  );

  app.post(
    `${OPS_API}/session/passkey`,
    {
      config: {
        summary: 'Sign-in, second step: the passkey assertion for the ticket, with the credential; answers the console session token',
        form: assertionBody,
      },
    },
    async (request) => {
      requireCredential(request);
      const form = parseRouteForm(request, assertionBody);
      const operator = currentOperator(request);
      const spent = await spendOperatorChallenge(db, clock, { purpose: 'sign-in', operatorId: operator.id, id: form.ticket });
      if (!spent) throw new ApiFailure(MSG.loginTicketExpired);
      const response = parseAuthenticationCredential(form.credential);
      const used = response
        ? await verifyOperatorAssertion(db, clock, relyingPartyOf(request), { operatorId: operator.id, response, expectedChallenge: spent.challenge })
        : null;
      if (!used) {
        await auditRefusedPasskey(db, clock, operator, 'sign-in', response ? 'assertion not verified' : 'malformed assertion');
        throw new ApiFailure(MSG.passkeyFailed);
      }
      const started = await startConsoleSession(db, clock, operator, { passkey: used.credentialId });
      return ok({ ...started, operator: { name: operator.name, role: currentAccess(request).role } });
    },
  );

  app.post(
    `${OPS_API}/session/register`,
    {
      config: {
        summary:
          'Sign-in, second step for an operator without a passkey: register the first one for the ticket, with the credential (once: later ones need a console session); answers the console session token',
        form: bootstrapBody,
      },
    },
    async (request) => {
      requireCredential(request);
      const form = parseRouteForm(request, bootstrapBody);
      const operator = currentOperator(request);
      const spent = await spendOperatorChallenge(db, clock, { purpose: 'bootstrap', operatorId: operator.id, id: form.ticket });
      if (!spent) throw new ApiFailure(MSG.loginTicketExpired);
      const response = parseRegistrationCredential(form.credential);
      const verified = response ? await verifyNewPasskey(relyingPartyOf(request), response, spent.challenge) : null;
      if (!verified) {
        await auditRefusedPasskey(db, clock, operator, 'bootstrap', response ? 'registration not verified' : 'malformed registration');
        throw new ApiFailure(MSG.passkeyFailed);
      }
      const { started, passkey } = await db.transaction(async (tx) => {
        const row = await addOperatorPasskey(tx, clock, operator, { verified, name: form.name, bootstrap: true });
        return { passkey: row, started: await startConsoleSession(tx, clock, operator, { passkey: row.credentialId }) };
      });
      return ok({ ...started, operator: { name: operator.name, role: currentAccess(request).role }, passkey: operatorPasskeyInfo(passkey) }, MSG.passkeyAdded);
    },
  );

  app.get(`${OPS_API}/passkeys`, { config: { summary: 'The calling operator’s passkeys, newest first (never a public key)' } }, async (request) =>
    ok((await listOperatorPasskeys(db, currentOperator(request).id)).map(operatorPasskeyInfo)),
  );

  app.post(`${OPS_API}/passkeys/options`, { config: { summary: 'WebAuthn options to add another passkey (console session only)' } }, async (request) => {
    const sessionId = requireSession(request);
    const operator = currentOperator(request);
    const options = await registrationOptions(
      relyingPartyOf(request),
      { handle: operatorHandle(operator.id), name: operator.name },
      await listOperatorPasskeys(db, operator.id),
    );
    await storeOperatorChallenge(db, clock, { challenge: options.challenge, purpose: 'add', operatorId: operator.id, sessionId });
    return ok({ options });
  });

  app.post(`${OPS_API}/passkeys`, { config: { summary: 'Add another passkey (console session only), audited', form: addBody } }, async (request) => {
    const sessionId = requireSession(request);
    const form = parseRouteForm(request, addBody);
    const operator = currentOperator(request);
    const response = parseRegistrationCredential(form.credential);
    const challenge = response ? challengeOf(response.response.clientDataJSON) : null;
    const spent = challenge ? await spendOperatorChallenge(db, clock, { purpose: 'add', operatorId: operator.id, challenge, sessionId }) : null;
    const verified = response && spent ? await verifyNewPasskey(relyingPartyOf(request), response, spent.challenge) : null;
    if (!verified) {
      await auditRefusedPasskey(db, clock, operator, 'add', spent ? 'registration not verified' : 'no live challenge');
      throw new ApiFailure(MSG.passkeyFailed);
    }
    const row = await db.transaction((tx) => addOperatorPasskey(tx, clock, operator, { verified, name: form.name, bootstrap: false }));
    return ok(operatorPasskeyInfo(row), MSG.passkeyAdded);
  });

  app.post(
    `${OPS_API}/passkeys/:id/remove`,
    { config: { summary: 'Remove one of the caller’s passkeys (console session only; never the last one), audited', params: passkeyParams } },
    async (request) => {
      requireSession(request);
      const { id } = parseRouteParams(request, passkeyParams);
      await removeOperatorPasskey(db, clock, currentOperator(request), id);
      return ok({ removed: true }, MSG.deleteSuccess);
    },
  );
}

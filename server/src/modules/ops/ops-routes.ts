// The console session calls under /api/ops/session (console-sessions.ts; its sign-in with a
// passkey and the operator's passkeys in passkey-routes.ts) and the
// operator-management calls under /api/ops/operators (docs/api/identity.md §9): add
// an operator (a proposal, except the bootstrap add; the credential is in this one answer
// only), propose a role, approve or reject proposals, list, retire. The operator guard
// covers them with the roles of roles.ts; changes are audited (operators.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { rowIdSchema } from '@kabuto/shared-sdk/schemas';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { ApiFailure, ok } from '../../http/envelope';
import { currentAccess, currentOperator, registerOperatorDecoration, requireOperator } from './auth';
import { endConsoleSession } from './console-sessions';
import { operatorPasskeyRoutes } from './passkey-routes';
import { OPS_API, type OpsDeps } from './deps';
import {
  addOperator,
  decideOperatorProposal,
  listOperatorProposals,
  listOperators,
  OPERATOR_NAME_PATTERN,
  operatorNameSchema,
  proposeRole,
  retireOperator,
} from './operators';
import { OPERATOR_ROLES } from './roles';

const reasonSchema = z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500, { error: MSG.reasonRequired });
const roleSchema = z.enum(OPERATOR_ROLES, { error: MSG.invalidParams });
// A role must be named: an add that silently made an admin would defeat least privilege.
const addBody = z.object({ name: operatorNameSchema, role: roleSchema, reason: reasonSchema });
const roleBody = z.object({ role: roleSchema, reason: reasonSchema });
const approveBody = z.object({ reason: reasonSchema.optional() });
const rejectBody = z.object({ reason: reasonSchema });
const proposalParams = z.object({
  id: rowIdSchema(MSG.accountNotFound),
});
const proposalStates = z.object({ state: z.enum(['proposed', 'approved', 'rejected'], { error: MSG.invalidParams }).default('proposed') });
const retireBody = z.object({ reason: reasonSchema });
// A name that cannot be an operator's is simply not found.
const nameParams = z.object({ name: z.string().toLowerCase().regex(OPERATOR_NAME_PATTERN, { error: MSG.accountNotFound }) });

/** Register in a plugin context of its own: the operator guard covers every route of it. */
export async function operatorRoutes(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
  const { db, clock, dataDir } = deps;

  await operatorPasskeyRoutes(app, deps);

  app.get(
    `${OPS_API}/session`,
    { config: { summary: 'Who is calling: operator name, role, and the console session’s expiry (null with the credential)' } },
    async (request) => {
      const access = currentAccess(request);
      return ok({ name: currentOperator(request).name, role: access.role, expiresAt: access.session?.expiresAt.toISOString() ?? null });
    },
  );

  app.post(`${OPS_API}/session/end`, { config: { summary: 'End the console session this call is made with (sign out)' } }, async (request) => {
    const { session } = currentAccess(request);
    if (!session) throw new ApiFailure(MSG.operatorCredentialRequired);
    await endConsoleSession(db, clock, currentOperator(request), session.id);
    return ok({ ended: true });
  });

  app.post(
    `${OPS_API}/operators`,
    {
      config: {
        summary:
          'Propose an operator with a role (pending until another admin approves; added at once only while the caller is the only operator ever); the answer carries their credential, shown this once (the bootstrap add leaves it in a file on the server host instead)',
        form: addBody,
      },
    },
    async (request) => {
      const body = parseRouteForm(request, addBody);
      const added = await addOperator({ db, clock, dataDir }, currentOperator(request), body);
      return ok({ ...added.operator, credential: added.credential, credentialFile: added.credentialFile, proposal: added.proposal });
    },
  );

  app.post(
    `${OPS_API}/operators/:name/role`,
    { config: { summary: 'Propose another role for an operator (another admin approves)', form: roleBody, params: nameParams } },
    async (request) => {
      const { name } = parseRouteParams(request, nameParams);
      const body = parseRouteForm(request, roleBody);
      return ok(await proposeRole(db, clock, currentOperator(request), { name, ...body }));
    },
  );

  app.get(
    `${OPS_API}/operators/proposals`,
    { config: { summary: 'Operator proposals (adds, role changes) by state (default proposed), newest first', query: proposalStates } },
    async (request) => ok(await listOperatorProposals(db, parseRouteQuery(request, proposalStates).state)),
  );

  app.post(
    `${OPS_API}/operators/proposals/:id/approve`,
    {
      config: {
        summary: 'Approve an operator proposal (not by its proposer, an operator of the same root, or one the proposer added or approved)',
        form: approveBody,
        params: proposalParams,
      },
    },
    async (request) => {
      const { id } = parseRouteParams(request, proposalParams);
      const { reason } = parseRouteForm(request, approveBody);
      return ok(await decideOperatorProposal(db, clock, currentOperator(request), id, 'approved', reason ?? null));
    },
  );

  app.post(
    `${OPS_API}/operators/proposals/:id/reject`,
    { config: { summary: 'Reject (or, as its proposer, withdraw) an operator proposal', form: rejectBody, params: proposalParams } },
    async (request) => {
      const { id } = parseRouteParams(request, proposalParams);
      const { reason } = parseRouteForm(request, rejectBody);
      return ok(await decideOperatorProposal(db, clock, currentOperator(request), id, 'rejected', reason));
    },
  );

  app.get(`${OPS_API}/operators`, { config: { summary: 'Operators, active and retired, oldest first (never a credential)' } }, async () =>
    ok(await listOperators(db)),
  );

  app.post(
    `${OPS_API}/operators/:name/retire`,
    {
      config: { summary: 'Retire an operator (their credential stops working; not oneself, never the last active one)', form: retireBody, params: nameParams },
    },
    async (request) => {
      const { name } = parseRouteParams(request, nameParams);
      const { reason } = parseRouteForm(request, retireBody);
      return ok(await retireOperator(db, clock, currentOperator(request), { name, reason }));
    },
  );
}

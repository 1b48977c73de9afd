// The operator-management calls under /api/ops/operators (docs/api/identity.md §9): add
// an operator (the credential is in this one answer only), list them, retire one. The
// operator guard covers them; changes are audited (operators.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams } from '../../http/parse-form';
import { currentOperator, registerOperatorDecoration, requireOperator } from './auth';
import { OPS_API, type OpsDeps } from './deps';
import { addOperator, listOperators, OPERATOR_NAME_PATTERN, operatorNameSchema, retireOperator } from './operators';

const reasonSchema = z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500, { error: MSG.reasonRequired });
const addBody = z.object({ name: operatorNameSchema, reason: reasonSchema });
const retireBody = z.object({ reason: reasonSchema });
// A name that cannot be an operator's is simply not found.
const nameParams = z.object({ name: z.string().toLowerCase().regex(OPERATOR_NAME_PATTERN, { error: MSG.accountNotFound }) });

/** Register in a plugin context of its own: the operator guard covers every route of it. */
export async function operatorRoutes(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
  const { db, clock } = deps;

  app.post(
    `${OPS_API}/operators`,
    { config: { summary: 'Add an operator; the answer carries their new credential, shown this once', form: addBody } },
    async (request) => {
      const body = parseRouteForm(request, addBody);
      const { operator, credential } = await addOperator(db, clock, currentOperator(request), body);
      return ok({ ...operator, credential });
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

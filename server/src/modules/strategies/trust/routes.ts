// The trust's customer calls under /api/vue/strategy/trust and the operator's under
// /api/ops/trusts (docs/strategies.md "Investment trust"). Forms parsed once with the shared schemas.
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  opsTrustCreateFormSchema,
  trustCancelFormSchema,
  trustIdFormSchema,
  trustRedeemFormSchema,
  trustSubscribeFormSchema,
} from '@kabuto/shared-sdk/schemas';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentUser, forbidInstitution, requireNotRestricted, requireUser } from '../../identity';
import { currentOperator, registerOperatorDecoration, requireOperator } from '../../ops';
import { STRATEGY_API, type StrategiesDeps } from '../deps';
import { cancelRequest, createTrust, listTrusts, myTrust, redeem, subscribe, trustDetail } from './trust';

export const TRUST_API = `${STRATEGY_API}/trust`;
export const OPS_TRUST_API = '/api/ops/trusts';
const emptyForm = z.object({});

export async function trustRoutes(app: FastifyInstance, deps: StrategiesDeps): Promise<void> {
  const member = [requireUser, forbidInstitution];
  const trader = [requireUser, forbidInstitution, requireNotRestricted('trade')];
  // A cancel only gives the customer their own money or units back, so a trading bar lets it
  // through, as it does trade/cancel.
  const reducer = [requireUser, forbidInstitution, requireNotRestricted('trade-reducing')];

  app.post(
    `${TRUST_API}/list`,
    { preHandler: member, config: { summary: 'Every investment trust with its last NAV and fee (simulated venue)', form: emptyForm } },
    async () => ok({ list: await listTrusts(deps), simulated: true }),
  );

  app.post(
    `${TRUST_API}/detail`,
    {
      preHandler: member,
      config: { summary: 'One trust: NAV history, the holdings and cash of the last NAV, the fee with a worked example', form: trustIdFormSchema },
    },
    async (request) => ok(await trustDetail(deps, parseRouteForm(request, trustIdFormSchema).id)),
  );

  app.post(
    `${TRUST_API}/mine`,
    { preHandler: member, config: { summary: 'My units of a trust and my subscriptions and redemptions', form: trustIdFormSchema } },
    async (request) => ok(await myTrust(deps, parseRouteForm(request, trustIdFormSchema).id, currentUser(request).id)),
  );

  app.post(
    `${TRUST_API}/subscribe`,
    { preHandler: trader, config: { summary: 'Subscribe an amount, priced at the next NAV (fund password, idempotency key)', form: trustSubscribeFormSchema } },
    async (request) => subscribe(deps, currentUser(request), parseRouteForm(request, trustSubscribeFormSchema)),
  );

  app.post(
    `${TRUST_API}/redeem`,
    { preHandler: trader, config: { summary: 'Redeem whole units, priced at the next NAV (fund password, idempotency key)', form: trustRedeemFormSchema } },
    async (request) => redeem(deps, currentUser(request), parseRouteForm(request, trustRedeemFormSchema)),
  );

  app.post(
    `${TRUST_API}/cancel`,
    {
      preHandler: reducer,
      config: { summary: "Cancel my pending subscription or redemption before its NAV date's close (idempotency key)", form: trustCancelFormSchema },
    },
    async (request) => cancelRequest(deps, currentUser(request), parseRouteForm(request, trustCancelFormSchema)),
  );
}

export async function trustOpsRoutes(app: FastifyInstance, deps: StrategiesDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.get(OPS_TRUST_API, { config: { summary: 'Every investment trust with its last NAV' } }, async () => ok({ list: await listTrusts(deps) }));

  app.post(
    OPS_TRUST_API,
    {
      config: {
        summary: 'Set up an investment trust following a strategy: name, trust fee (bp a year), minimum subscription (audited)',
        form: opsTrustCreateFormSchema,
      },
    },
    async (request) => ok(await createTrust(deps, parseRouteForm(request, opsTrustCreateFormSchema), currentOperator(request)), MSG.trustCreated),
  );
}

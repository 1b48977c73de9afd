// trade/conditional/* (docs/api/trading.md §7): place, cancel and list conditional orders.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { conditionalIdFormSchema, conditionalListFormSchema, conditionalPlaceFormSchema } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentUser, forbidInstitution, refuseWhileTradingBarred, requireNotRestricted, requireUser } from '../../identity';
import { TRADE_API, type TradingDeps } from '../deps';
import { orderRateLimit } from '../routes/trade';
import { cancelConditional, closesAPosition, listConditional, placeConditional } from './orders';
import type { ConditionalService } from './service';

/** `runner` answers the running conditional service at call time (a restarted runner replaces it). */
export async function conditionalRoutes(app: FastifyInstance, deps: TradingDeps, runner: () => ConditionalService): Promise<void> {
  const member = [requireUser, forbidInstitution];
  // A trading bar blocks new exposure and lets the customer reduce it (docs/trading.md §11):
  // cancels and stop-losses on a holding pass it, conditional orders that open are refused.
  const reducer = [requireUser, forbidInstitution, requireNotRestricted('trade-reducing')];
  const customer = (request: FastifyRequest) => {
    const me = currentUser(request);
    return { id: me.id, account: me.account, sessionId: me.sessionId };
  };

  app.post(
    `${TRADE_API}/conditional/place`,
    {
      preHandler: reducer,
      config: {
        ...orderRateLimit,
        summary: 'Place a conditional order (stop, stop-limit, OCO, IFD, IFDOCO, trailing stop) that waits for its trigger',
        form: conditionalPlaceFormSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, conditionalPlaceFormSchema);
      // Only a leg on a holding (never an IFD, which opens first) reduces exposure: planConditional's own split.
      if (!closesAPosition(form)) await refuseWhileTradingBarred(request);
      return placeConditional(deps, runner(), customer(request), form);
    },
  );

  app.post(
    `${TRADE_API}/conditional/cancel`,
    { preHandler: reducer, config: { ...orderRateLimit, summary: 'Cancel the waiting legs of a conditional order', form: conditionalIdFormSchema } },
    async (request) =>
      ok(await cancelConditional(deps, runner(), customer(request).id, parseRouteForm(request, conditionalIdFormSchema).id), MSG.conditionalOrderCancelled),
  );

  app.post(
    `${TRADE_API}/conditional/list`,
    { preHandler: member, config: { summary: 'Conditional orders with their legs and states, newest first', form: conditionalListFormSchema } },
    async (request) => ok(await listConditional(deps, customer(request).id, parseRouteForm(request, conditionalListFormSchema))),
  );
}

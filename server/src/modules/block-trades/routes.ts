// The customer calls of the `block` group (docs/api/block-trades.md). Each handler parses its form
// with the shared schema; refusals travel as ApiFailure with a catalogue message and the rule.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blockBuyFormSchema, blockListFormSchema, blockMineFormSchema, type BlockOfferPage, type BlockPurchasePage } from '@kabuto/shared-sdk/schemas';
import { ok, pageOfAll } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { jstDateKey } from '../market';
import { currentUser, forbidInstitution, requireNotRestricted, requireUser } from '../identity';
import { buyBlock, myBuys } from './buy';
import { BLOCK_API, type BlockTradesDeps } from './deps';
import { blockOffers, blockPurchases } from './schema';
import { offerView, purchaseView } from './views';

const ORDER = { open: 0, soldOut: 1, upcoming: 2, closed: 3 } as const;

export async function blockRoutes(app: FastifyInstance, deps: BlockTradesDeps): Promise<void> {
  const member = [requireUser, forbidInstitution];
  const trader = [requireUser, forbidInstitution, requireNotRestricted('trade')];

  app.post(
    `${BLOCK_API}/list`,
    {
      preHandler: member,
      config: {
        summary: 'Block offers of the broker’s inventory: price rule, available, window, minimums, limits, lock-up (simulated)',
        form: blockListFormSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, blockListFormSchema);
      const me = currentUser(request);
      const now = deps.businessClock.now();
      const today = jstDateKey(now);
      const offers = await deps.db.select().from(blockOffers).orderBy(desc(blockOffers.id));
      const views = [];
      for (const o of offers) views.push(offerView(o, await myBuys(deps.db, o.id, me.id, today), now));
      views.sort((a, b) => ORDER[a.status] - ORDER[b.status]);
      const answer: BlockOfferPage = pageOfAll(views, form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${BLOCK_API}/mine`,
    { preHandler: member, config: { summary: 'My block buys (off-auction trades)', form: blockMineFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, blockMineFormSchema);
      const me = currentUser(request);
      const rows = await deps.db.select().from(blockPurchases).where(eq(blockPurchases.userId, me.id)).orderBy(desc(blockPurchases.id));
      const ids = [...new Set(rows.map((r) => r.offerId))];
      const offers = ids.length
        ? await deps.db
            .select()
            .from(blockOffers)
            .where(and(inArray(blockOffers.id, ids)))
        : [];
      const byId = new Map(offers.map((o) => [o.id, o]));
      const views = rows.flatMap((r) => {
        const offer = byId.get(r.offerId);
        return offer ? [purchaseView(offer, r)] : [];
      });
      const answer: BlockPurchasePage = pageOfAll(views, form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${BLOCK_API}/buy`,
    {
      preHandler: trader,
      config: { summary: 'Buy shares of a block offer at its published price (off-auction; fund password, idempotency key)', form: blockBuyFormSchema },
    },
    async (request) => buyBlock(deps, currentUser(request), parseRouteForm(request, blockBuyFormSchema)),
  );
}

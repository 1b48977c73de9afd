// Operator side of block trades under /api/ops/block (docs/api/block-trades.md §Ops): stock the
// inventory (audited opening balance), publish an offer, close it, list both. JSON, Bearer
// operator credential; each step audited in its transaction.
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { rowIdSchema } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams } from '../../http/parse-form';
import { currentOperator, operatorsOnly, scheduledAt } from '../ops';
import { OPS_BLOCK_API, type BlockTradesDeps } from './deps';
import { closeOffer, publishOffer, stockInventory } from './inventory';
import { blockInventory, blockOffers, type BlockOfferRow } from './schema';
import { offerView } from './views';

const reason = z.string().trim().max(500).optional();
const invalid = { error: MSG.blockOfferInvalid };
const code = z
  .string({ error: MSG.productNotFound })
  .trim()
  .regex(/^\d[0-9A-Z]\d[0-9A-Z]$/, { error: MSG.productNotFound });
const count = z.coerce.number(invalid).int(invalid).positive(invalid);
const when = z.union([z.iso.datetime({ offset: true }), z.coerce.number(invalid).int(invalid).min(0, invalid)], invalid);
const stockBody = z.object({
  code,
  shares: z.coerce.number({ error: MSG.blockInventoryInvalid }).int({ error: MSG.blockInventoryInvalid }).positive({ error: MSG.blockInventoryInvalid }),
  costYen: z.coerce
    .number({ error: MSG.blockInventoryInvalid })
    .int({ error: MSG.blockInventoryInvalid })
    .positive({ error: MSG.blockInventoryInvalid })
    .optional(),
  reason,
});
const publishBody = z.object({
  code,
  /** Signed percent against the previous close, two decimals at most (-3.5 = 3.5 % discount). */
  percent: z.coerce
    .number({ error: MSG.blockPriceOutOfBand })
    .refine((p) => Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
      error: MSG.blockPriceOutOfBand,
    }),
  quantity: count,
  minShares: count.optional(),
  minAmountYen: count.optional(),
  dailyLimit: count,
  maxPerCustomer: count,
  lockUpDays: z.coerce.number(invalid).int(invalid).min(0, invalid).default(0),
  /** Each: an ISO instant, or seconds from now on the business clock. */
  windowStart: when.default(0),
  windowEnd: when,
  reason,
});
const idParams = z.object({ id: rowIdSchema(MSG.productNotFound) });
const reasonBody = z.object({ reason });

function opsOfferView(o: BlockOfferRow, now: Date) {
  return {
    ...offerView(o, { bought: 0, boughtToday: 0 }, now),
    sold: o.sold,
    premiumBp: o.premiumBp,
    createdBy: o.createdBy,
    closedAt: o.closedAt?.toISOString() ?? null,
  };
}

export async function blockOpsRoutes(app: FastifyInstance, deps: BlockTradesDeps): Promise<void> {
  operatorsOnly(app);
  const now = () => deps.businessClock.now();
  const at = (v: string | number) => scheduledAt(now(), v);

  app.get(`${OPS_BLOCK_API}/inventory`, { config: { summary: 'The broker’s block inventory per code: shares and cost' } }, async () => {
    const rows = await deps.db.select().from(blockInventory).orderBy(asc(blockInventory.code));
    return ok(rows.map((r) => ({ code: r.code, shares: r.shares, cost: r.cost.toString(), updatedAt: r.updatedAt.toISOString() })));
  });

  app.post(
    `${OPS_BLOCK_API}/inventory`,
    {
      config: {
        summary: 'Stock the inventory: an audited opening balance at a cost (default the previous close), posted against block_capital',
        form: stockBody,
      },
    },
    async (request) => {
      const b = parseRouteForm(request, stockBody);
      const row = await stockInventory(deps, currentOperator(request), { code: b.code, shares: b.shares, costYen: b.costYen }, b.reason ?? null);
      return ok({ code: row.code, shares: row.shares, cost: row.cost.toString(), updatedAt: row.updatedAt.toISOString() });
    },
  );

  app.get(`${OPS_BLOCK_API}/offers`, { config: { summary: 'Every block offer with its rule, window and sales' } }, async () => {
    const rows = await deps.db.select().from(blockOffers).orderBy(asc(blockOffers.id));
    return ok(rows.map((r) => opsOfferView(r, now())));
  });

  app.post(
    `${OPS_BLOCK_API}/offers`,
    { config: { summary: 'Publish an offer: price = previous close × (1 + percent), |percent| ≤ 7; needs free inventory', form: publishBody } },
    async (request) => {
      const b = parseRouteForm(request, publishBody);
      const row = await publishOffer(
        deps,
        currentOperator(request),
        {
          code: b.code,
          premiumBp: Math.round(b.percent * 100),
          quantity: b.quantity,
          windowStart: at(b.windowStart),
          windowEnd: at(b.windowEnd),
          minShares: b.minShares,
          minAmountYen: b.minAmountYen,
          dailyLimit: b.dailyLimit,
          maxPerCustomer: b.maxPerCustomer,
          lockUpDays: b.lockUpDays,
        },
        b.reason ?? null,
      );
      return ok(opsOfferView(row, now()));
    },
  );

  app.post(`${OPS_BLOCK_API}/offers/:id/close`, { config: { summary: 'Close an offer now', form: reasonBody, params: idParams } }, async (request) => {
    const { id } = parseRouteParams(request, idParams);
    return ok(opsOfferView(await closeOffer(deps, currentOperator(request), id, parseRouteForm(request, reasonBody).reason ?? null), now()));
  });
}

// The demo block offer on `npm start`: the broker's inventory of one universe stock is stocked by
// an audited opening balance and offered at 3 % under the previous close for 7 days, through the
// same steps an operator takes (as system:block-demo). The offer is simulated, as every offer
// (BlockOffer.simulated, the tab's label). A running demo offer is left alone.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { blockInventory, blockOffers } from './schema';
import { publishOffer, stockInventory, type OperatorDeps } from './inventory';

export const DEMO_OPERATOR = { id: 0, name: 'system:block-demo' } as const;
const DEMO_CODES = ['7203', '6758', '9984', '8306'];
const DEMO_QUANTITY = 20_000;
const D = 24 * 3600_000;

export async function seedBlockTradesDemo(deps: OperatorDeps): Promise<void> {
  const code = DEMO_CODES.find((c) => deps.venue.instrument(c) !== undefined);
  if (!code) return;
  const now = deps.businessClock.now();
  const [running] = await deps.db
    .select({ id: blockOffers.id })
    .from(blockOffers)
    .where(and(eq(blockOffers.createdBy, DEMO_OPERATOR.name), isNull(blockOffers.closedAt), gt(blockOffers.windowEnd, now)))
    .limit(1);
  if (running) return;
  const [inv] = await deps.db.select().from(blockInventory).where(eq(blockInventory.code, code)).limit(1);
  if ((inv?.shares ?? 0) < DEMO_QUANTITY)
    await stockInventory(deps, DEMO_OPERATOR, { code, shares: DEMO_QUANTITY - (inv?.shares ?? 0) }, 'demo seed (simulated)');
  await publishOffer(
    deps,
    DEMO_OPERATOR,
    {
      code,
      premiumBp: -300,
      quantity: DEMO_QUANTITY,
      windowStart: now,
      windowEnd: new Date(now.getTime() + 7 * D),
      dailyLimit: 5_000,
      maxPerCustomer: 10_000,
      lockUpDays: 3,
    },
    'demo seed (simulated)',
  );
}

// The broker's inventory and its offers, operator side: stock the inventory (an audited opening
// balance), publish an offer (price from the previous close by the published rule, within ±7 %),
// close an offer. Each step is audited in the transaction that makes it.
//
// Why an opening balance and not a venue buy: the simulated venue's participants quote a few
// hundred shares a level, so buying tens of thousands of shares there would move the simulated
// price by itself and take minutes; a block desk's inventory comes from the firm's own book, which
// the opening balance records as it is: shares at a stated cost, posted against the broker's
// capital account (block_capital), with operator, reason and cost in the audit trail.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { BLOCK_LOT_SHARES, BLOCK_MIN_AMOUNT_YEN, BLOCK_MIN_SHARES, blockPriceTenths } from '@kabuto/shared-sdk/schemas';
import { brokerAccount, postJournal, refuse } from '../funds';
import { writeAudit, type OperatorIdentity } from '../ops';
import { BLOCK_ACCOUNTS, type BlockTradesDeps } from './deps';
import { blockInventory, blockOffers, type BlockInventoryRow, type BlockOfferRow } from './schema';

export const inventoryAccount = () => brokerAccount(BLOCK_ACCOUNTS.inventory, 'JPY');

/** The operator steps need no funds extensions: the seed runs them before the app is built. */
export type OperatorDeps = Pick<BlockTradesDeps, 'db' | 'clock' | 'businessClock' | 'venue'>;

export interface StockInput {
  code: string;
  shares: number;
  /** Cost per share in whole yen; defaults to the previous close. */
  costYen?: number;
}

export async function stockInventory(deps: OperatorDeps, operator: OperatorIdentity, input: StockInput, reason: string | null): Promise<BlockInventoryRow> {
  if (!deps.venue.instrument(input.code)) refuse(MSG.productNotFound);
  const costYen = input.costYen ?? Math.round(deps.venue.quote(input.code).previousClose / 10);
  if (!Number.isSafeInteger(input.shares) || input.shares <= 0 || input.shares % BLOCK_LOT_SHARES !== 0 || !Number.isSafeInteger(costYen) || costYen <= 0)
    refuse(MSG.blockInventoryInvalid);
  const cost = BigInt(input.shares) * BigInt(costYen);
  return deps.db.transaction(async (tx) => {
    const now = deps.businessClock.now();
    const [row] = await tx
      .insert(blockInventory)
      .values({ code: input.code, shares: input.shares, cost, updatedAt: now })
      .onConflictDoUpdate({
        target: blockInventory.code,
        set: { shares: sql`${blockInventory.shares} + ${input.shares}`, cost: sql`${blockInventory.cost} + ${cost}`, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('inventory not stored');
    await postJournal(tx, deps.businessClock, {
      type: 'block_inventory_opening',
      reference: `block-inventory:${input.code}`,
      memo: `opening balance ${input.shares} × ¥${costYen} (simulated)`,
      postings: [
        { account: inventoryAccount(), amount: cost },
        { account: brokerAccount(BLOCK_ACCOUNTS.capital, 'JPY'), amount: -cost },
      ],
    });
    await writeAudit(tx, deps.clock, operator, {
      action: 'block.inventory.opening',
      targetUserId: null,
      reason,
      details: { code: input.code, shares: input.shares, costYen, cost: cost.toString(), holding: row.shares },
    });
    return row;
  });
}

export interface NewOffer {
  code: string;
  /** Signed basis points against the previous close (−300 = 3 % discount); |bp| ≤ 700. */
  premiumBp: number;
  quantity: number;
  windowStart: Date;
  windowEnd: Date;
  minShares?: number;
  minAmountYen?: number;
  dailyLimit: number;
  maxPerCustomer: number;
  lockUpDays?: number;
}

function whole(n: number, min: number): boolean {
  return Number.isSafeInteger(n) && n >= min && n % BLOCK_LOT_SHARES === 0;
}

export function checkNewOffer(o: NewOffer): Required<NewOffer> {
  const full: Required<NewOffer> = {
    ...o,
    minShares: o.minShares ?? BLOCK_MIN_SHARES,
    minAmountYen: o.minAmountYen ?? BLOCK_MIN_AMOUNT_YEN,
    lockUpDays: o.lockUpDays ?? 0,
  };
  const ok =
    whole(full.quantity, full.minShares) &&
    // The spec's floor: an offer may ask more than 300 shares and ¥1,500,000, never less.
    whole(full.minShares, BLOCK_MIN_SHARES) &&
    Number.isSafeInteger(full.minAmountYen) &&
    full.minAmountYen >= BLOCK_MIN_AMOUNT_YEN &&
    whole(full.dailyLimit, full.minShares) &&
    whole(full.maxPerCustomer, full.dailyLimit) &&
    Number.isSafeInteger(full.lockUpDays) &&
    full.lockUpDays >= 0 &&
    full.lockUpDays <= 365 &&
    full.windowStart.getTime() < full.windowEnd.getTime();
  if (!ok) refuse(MSG.blockOfferInvalid);
  return full;
}

/** Shares of `code` promised to offers still running (not closed, window not over). */
async function reservedShares(tx: BlockTradesDeps['db'], code: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${blockOffers.quantity} - ${blockOffers.sold}), 0)::int` })
    .from(blockOffers)
    .where(and(eq(blockOffers.code, code), isNull(blockOffers.closedAt), gt(blockOffers.windowEnd, now)));
  return row?.n ?? 0;
}

export async function publishOffer(deps: OperatorDeps, operator: OperatorIdentity, input: NewOffer, reason: string | null): Promise<BlockOfferRow> {
  const offer = checkNewOffer(input);
  const instrument = deps.venue.instrument(offer.code);
  if (!instrument) refuse(MSG.productNotFound);
  const referenceClose = deps.venue.quote(offer.code).previousClose;
  const price = blockPriceTenths(referenceClose, offer.premiumBp);
  if (price === null) refuse(MSG.blockPriceOutOfBand, { rule: 'price-band', bandPercent: 7, percent: (offer.premiumBp / 100).toFixed(2) });
  return deps.db.transaction(async (tx) => {
    const now = deps.businessClock.now();
    // The inventory row locked: two publications cannot promise the same shares.
    const [inv] = await tx.select().from(blockInventory).where(eq(blockInventory.code, offer.code)).for('update').limit(1);
    const free = (inv?.shares ?? 0) - (await reservedShares(tx, offer.code, now));
    if (offer.quantity > free) refuse(MSG.blockInventoryShort, { rule: 'inventory', free, quantity: offer.quantity });
    const [row] = await tx
      .insert(blockOffers)
      .values({
        code: offer.code,
        names: instrument.name,
        referenceClose,
        premiumBp: offer.premiumBp,
        price,
        quantity: offer.quantity,
        windowStart: offer.windowStart,
        windowEnd: offer.windowEnd,
        minShares: offer.minShares,
        minAmount: BigInt(offer.minAmountYen),
        dailyLimit: offer.dailyLimit,
        maxPerCustomer: offer.maxPerCustomer,
        lockUpDays: offer.lockUpDays,
        createdBy: operator.name,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('offer not stored');
    await writeAudit(tx, deps.clock, operator, {
      action: 'block.offer.publish',
      targetUserId: null,
      reason,
      details: { id: row.id, code: row.code, referenceClose, premiumBp: row.premiumBp, price, quantity: row.quantity, lockUpDays: row.lockUpDays },
    });
    return row;
  });
}

export async function closeOffer(deps: OperatorDeps, operator: OperatorIdentity, id: number, reason: string | null): Promise<BlockOfferRow> {
  return deps.db.transaction(async (tx) => {
    const [offer] = await tx.select().from(blockOffers).where(eq(blockOffers.id, id)).for('update').limit(1);
    if (!offer) refuse(MSG.productNotFound);
    if (offer.closedAt) return offer;
    const [row] = await tx.update(blockOffers).set({ closedAt: deps.businessClock.now() }).where(eq(blockOffers.id, id)).returning();
    await writeAudit(tx, deps.clock, operator, {
      action: 'block.offer.close',
      targetUserId: null,
      reason,
      details: { id, code: offer.code, sold: offer.sold },
    });
    return row ?? offer;
  });
}

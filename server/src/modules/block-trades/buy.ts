// A customer's block buy. The rules (shared checkBlockBuy) run once before the fund password and
// again under the customer's funds lock with the offer and inventory rows locked, so parallel buys
// can neither oversell the offer nor take the inventory below zero. In that one transaction: the
// inventory shrinks, the shares become the customer's trading position (trading's off-exchange
// recorder: an off-auction order and fill, never on the venue's tape), the customer's cash goes
// to the broker through postJournal, and the idempotency answer is stored, so a retry moves nothing.
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { blockOfferStatus, checkBlockBuy, withinBlockBand, type BlockPurchase, type blockBuyFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ok, type OkEnvelope } from '../../http/envelope';
import {
  ACCOUNT_KINDS,
  brokerAccount,
  customerCash,
  heldFor,
  postJournal,
  refuse,
  rememberAnswer,
  replayIfSeen,
  userAccountBalance,
  withUserFundsLock,
  type IdempotentRequest,
} from '../funds';
import { confirmFundPasswordProof } from '../identity';
import { addDays, jstDateKey } from '../market';
import { recordOffExchangeBuy } from '../trading';
import { BLOCK_ACCOUNTS, type BlockTradesDeps } from './deps';
import { inventoryAccount } from './inventory';
import { blockInventory, blockOffers, blockPurchases, type BlockOfferRow } from './schema';
import { jpy, purchaseView, yenText, type MyBuys } from './views';

type BuyForm = z.output<typeof blockBuyFormSchema>;

export async function myBuys(db: Database, offerId: number, userId: number, today: string): Promise<MyBuys> {
  const [row] = await db
    .select({
      bought: sql<number>`coalesce(sum(${blockPurchases.shares}), 0)::int`,
      boughtToday: sql<number>`coalesce(sum(${blockPurchases.shares}) filter (where ${blockPurchases.tradeDate} = ${today}), 0)::int`,
    })
    .from(blockPurchases)
    .where(and(eq(blockPurchases.offerId, offerId), eq(blockPurchases.userId, userId)));
  return { bought: row?.bought ?? 0, boughtToday: row?.boughtToday ?? 0 };
}

/** Refuses with the first rule `shares` breaks (the rule and the amounts go with the message). */
function checkRules(deps: BlockTradesDeps, offer: BlockOfferRow, mine: MyBuys, shares: number, now: Date): void {
  const available = offer.quantity - offer.sold;
  const refusal = checkBlockBuy(
    {
      status: blockOfferStatus({ ...offer, available }, now),
      windowStart: offer.windowStart.toISOString(),
      windowEnd: offer.windowEnd.toISOString(),
      priceYen: BigInt(offer.price / 10),
      minShares: offer.minShares,
      minAmountYen: offer.minAmount,
      dailyLimit: offer.dailyLimit,
      maxPerCustomer: offer.maxPerCustomer,
      available,
      ...mine,
    },
    shares,
  );
  if (refusal) refuse(refusal.msg, refusal.detail);
  // ToSTNeT-1 checks the band at execution: a window that runs into a new day is held to the new close.
  const previousClose = deps.venue.quote(offer.code).previousClose;
  if (!withinBlockBand(offer.price, previousClose))
    refuse(MSG.blockTradeClosed, { rule: 'price-band', price: yenText(offer.price), previousClose: yenText(previousClose), bandPercent: 7 });
}

async function offerById(db: Database, id: number, forUpdate = false): Promise<BlockOfferRow> {
  const q = db.select().from(blockOffers).where(eq(blockOffers.id, id)).limit(1);
  const [offer] = forUpdate ? await q.for('update') : await q;
  if (!offer) refuse(MSG.productNotFound);
  return offer;
}

async function purchaseAnswer(db: Database, id: number, userId: number): Promise<BlockPurchase> {
  const [row] = await db
    .select({ p: blockPurchases, offer: blockOffers })
    .from(blockPurchases)
    .innerJoin(blockOffers, eq(blockOffers.id, blockPurchases.offerId))
    .where(and(eq(blockPurchases.id, id), eq(blockPurchases.userId, userId)))
    .limit(1);
  if (!row) refuse(MSG.orderNotFound);
  return purchaseView(row.offer, row.p);
}

/** `buyer`: the user and the session the call came in (a fund-password grant is of one session). */
export async function buyBlock(deps: BlockTradesDeps, buyer: { id: number; sessionId: string }, form: BuyForm): Promise<OkEnvelope<BlockPurchase>> {
  const userId = buyer.id;
  const request: IdempotentRequest = { userId, key: form.idempotencyKey, action: 'block.buy', params: { offerId: form.offerId, shares: form.shares } };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await purchaseAnswer(deps.db, seen.data.id, userId)), replayed: true as const }, seen.msg);
  const offer = await offerById(deps.db, form.offerId);
  const now0 = deps.businessClock.now();
  checkRules(deps, offer, await myBuys(deps.db, offer.id, userId, jstDateKey(now0)), form.shares, now0);
  await confirmFundPasswordProof(deps.db, deps.clock, buyer, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant });

  const id = await withUserFundsLock(deps.db, deps.clock, userId, async (tx) => {
    const again = await replayIfSeen<{ id: number }>(tx, request);
    if (again) return again.data.id;
    // Offer, then inventory: every buy locks in this order (publishing locks only the inventory).
    const locked = await offerById(tx, form.offerId, true);
    const now = deps.businessClock.now();
    const today = jstDateKey(now);
    checkRules(deps, locked, await myBuys(tx, locked.id, userId, today), form.shares, now);
    const [inv] = await tx.select().from(blockInventory).where(eq(blockInventory.code, locked.code)).for('update').limit(1);
    if (!inv || inv.shares < form.shares) refuse(MSG.aboveMaximumBuy, { rule: 'available', available: inv?.shares ?? 0, shares: form.shares });
    const amount = (BigInt(locked.price) * BigInt(form.shares)) / 10n;
    const cash = await userAccountBalance(tx, userId, ACCOUNT_KINDS.customerCash, 'JPY');
    const power = cash - (await heldFor(deps.funds, tx, userId, 'JPY')).total;
    if (amount > power) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(amount), buyingPower: jpy(power) });

    // The cost leaving the inventory: its share of the average cost; the last share takes the rest.
    const costOut = inv.shares === form.shares ? inv.cost : (inv.cost * BigInt(form.shares)) / BigInt(inv.shares);
    await tx
      .update(blockInventory)
      .set({ shares: inv.shares - form.shares, cost: inv.cost - costOut, updatedAt: now })
      .where(eq(blockInventory.code, inv.code));
    await tx
      .update(blockOffers)
      .set({ sold: locked.sold + form.shares })
      .where(eq(blockOffers.id, locked.id));
    const lockUpUntil = locked.lockUpDays > 0 ? addDays(today, locked.lockUpDays) : null;
    const [purchase] = await tx
      .insert(blockPurchases)
      .values({ offerId: locked.id, userId, shares: form.shares, price: locked.price, amount, positionId: 0, tradeDate: today, lockUpUntil, createdAt: now })
      .returning({ id: blockPurchases.id });
    if (!purchase) throw new Error('block purchase not stored');
    const { positionId } = await recordOffExchangeBuy(tx, {
      userId,
      code: locked.code,
      shares: form.shares,
      priceTenths: locked.price,
      at: now,
      tradeDate: today,
      tradeId: `block-${purchase.id}`,
      lockUpUntil,
    });
    await tx.update(blockPurchases).set({ positionId }).where(eq(blockPurchases.id, purchase.id));
    // The customer's side, on the position's reference as trading's postings (the detail lists them).
    await postJournal(tx, deps.businessClock, {
      type: 'block_buy',
      reference: `position:${positionId}`,
      userId,
      postings: [
        { account: customerCash(userId, 'JPY'), amount: -amount },
        { account: brokerAccount(BLOCK_ACCOUNTS.settlement, 'JPY'), amount },
      ],
    });
    // The broker's side: the inventory at cost leaves the book (not shown to the customer).
    if (costOut > 0n)
      await postJournal(tx, deps.businessClock, {
        type: 'block_inventory_out',
        reference: `block:${purchase.id}`,
        postings: [
          { account: inventoryAccount(), amount: -costOut },
          { account: brokerAccount(BLOCK_ACCOUNTS.costOfSales, 'JPY'), amount: costOut },
        ],
      });
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.purchaseSuccess, data: { id: purchase.id } });
    return purchase.id;
  });
  return ok(await purchaseAnswer(deps.db, id, userId), MSG.purchaseSuccess);
}

// Every rule of a block buy (docs/block-trades.md): the ±7 % price rule at publish, minimum shares
// and amount, daily limit, per-customer maximum, window, inventory under parallel buys, idempotent
// retry, lock-up on the sale; and the shares as an off-auction trading position.
import { and, eq, like, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  blockPriceTenths,
  type BlockOffer,
  type BlockOfferPage,
  type BlockPurchase,
  type BlockPurchasePage,
  type TradePosition,
  type TradePositionDetail,
} from '@kabuto/shared-sdk/schemas';
import { parseOpsArgs } from '../../ops-cli/args';
import { ledgerJournal } from '../funds';
import { createOperator } from '../funds/testing/funds-test-kit';
import { auditLog } from '../ops';
import { tradingPositions } from '../trading';
import { closeOffer, publishOffer, stockInventory } from './inventory';
import { blockInventory, blockOffers, blockPurchases } from './schema';
import {
  block,
  brokerBalance,
  buy,
  cashOf,
  closeAtMarket,
  CODE,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  openOffer,
  OPERATOR,
  startBlockTestApp,
  trade,
  type BlockTestContext,
} from './testing/block-test-kit';

let t: BlockTestContext;
beforeAll(async () => {
  t = await startBlockTestApp();
}, 120_000);
afterAll(async () => t.close());

const H = 3600_000;
const D = 24 * H;
const RICH = 100_000_000n;

/** The −3 % price in whole yen, and the fewest whole lots (≥ 300) that reach ¥1,500,000 at it. */
function terms(bp = -300) {
  const tenths = blockPriceTenths(t.previousClose, bp);
  if (tenths === null) throw new Error('no price');
  const yen = tenths / 10;
  const minimal = Math.max(300, Math.ceil(1_500_000 / yen / 100) * 100);
  return { tenths, yen, minimal };
}

async function refusalOf(p: Promise<unknown>): Promise<{ msgKey: string; data: unknown }> {
  try {
    await p;
  } catch (error) {
    return error as { msgKey: string; data: unknown };
  }
  throw new Error('expected a refusal');
}

async function resetInventory() {
  // Each test starts from no running offer and no inventory (offers of earlier tests closed).
  await t.db.update(blockOffers).set({ closedAt: t.clock.now() });
  await t.db.delete(blockInventory);
}

beforeEach(resetInventory);

test('publish: price = previous close × (1 + percent) rounded towards it, within ±7 %; beyond, or under the spec minimums, refused', async () => {
  const down = await openOffer(t, { premiumBp: -700 });
  expect(down.referenceClose).toBe(t.previousClose);
  expect(down.price % 10).toBe(0);
  expect(down.price).toBeGreaterThanOrEqual(t.previousClose * 0.93);
  expect(down.price).toBeLessThanOrEqual(t.previousClose);
  const up = await openOffer(t, { premiumBp: 700 });
  expect(up.price).toBeLessThanOrEqual(t.previousClose * 1.07);
  expect(up.price).toBeGreaterThanOrEqual(t.previousClose);

  await stockInventory(t.ops, OPERATOR, { code: CODE, shares: 10_000 }, 'test');
  expect((await refusalOf(openOffer(t, { premiumBp: 701 }, false))).msgKey).toBe(MSG.blockPriceOutOfBand);
  expect((await refusalOf(openOffer(t, { premiumBp: -701 }, false))).msgKey).toBe(MSG.blockPriceOutOfBand);
  expect((await refusalOf(openOffer(t, { minShares: 200 }, false))).msgKey).toBe(MSG.blockOfferInvalid);
  expect((await refusalOf(openOffer(t, { minAmountYen: 1_499_999 }, false))).msgKey).toBe(MSG.blockOfferInvalid);
  // 10,000 stocked: an offer of 10,000 takes it all, a second one finds nothing free.
  await openOffer(t, { quantity: 10_000 }, false);
  expect((await refusalOf(openOffer(t, { quantity: 1_000 }, false))).msgKey).toBe(MSG.blockInventoryShort);
  // A published offer appears in the list with its rule and source.
  const c = await createTrader(t, 0n);
  const list = await block<BlockOfferPage>(t.app, 'list', {}, c);
  const open = list.data.list.find((o) => o.status === 'open');
  expect(open?.rule).toMatchObject({ basis: 'previousClose', percent: '-3.00', bandPercent: 7 });
  expect(open?.rule.source).toMatch(/ToSTNeT/);
  expect(open?.simulated).toBe(true);
});

test('minimum 300 shares and minimum ¥1,500,000: refused naming the rule and the amounts', async () => {
  const { yen } = terms();
  // An offer whose minimum amount is above 400 shares' worth, so 400 passes the share minimum and fails the amount.
  const minAmountYen = Math.max(1_500_000, yen * 500);
  const offer = await openOffer(t, { minAmountYen, dailyLimit: 5_000, maxPerCustomer: 5_000 });
  const c = await createTrader(t, RICH);
  const few = await buy(t, c, offer.id, 200);
  expect(few).toMatchObject({ status: 0, msg: MSG.belowMinimumBuy, data: { rule: 'minimum-shares', minimum: 300, shares: 200 } });
  const small = await buy(t, c, offer.id, 400);
  expect(small).toMatchObject({
    status: 0,
    msg: MSG.belowMinimumBuy,
    data: { rule: 'minimum-amount', minimum: String(minAmountYen), amount: String(yen * 400) },
  });
  const notLots = await buy(t, c, offer.id, 350);
  expect(notLots).toMatchObject({ status: 0, msg: MSG.lotsRequired });
  expect(await cashOf(t, c)).toBe(RICH);
  expect(await t.db.select().from(blockPurchases).where(eq(blockPurchases.userId, c.user.id))).toHaveLength(0);
});

test('daily purchase limit per customer per JST day, then the per-customer maximum over the offer', async () => {
  const { minimal } = terms();
  const offer = await openOffer(t, { dailyLimit: 2 * minimal, maxPerCustomer: 3 * minimal, windowEnd: new Date(t.clock.now().getTime() + 7 * D) });
  const c = await createTrader(t, RICH);
  expect((await buy(t, c, offer.id, minimal)).status).toBe(1);
  expect((await buy(t, c, offer.id, minimal)).status).toBe(1);
  const third = await buy(t, c, offer.id, minimal);
  expect(third).toMatchObject({
    status: 0,
    msg: MSG.dailyPurchaseLimitReached,
    data: { rule: 'daily-limit', limit: 2 * minimal, boughtToday: 2 * minimal, shares: minimal },
  });
  // Another customer has their own daily allowance.
  const other = await createTrader(t, RICH);
  expect((await buy(t, other, offer.id, minimal)).status).toBe(1);
  // The next day the daily allowance is back; the offer-wide maximum is not.
  t.clock.advance(D);
  expect((await buy(t, c, offer.id, minimal)).status).toBe(1);
  const over = await buy(t, c, offer.id, minimal);
  expect(over).toMatchObject({ status: 0, msg: MSG.aboveMaximumBuy, data: { rule: 'per-customer-maximum', maximum: 3 * minimal, bought: 3 * minimal } });
  t.clock.advance(-D);
});

test('window: before it opens, after it ends and once closed by the operator → blockTradeClosed with the window', async () => {
  const { minimal } = terms();
  const now = t.clock.now().getTime();
  const later = await openOffer(t, { windowStart: new Date(now + H), windowEnd: new Date(now + 2 * H) });
  const c = await createTrader(t, RICH);
  expect(await buy(t, c, later.id, minimal)).toMatchObject({ status: 0, msg: MSG.blockTradeClosed, data: { rule: 'window', status: 'upcoming' } });
  const open = await openOffer(t, { windowEnd: new Date(now + 30 * 60_000) });
  await closeOffer(t.ops, OPERATOR, open.id, 'test');
  expect(await buy(t, c, open.id, minimal)).toMatchObject({ status: 0, msg: MSG.blockTradeClosed, data: { rule: 'window', status: 'closed' } });
  t.clock.advance(2 * H + 1);
  expect(await buy(t, c, later.id, minimal)).toMatchObject({ status: 0, msg: MSG.blockTradeClosed, data: { rule: 'window', status: 'closed' } });
  t.clock.advance(-(2 * H + 1));
  expect(await buy(t, c, 999_999, minimal)).toMatchObject({ status: 0, msg: MSG.productNotFound });
  expect(await cashOf(t, c)).toBe(RICH);
});

test('a buy moves shares from the inventory to an off-auction position and cash customer → broker; not on the tape', async () => {
  const { yen, minimal } = terms();
  const offer = await openOffer(t, { quantity: 10_000, dailyLimit: 5_000, maxPerCustomer: 5_000 });
  const c = await createTrader(t, RICH);
  const volumeBefore = t.runtime.market.quote(CODE).volume;
  const bought = await buy<BlockPurchase>(t, c, offer.id, minimal);
  expect(bought).toMatchObject({ status: 1, msg: MSG.purchaseSuccess, data: { shares: minimal, price: String(yen), offAuction: true, lockUpUntil: null } });
  expect(await cashOf(t, c)).toBe(RICH - BigInt(yen * minimal));
  const [inv] = await t.db.select().from(blockInventory).where(eq(blockInventory.code, CODE));
  expect(inv?.shares).toBe(10_000 - minimal);
  expect(await brokerBalance(t, 'block_settlement')).toBeGreaterThanOrEqual(BigInt(yen * minimal));
  // The position as trading shows it: a holding cash long at the block price, labelled off-auction.
  const detail = await trade<TradePositionDetail>(t.app, 'detail', { id: bought.data.positionId }, c);
  expect(detail.data).toMatchObject({
    status: 'holding',
    product: 'cash',
    direction: 'long',
    holdingQuantity: minimal,
    openPrice: String(yen),
    offAuction: true,
  });
  expect(detail.data.fills).toEqual([expect.objectContaining({ tradeId: `block-${bought.data.id}`, auction: false, offAuction: true, quantity: minimal })]);
  expect(detail.data.orders[0]).toMatchObject({ kind: 'open', state: 'filled', venueOrderId: null, offAuction: true });
  expect(detail.data.postings.map((p) => [p.type, p.account, p.amount.amount])).toEqual(
    expect.arrayContaining([
      ['block_buy', 'customer_cash', `-${yen * minimal}`],
      ['block_buy', 'broker:block_settlement', String(yen * minimal)],
    ]),
  );
  // Never entered on the venue: its volume did not move.
  expect(t.runtime.market.quote(CODE).volume).toBe(volumeBefore);
  const mine = await block<BlockPurchasePage>(t.app, 'mine', {}, c);
  expect(mine.data.list.map((p) => p.id)).toEqual([bought.data.id]);
  const listed = await block<BlockOfferPage>(t.app, 'list', {}, c);
  expect(listed.data.list.find((o: BlockOffer) => o.id === offer.id)).toMatchObject({
    available: 10_000 - minimal,
    mine: { bought: minimal, boughtToday: minimal },
  });
});

test('20 parallel buys of 10 lots’ worth: 10 succeed, the inventory never goes negative, the ledger matches', async () => {
  const { yen, minimal } = terms();
  const offer = await openOffer(t, { quantity: 10 * minimal, dailyLimit: minimal, maxPerCustomer: minimal });
  const customers = await Promise.all(Array.from({ length: 20 }, () => createTrader(t, RICH)));
  const before = await brokerBalance(t, 'block_settlement');
  const answers = await Promise.all(customers.map((c) => buy(t, c, offer.id, minimal)));
  expect(answers.filter((a) => a.status === 1)).toHaveLength(10);
  for (const a of answers.filter((x) => x.status === 0)) expect(a).toMatchObject({ msg: MSG.aboveMaximumBuy, data: { rule: 'available', available: 0 } });
  const [inv] = await t.db.select().from(blockInventory).where(eq(blockInventory.code, CODE));
  expect(inv).toMatchObject({ shares: 0, cost: 0n });
  const [o] = await t.db.select().from(blockOffers).where(eq(blockOffers.id, offer.id));
  expect(o?.sold).toBe(10 * minimal);
  const [held] = await t.db
    .select({ n: sql<number>`coalesce(sum(${tradingPositions.openQuantity}), 0)::int` })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.offAuction, true), sql`${tradingPositions.userId} in ${customers.map((c) => c.user.id)}`));
  expect(held?.n).toBe(10 * minimal);
  expect((await brokerBalance(t, 'block_settlement')) - before).toBe(BigInt(10 * minimal * yen));
  let spent = 0n;
  for (const c of customers) spent += RICH - (await cashOf(t, c));
  expect(spent).toBe(BigInt(10 * minimal * yen));
});

test('an idempotent retry (sequential and parallel) buys and posts once', async () => {
  const { yen, minimal } = terms();
  const offer = await openOffer(t, { dailyLimit: 5 * minimal, maxPerCustomer: 5 * minimal });
  const c = await createTrader(t, RICH);
  const key = idemKey();
  const first = await buy<BlockPurchase>(t, c, offer.id, minimal, { idempotencyKey: key });
  const again = await buy<BlockPurchase>(t, c, offer.id, minimal, { idempotencyKey: key });
  expect(first.status).toBe(1);
  expect(again).toMatchObject({ status: 1, data: { id: first.data.id, replayed: true } });
  const key2 = idemKey();
  const pair = await Promise.all([
    buy<BlockPurchase>(t, c, offer.id, minimal, { idempotencyKey: key2 }),
    buy<BlockPurchase>(t, c, offer.id, minimal, { idempotencyKey: key2 }),
  ]);
  expect(pair.every((a) => a.status === 1)).toBe(true);
  expect(new Set(pair.map((a) => a.data.id)).size).toBe(1);
  expect(await t.db.select().from(blockPurchases).where(eq(blockPurchases.userId, c.user.id))).toHaveLength(2);
  const journals = await t.db
    .select()
    .from(ledgerJournal)
    .where(and(eq(ledgerJournal.userId, c.user.id), eq(ledgerJournal.type, 'block_buy')));
  expect(journals).toHaveLength(2);
  expect(await cashOf(t, c)).toBe(RICH - BigInt(2 * yen * minimal));
  // The same key for another buy is refused.
  expect(await buy(t, c, offer.id, 2 * minimal, { idempotencyKey: key })).toMatchObject({ status: 0, msg: MSG.idempotencyKeyReused });
});

test('lock-up: the sale is refused with lockUpPeriod until the first sellable day, then accepted', async () => {
  const { minimal } = terms();
  const offer = await openOffer(t, { lockUpDays: 3 });
  const c = await createTrader(t, RICH);
  const bought = await buy<BlockPurchase>(t, c, offer.id, minimal);
  expect(bought.data.lockUpUntil).toBe('2025-01-09');
  const position = await trade<TradePosition>(t.app, 'detail', { id: bought.data.positionId }, c);
  expect(position.data.lockUpUntil).toBe('2025-01-09');
  const refused = await closeAtMarket(t.app, c, bought.data.positionId);
  expect(refused).toMatchObject({ status: 0, msg: MSG.lockUpPeriod, data: { rule: 'lock-up', sellableFrom: '2025-01-09', today: '2025-01-06' } });
  t.clock.advance(2 * D);
  expect((await closeAtMarket(t.app, c, bought.data.positionId)).msg).toBe(MSG.lockUpPeriod);
  t.clock.advance(D);
  const sold = await closeAtMarket(t.app, c, bought.data.positionId);
  expect(sold).toMatchObject({ status: 1, msg: MSG.closeOrderPlaced });
  t.clock.advance(-3 * D);
});

test('insufficient buying power is refused with the amounts, nothing moves', async () => {
  const { yen, minimal } = terms();
  const offer = await openOffer(t);
  const c = await createTrader(t, BigInt(yen * minimal - 1));
  const answer = await buy(t, c, offer.id, minimal);
  expect(answer).toMatchObject({ status: 0, msg: MSG.insufficientBuyingPower, data: { rule: 'buying-power' } });
  const [o] = await t.db.select().from(blockOffers).where(eq(blockOffers.id, offer.id));
  expect(o?.sold).toBe(0);
});

test('publishing and stocking are audited; publish cannot promise more than the free inventory', async () => {
  await stockInventory(t.ops, OPERATOR, { code: CODE, shares: 1_000 }, 'test');
  const now = t.clock.now().getTime();
  const attempt = publishOffer(
    t.ops,
    OPERATOR,
    { code: CODE, premiumBp: 0, quantity: 1_100, windowStart: new Date(now), windowEnd: new Date(now + H), dailyLimit: 1_000, maxPerCustomer: 1_000 },
    'test',
  );
  expect((await refusalOf(attempt)).msgKey).toBe(MSG.blockInventoryShort);
  expect((await refusalOf(stockInventory(t.ops, OPERATOR, { code: CODE, shares: 150 }, 'test'))).msgKey).toBe(MSG.blockInventoryInvalid);
  expect((await refusalOf(stockInventory(t.ops, OPERATOR, { code: '0000', shares: 100 }, 'test'))).msgKey).toBe(MSG.productNotFound);
  const published = await openOffer(t, { quantity: 1_000 }, false);
  await closeOffer(t.ops, OPERATOR, published.id, 'test');
  const actions = (await t.db.select().from(auditLog).where(like(auditLog.action, 'block.%'))).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(['block.inventory.opening', 'block.offer.publish', 'block.offer.close']));
  // The opening balance is in the ledger: inventory at cost against the broker's capital.
  expect(await brokerBalance(t, 'block_inventory')).toBe(-(await brokerBalance(t, 'block_capital')) - (await brokerBalance(t, 'block_cost_of_sales')));
});

test('ops CLI: block-stock, block-publish (percent), block-offers, block-close', async () => {
  const { token } = await createOperator(t.db, 'block-ops');
  async function cli<T = Record<string, unknown>>(...argv: string[]): Promise<{ status: number; msg: string; data: T }> {
    const parsed = parseOpsArgs(argv);
    if (!parsed.ok) throw new Error(parsed.error);
    const { method, path, body } = parsed.call;
    const res = await t.app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    return res.json() as { status: number; msg: string; data: T };
  }
  expect(await cli('block-stock', CODE, '5000', '--reason', 'desk inventory')).toMatchObject({ status: 1, data: { code: CODE, shares: 5000 } });
  const published = await cli<{ id: number; rule: { percent: string }; status: string }>(
    'block-publish',
    CODE,
    '--percent',
    '-2.5',
    '--quantity',
    '3000',
    '--daily',
    '1000',
    '--max',
    '2000',
    '--lockup',
    '5',
    '--closes-in',
    '600',
  );
  expect(published).toMatchObject({ status: 1, data: { rule: { percent: '-2.50' }, status: 'open', lockUpDays: 5 } });
  expect(await cli('block-publish', CODE, '--percent', '8', '--quantity', '300', '--daily', '300', '--max', '300')).toMatchObject({
    status: 0,
    msg: MSG.blockPriceOutOfBand,
  });
  expect(parseOpsArgs(['block-publish', CODE, '--percent', 'x', '--quantity', '300', '--daily', '300', '--max', '300']).ok).toBe(false);
  expect((await cli<unknown[]>('block-offers')).data.length).toBeGreaterThan(0);
  expect(await cli('block-close', String(published.data.id))).toMatchObject({ status: 1, data: { status: 'closed' } });
  expect((await cli<{ code: string }[]>('block-inventory')).data).toEqual([expect.objectContaining({ code: CODE, shares: 5000 })]);
});

test('a buy confirmed by a fund-password grant of the session; another customer’s grant, or neither proof, is refused', async () => {
  const { minimal } = terms();
  const offer = await openOffer(t, { quantity: 10_000, dailyLimit: 5_000, maxPerCustomer: 5_000 });
  const c = await createTrader(t, RICH);
  const other = await createTrader(t, RICH);
  const granted = await t.app.inject({
    method: 'POST',
    url: '/api/vue/user/fundPasswordGrant',
    payload: new URLSearchParams({ fundPassword: FUND_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: c.session.token, account: c.session.account },
  });
  const grant = granted.json<{ data: { grant: string } }>().data.grant;
  expect((await buy(t, other, offer.id, minimal, { fundPassword: undefined, fundPasswordGrant: grant })).msg).toBe(MSG.fundPasswordGrantInvalid);
  expect((await buy(t, c, offer.id, minimal, { fundPassword: undefined })).msg).toBe(MSG.fundPasswordEmpty);
  expect(await cashOf(t, c)).toBe(RICH);
  expect(await buy(t, c, offer.id, minimal, { fundPassword: undefined, fundPasswordGrant: grant })).toMatchObject({ status: 1, msg: MSG.purchaseSuccess });
});

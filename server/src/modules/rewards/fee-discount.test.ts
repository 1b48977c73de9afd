// The fee-discount coupon on an order, against the real app on PGlite with a non-zero commission
// schedule (¥55 up to ¥300,000 of value, else ¥99), so the money path is real: a filled order
// with the coupon is charged its commission and given back min(value, commission) from the
// broker's marketing expense, once; used twice, expired, another customer's, below its minimum
// order value and a cash coupon are each refused with the catalogue message, with nothing posted
// and nothing written; two parallel orders with one coupon give one claim; an order cancelled
// unfilled releases it; a partial fill then cancel is discounted on what filled; a market order
// that fills below the minimum releases it; at the default ¥0 schedule nothing is posted and the
// coupon is released. Prices come from a test customer's resting orders (trading-flow.test.ts).
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponsAnswer, CouponView, TradePosition } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, ledgerAccounts, ledgerJournal, ledgerPostings, userAccountBalance } from '../funds';
import { createOperator, opsJson } from '../funds/testing/funds-test-kit';
import { tradingOrders } from '../trading';
import {
  createMarginTrader,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  startTradingTestApp,
  TIERED_FEES,
  trade,
  type Answer,
  type TestCustomer,
  type TradingTestContext,
} from '../trading/testing/trading-test-kit';
import { vueCall } from '../funds/testing/funds-test-kit';
import { rewardCoupons } from './schema';

const CODE = '8306';

let t: TradingTestContext;
let street: TestCustomer;
let operator: { name: string; token: string };

beforeAll(async () => {
  t = await startTradingTestApp({
    config: { fees: TIERED_FEES },
  });
  street = await createMarginTrader(t, 500_000_000n);
  operator = await createOperator(t.db, 'ops-fee-coupons');
}, 120_000);
afterAll(async () => t.close());

let campaigns = 0;
async function grant(
  c: TestCustomer,
  form: { kind?: 'cash' | 'fee-discount'; value: string; minOrderValue?: string; expiresOn?: string },
): Promise<CouponView> {
  campaigns += 1;
  const granted = await opsJson<CouponView>(t.app, operator.token, 'POST', '/rewards/campaign', {
    account: c.user.account,
    kind: form.kind ?? 'fee-discount',
    value: form.value,
    minOrderValue: form.minOrderValue,
    expiresOn: form.expiresOn ?? '2025-03-31',
    campaign: `fees-${campaigns}`,
    reason: 'fee discount test',
  });
  expect(granted.status).toBe(1);
  return granted.data;
}

const place = (c: TestCustomer, form: Record<string, string | number | undefined>) => placeOrder(t, c, { code: CODE, ...form });
const placeNow = (c: TestCustomer, form: Record<string, string | number | undefined>) =>
  trade<TradePosition>(
    t.app,
    'place',
    { code: CODE, product: 'cash', side: 'buy', orderType: 'limit', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...form },
    c,
  );

async function couponRow(id: number) {
  const [row] = await t.db.select().from(rewardCoupons).where(eq(rewardCoupons.id, id));
  return row;
}
async function journals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal);
  return Number(row?.n ?? 0);
}
async function ordersOf(c: TestCustomer): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(tradingOrders).where(eq(tradingOrders.userId, c.user.id));
  return Number(row?.n ?? 0);
}
async function coupons(c: TestCustomer): Promise<CouponsAnswer> {
  return (await vueCall<CouponsAnswer>(t.app, 'rewards/coupons', {}, c)).data;
}
/** The postings of the journals of `type` referencing `reference`: account key → amount. */
async function postingsOf(type: 'reward_fee_discount' | 'trade_fee', reference: string): Promise<{ account: string; amount: bigint }[]> {
  return t.db
    .select({ account: ledgerAccounts.key, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerJournal.type, type), eq(ledgerJournal.reference, reference)))
    .orderBy(ledgerPostings.id);
}

/** The street rests a sell of `lots` at `price`: a market buy fills there. */
async function streetAsk(price: string, lots: number): Promise<void> {
  const r = await place(street, { product: 'margin', side: 'sell', price, lots, leverage: '1' });
  expect(r.msg).toBe(MSG.orderPlaced);
}

/** Everything a refused placement must leave as it was. */
async function untouched(c: TestCustomer, couponId: number, refused: () => Promise<Answer<unknown>>): Promise<Answer<unknown>> {
  const [before, row, orders, cash] = [
    await journals(),
    await couponRow(couponId),
    await ordersOf(c),
    await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY'),
  ];
  const answer = await refused();
  expect(answer.status).toBe(0);
  expect(await journals()).toBe(before);
  expect(await couponRow(couponId)).toEqual(row);
  expect(await ordersOf(c)).toBe(orders);
  expect(await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY')).toBe(cash);
  return answer;
}

describe('a fee-discount coupon on an order', () => {
  test('a filled order is charged its commission and given back min(value, commission), once, with its postings', async () => {
    const a = await createTrader(t, 1_000_000n);
    const coupon = await grant(a, { value: '80', minOrderValue: '100000' });
    await streetAsk('2000', 1);
    const bought = await place(a, { orderType: 'market', price: undefined, couponId: coupon.id });
    expect(bought.status).toBe(1);
    expect(bought.data.status).toBe('holding');
    expect(bought.data.fees.commission.minor).toBe('55');

    const [order] = await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, bought.data.id));
    expect(order?.couponId).toBe(coupon.id);
    expect(await postingsOf('trade_fee', `position:${bought.data.id}`)).toEqual([
      { account: `customer_cash:JPY:u${a.user.id}`, amount: -55n },
      { account: 'fees:JPY', amount: 55n },
    ]);
    // ¥80 coupon, ¥55 commission: ¥55 back, from the broker's marketing expense.
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([
      { account: 'marketing_expense:JPY', amount: -55n },
      { account: `customer_cash:JPY:u${a.user.id}`, amount: 55n },
    ]);
    expect(await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY')).toBe(1_000_000n - 200_000n);
    const used = (await coupons(a)).used.find((x) => x.id === coupon.id);
    expect(used).toMatchObject({ state: 'used', usedFor: `order:${order?.id}`, orderPositionId: bought.data.id });
    expect(used?.usedAt).not.toBeNull();
    expect((await checkLedger(t.db)).balanced).toBe(true);

    // Used: a second order with it is refused, and the discount is not posted again.
    const again = await untouched(a, coupon.id, () => placeNow(a, { price: '1600', couponId: coupon.id }));
    expect(again).toMatchObject({ msg: MSG.couponAlreadyUsed, data: { rule: 'one-time-use', couponId: coupon.id } });
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toHaveLength(2);
  });

  test('a coupon worth less than the commission gives back its value', async () => {
    const a = await createTrader(t, 1_000_000n);
    const coupon = await grant(a, { value: '30' });
    await streetAsk('2000', 1);
    const bought = await place(a, { orderType: 'market', price: undefined, couponId: coupon.id });
    expect(bought.data.status).toBe('holding');
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([
      { account: 'marketing_expense:JPY', amount: -30n },
      { account: `customer_cash:JPY:u${a.user.id}`, amount: 30n },
    ]);
    expect(await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY')).toBe(1_000_000n - 200_000n - 55n + 30n);
  });

  test("another customer's, below its minimum, a cash coupon, an unknown one: refused with the catalogue message, nothing posted", async () => {
    const a = await createTrader(t, 1_000_000n);
    const b = await createTrader(t, 1_000_000n);
    const theirs = await grant(b, { value: '50' });
    const big = await grant(a, { value: '50', minOrderValue: '500000' });
    const cash = await grant(a, { kind: 'cash', value: '50' });

    expect(await untouched(a, theirs.id, () => placeNow(a, { price: '1600', couponId: theirs.id }))).toMatchObject({
      msg: MSG.couponNotYours,
      data: { rule: 'own-coupon', couponId: theirs.id },
    });
    // 1,600 × 100 shares = ¥160,000, below the coupon's ¥500,000.
    expect(await untouched(a, big.id, () => placeNow(a, { price: '1600', couponId: big.id }))).toMatchObject({
      msg: MSG.couponNotApplicable,
      data: { rule: 'min-order-value', minOrderValue: { minor: '500000' }, orderValue: { minor: '160000' } },
    });
    expect(await untouched(a, cash.id, () => placeNow(a, { price: '1600', couponId: cash.id }))).toMatchObject({
      msg: MSG.couponNotApplicable,
      data: { rule: 'cash-coupon', couponId: cash.id },
    });
    expect(await untouched(a, big.id, () => placeNow(a, { price: '1600', couponId: 999_999 }))).toMatchObject({ msg: MSG.couponNotFound });
    expect(await untouched(a, big.id, () => placeNow(a, { price: '1600', couponId: 'abc' }))).toMatchObject({ msg: MSG.couponNotFound });
  });

  test('two parallel orders with one coupon: exactly one claims it; cancelled unfilled, it is usable again', async () => {
    const a = await createTrader(t, 1_000_000n);
    const coupon = await grant(a, { value: '80' });
    const before = await journals();
    const answers = await Promise.all([placeNow(a, { price: '1600', couponId: coupon.id }), placeNow(a, { price: '1600', couponId: coupon.id })]);
    const placed = answers.filter((x) => x.status === 1);
    expect(placed).toHaveLength(1);
    expect(answers.filter((x) => x.status === 0).map((x) => x.msg)).toEqual([MSG.couponAlreadyUsed]);
    const positionId = (placed[0] as Answer<TradePosition>).data.id;
    await t.service.engine.idle();
    const [order] = await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, positionId));
    expect(await couponRow(coupon.id)).toMatchObject({ claimedOrderId: order?.id, claimedPositionId: positionId, usedAt: null });
    // Held by the open order: shown as used, with the order that holds it.
    expect((await coupons(a)).used.find((x) => x.id === coupon.id)).toMatchObject({ orderPositionId: positionId, usedAt: null });

    const cancelled = await trade<TradePosition>(t.app, 'cancel', { id: positionId }, a);
    expect(cancelled.data.status).toBe('cancelled');
    expect(await couponRow(coupon.id)).toMatchObject({ claimedOrderId: null, claimedPositionId: null, usedAt: null, usedFor: null });
    expect((await coupons(a)).usable.map((x) => x.id)).toContain(coupon.id);
    expect(await journals()).toBe(before);
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([]);

    // Released, it discounts the next order.
    await streetAsk('2000', 1);
    const bought = await place(a, { orderType: 'market', price: undefined, couponId: coupon.id });
    expect(bought.data.status).toBe('holding');
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toHaveLength(2);
  });

  test('a partial fill, then cancel: the commission on what filled is charged and discounted', async () => {
    const a = await createTrader(t, 2_000_000n);
    const coupon = await grant(a, { value: '80' });
    const placed = await place(a, { price: '2025', lots: 3, couponId: coupon.id });
    expect(placed.data.status).toBe('pending');
    await streetAsk('2025', 1);
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([]);
    const done = await trade<TradePosition>(t.app, 'cancel', { id: placed.data.id }, a);
    expect(done.data.status).toBe('holding');
    expect(await postingsOf('trade_fee', `position:${placed.data.id}`)).toEqual([
      { account: `customer_cash:JPY:u${a.user.id}`, amount: -55n },
      { account: 'fees:JPY', amount: 55n },
    ]);
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([
      { account: 'marketing_expense:JPY', amount: -55n },
      { account: `customer_cash:JPY:u${a.user.id}`, amount: 55n },
    ]);
    expect(await couponRow(coupon.id)).toMatchObject({ usedFor: expect.stringMatching(/^order:\d+$/), claimedPositionId: placed.data.id });
  });

  test('a market order that fills below the minimum gets no discount, and the coupon is usable again', async () => {
    const a = await createTrader(t, 1_000_000n);
    // At placement a market buy is valued at the day's upper limit (2,538 × 100 = ¥253,800); it fills at ¥200,000.
    const coupon = await grant(a, { value: '80', minOrderValue: '250000' });
    await streetAsk('2000', 1);
    const bought = await place(a, { orderType: 'market', price: undefined, couponId: coupon.id });
    expect(bought.data.status).toBe('holding');
    expect(await postingsOf('trade_fee', `position:${bought.data.id}`)).toHaveLength(2);
    expect(await postingsOf('reward_fee_discount', `coupon:${coupon.id}`)).toEqual([]);
    expect(await couponRow(coupon.id)).toMatchObject({ claimedOrderId: null, usedAt: null });
    expect((await coupons(a)).usable.map((x) => x.id)).toContain(coupon.id);
  });

  test('past its expiry it is refused with nothing posted', async () => {
    const a = await createTrader(t, 1_000_000n);
    const coupon = await grant(a, { value: '80', expiresOn: '2025-01-07' });
    const morning = t.clock.now();
    try {
      t.clock.set(jstDate(2025, 1, 8, 10, 0));
      expect(await untouched(a, coupon.id, () => placeNow(a, { price: '1600', couponId: coupon.id }))).toMatchObject({
        msg: MSG.couponExpired,
        data: { rule: 'expiry', expiresOn: '2025-01-07', today: '2025-01-08' },
      });
    } finally {
      t.clock.set(morning);
    }
  });
});

describe('at the default schedule (commission ¥0)', () => {
  let d: TradingTestContext;
  beforeAll(async () => {
    d = await startTradingTestApp();
  }, 120_000);
  afterAll(async () => d.close());

  test('a filled order with a coupon is charged nothing, gets nothing, and the coupon is usable again', async () => {
    const seller = await createMarginTrader(d, 500_000_000n);
    const ops = await createOperator(d.db, 'ops-fee-coupons-default');
    const a = await createTrader(d, 1_000_000n);
    const granted = await opsJson<CouponView>(d.app, ops.token, 'POST', '/rewards/campaign', {
      account: a.user.account,
      kind: 'fee-discount',
      value: '80',
      expiresOn: '2025-03-31',
      campaign: 'fees-default',
      reason: 'fee discount test',
    });
    expect(granted.status).toBe(1);
    expect((await placeOrder(d, seller, { code: CODE, product: 'margin', side: 'sell', price: '2000', lots: 1, leverage: '1' })).msg).toBe(MSG.orderPlaced);
    const bought = await placeOrder(d, a, { code: CODE, orderType: 'market', price: undefined, couponId: granted.data.id });
    expect(bought.data.status).toBe('holding');
    expect(bought.data.fees.commission.minor).toBe('0');
    const [row] = await d.db.select().from(rewardCoupons).where(eq(rewardCoupons.id, granted.data.id));
    expect(row).toMatchObject({ claimedOrderId: null, usedAt: null });
    const [discounts] = await d.db.select({ n: count() }).from(ledgerJournal).where(eq(ledgerJournal.type, 'reward_fee_discount'));
    expect(Number(discounts?.n)).toBe(0);
    expect(await userAccountBalance(d.db, a.user.id, 'customer_cash', 'JPY')).toBe(800_000n);
  });
});

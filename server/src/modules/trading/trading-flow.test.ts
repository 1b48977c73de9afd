// A customer's orders through the venue: buy at market → holding at the venue's price → sell →
// closed with the postings adding up; a far limit → cancel → hold gone; partial fills; orders
// queued outside the session into the opening auction; day-end expiry; status actions; refusals
// with nothing written; idempotent retries; restrictions. Prices are set by test customers'
// orders on the venue (no simulated participants), so every fill price is known.
import { count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  BuyingPower,
  IdentityUserInfo,
  MarginAccountInfo,
  OrderEstimate,
  TicketInfo,
  TradePosition,
  TradePositionDetail,
  TradingRules,
  TradingUserEvent,
} from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, userAccountBalance } from '../funds';
import { ledgerJournal } from '../funds';
import { users } from '../identity';
import { jstDateKey } from '../market';
import { post } from '../identity/testing/identity-test-kit';
import { ORDER_CALLS_PER_MINUTE } from './routes/trade';
import { tradingOrders, tradingPositions } from './schema';
import {
  closeAtMarket,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  startTradingTestApp,
  trade,
  type Answer,
  type TestCustomer,
  type TradingTestContext,
} from './testing/trading-test-kit';

// At the test seed 8306's book holds one simulated order (an ask of 200 at 2040.5) and nothing
// else; previous close 2038, limits 1538–2538, tick 0.5. Tests trade below that ask and within
// the renewal interval (±50 yen) of the last trade, as the venue's special-quote rule requires.
const CODE = '8306';

let t: TradingTestContext;
let street: TestCustomer;

async function enableMargin(c: TestCustomer) {
  const r = await trade(
    t.app,
    'marginApply',
    { stockExperience: '1to3', financialAssets: '5to10m', annualIncome: '5to10m', objective: 'growth', riskAcknowledged: 1, agree: 1 },
    c,
  );
  expect(r.status).toBe(1);
}

function place(c: TestCustomer, form: Record<string, string | number | undefined>) {
  return placeOrder(t, c, { code: CODE, ...form });
}

/** The street (a margin customer) rests a sell (short) or buy (long) limit in the book. */
async function streetQuote(side: 'buy' | 'sell', price: string, lots: number): Promise<TradePosition> {
  const r = await place(street, { product: 'margin', side, price, lots, leverage: '1' });
  expect(r.msg).toBe(MSG.orderPlaced);
  return r.data;
}

async function power(c: TestCustomer): Promise<BuyingPower> {
  return (await trade<BuyingPower>(t.app, 'buyingPower', {}, c)).data;
}

async function journals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal);
  return row?.n ?? 0;
}

beforeAll(async () => {
  // As `npm start` runs: placement's checks of a customer remembered (orders/customer-facts.ts).
  t = await startTradingTestApp({ factsCacheMs: 60_000 });
  street = await createTrader(t, 500_000_000n);
  await enableMargin(street);
}, 120_000);
afterAll(async () => t.close());

describe('cash buy and sell through the venue', () => {
  test('buy 100 at market fills at the resting ask; sell closes with realised P&L; the postings add up', async () => {
    const events: TradingUserEvent[] = [];
    const a = await createTrader(t, 1_000_000n);
    t.events.subscribe((userId, e) => userId === a.user.id && events.push(e));
    await streetQuote('sell', '2000', 1);
    const bought = await place(a, { orderType: 'market', price: undefined });
    expect(bought.status).toBe(1);
    expect(bought.data.status).toBe('holding');
    expect(bought.data.openPrice).toBe('2000');
    expect(bought.data.holdingQuantity).toBe(100);
    expect(bought.data.totalCost.minor).toBe('200000');
    expect(bought.data.fees.stampDuty.minor).toBe('0');
    expect(bought.data.fees.notes.en).toMatch(/stamp duty/);

    const detail = await trade<TradePositionDetail>(t.app, 'detail', { id: bought.data.id }, a);
    expect(detail.data.fills).toHaveLength(1);
    const tradeId = detail.data.fills[0]?.tradeId ?? '';
    // The fill is the venue's: its trade id is on the public tape.
    expect(t.runtime.market.trades(CODE).map((x) => x.id)).toContain(tradeId);
    expect(await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY')).toBe(1_000_000n - 200_000n);

    await streetQuote('buy', '2030', 1);
    const sold = await closeAtMarket(t.app, a, bought.data.id);
    expect(sold.msg).toBe(MSG.closeOrderPlaced);
    expect(sold.data.status).toBe('closed');
    expect(sold.data.closePrice).toBe('2030');
    expect(sold.data.realisedPnl.minor).toBe('3000');
    expect(sold.data.actions).toEqual([]);

    const after = await trade<TradePositionDetail>(t.app, 'detail', { id: bought.data.id }, a);
    const customerSum = after.data.postings.filter((p) => !p.account.startsWith('broker:')).reduce((s, p) => s + BigInt(p.amount.minor), 0n);
    expect(customerSum).toBe(3000n);
    const allSum = after.data.postings.reduce((s, p) => s + BigInt(p.amount.minor), 0n);
    expect(allSum).toBe(0n);
    // T+2: the proceeds buy, but are not withdrawable until Wednesday 2025-01-08.
    const p = await power(a);
    expect(p.cash.minor).toBe('1003000');
    expect(p.buyingPower.minor).toBe('1003000');
    expect(p.withdrawable.minor).toBe(String(1_003_000 - 203_000));
    expect(p.unsettled).toEqual([{ amount: expect.objectContaining({ minor: '203000' }), settlesOn: '2025-01-08' }]);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['fill', 'order', 'position']));
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });

  test("trade/place answers at 注文受付 (durable, pending, its hold taken); the venue's acceptance and fill follow on the channel", async () => {
    const a = await createTrader(t, 1_000_000n);
    const events: TradingUserEvent[] = [];
    t.events.subscribe((userId, e) => userId === a.user.id && events.push(e));
    await streetQuote('sell', '2000', 1);
    const form = { code: CODE, product: 'cash', side: 'buy', orderType: 'market', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() };
    const answered = await trade<TradePosition>(t.app, 'place', form, a);
    expect(answered).toMatchObject({ status: 1, msg: MSG.orderPlaced });
    expect(answered.data).toMatchObject({ status: 'pending', filledQuantity: 0, holdingQuantity: 0, orderNo: `K${String(answered.data.id).padStart(8, '0')}` });
    // A market buy holds at the upper limit (2538) until it fills.
    expect(answered.data.held.minor).toBe('253800');
    await t.service.engine.idle();
    expect(events.map((e) => e.event)).toEqual(['order', 'fill', 'order', 'position']);
    expect(events.at(-1)).toMatchObject({ event: 'position', data: { id: answered.data.id, status: 'holding' } });
    const detail = await trade<TradePositionDetail>(t.app, 'detail', { id: answered.data.id }, a);
    expect(detail.data).toMatchObject({ status: 'holding', openPrice: '2000', held: { minor: '0' } });
    // A retry with the same key answers the same position as it now stands; nothing is placed twice.
    const again = await trade<TradePosition>(t.app, 'place', form, a);
    expect(again.data).toMatchObject({ id: answered.data.id, status: 'holding', replayed: true });
  });

  test('demo mode: postings and the order time carry the business (venue) time of the fill, not the wall clock', async () => {
    const wallBefore = t.wall.now();
    // The wall clock at 03:00 JST while the business clock (the demo clock in demo mode) says 10:00.
    t.wall.set(new Date(t.clock.now().getTime() - 7 * 3600_000));
    try {
      const a = await createTrader(t, 1_000_000n);
      await streetQuote('sell', '2000', 1);
      const bought = await place(a, { orderType: 'market', price: undefined });
      expect(bought.data.status).toBe('holding');
      const detail = (await trade<TradePositionDetail>(t.app, 'detail', { id: bought.data.id }, a)).data;
      const fillAt = detail.fills[0]?.at;
      expect(fillAt).toBe(t.clock.now().toISOString());
      const buys = detail.postings.filter((p) => p.type === 'trade_buy');
      expect(buys).toHaveLength(2);
      expect(buys.map((p) => p.at)).toEqual([fillAt, fillAt]);
      // The order time too: the detail never shows an order placed hours after its own fill.
      expect(detail.openedAt).toBe(fillAt);
      expect(detail.orders.map((o) => o.createdAt)).toEqual([fillAt]);
    } finally {
      t.wall.set(wallBefore);
    }
  });

  test('a far limit order waits, cancel releases the hold', async () => {
    const a = await createTrader(t, 1_000_000n);
    const placed = await place(a, { price: '1600', lots: 2 });
    expect(placed.data.status).toBe('pending');
    expect(placed.data.held.minor).toBe('320000');
    expect((await power(a)).buyingPower.minor).toBe('680000');
    const cancelled = await trade<TradePosition>(t.app, 'cancel', { id: placed.data.id }, a);
    expect(cancelled.msg).toBe(MSG.cancelOrderSuccess);
    expect(cancelled.data.status).toBe('cancelled');
    expect(cancelled.data.held.minor).toBe('0');
    expect((await power(a)).buyingPower.minor).toBe('1000000');
    const again = await trade(t.app, 'cancel', { id: placed.data.id }, a);
    expect(again).toMatchObject({ status: 0, msg: MSG.orderNotPending });
  });

  test('a partial fill is real: cancel the rest → holding what filled, the rest of the hold released', async () => {
    const a = await createTrader(t, 2_000_000n);
    const placed = await place(a, { price: '2025', lots: 3 });
    expect(placed.data.status).toBe('pending');
    await streetQuote('sell', '2025', 1);
    const mid = await trade<TradePosition>(t.app, 'detail', { id: placed.data.id }, a);
    expect(mid.data.status).toBe('pending');
    expect(mid.data.filledQuantity).toBe(100);
    expect(mid.data.held.minor).toBe('405000');
    const done = await trade<TradePosition>(t.app, 'cancel', { id: placed.data.id }, a);
    expect(done.data.status).toBe('holding');
    expect(done.data.holdingQuantity).toBe(100);
    expect((await power(a)).buyingPower.minor).toBe(String(2_000_000 - 202_500));
  });
});

describe('ticket, estimate and rules', () => {
  test('the ticket names the cash holdings a Sell closes and the trading day a day order is valid for', async () => {
    const a = await createTrader(t, 1_000_000n);
    const before = await trade<TicketInfo>(t.app, 'ticket', { code: CODE }, a);
    expect(before.data.cashHoldings).toEqual([]);
    // Inside Monday's morning session: a day order (and a stop) placed now ends at today's close.
    expect(before.data.dayOrderValidOn).toBe(jstDateKey(t.clock.now()));
    await streetQuote('sell', '2000', 2);
    const bought = await place(a, { orderType: 'market', price: undefined, lots: 2 });
    expect(bought.data.status).toBe('holding');
    const after = await trade<TicketInfo>(t.app, 'ticket', { code: CODE }, a);
    expect(after.data.cashHoldings).toEqual([{ id: bought.data.id, shares: 200 }]);
    // Another customer's holding is not theirs to sell.
    const b = await createTrader(t, 1_000_000n);
    expect((await trade<TicketInfo>(t.app, 'ticket', { code: CODE }, b)).data.cashHoldings).toEqual([]);
  });

  test('the ticket, an estimate and the published rules', async () => {
    const a = await createTrader(t, 1_000_000n);
    const ticket = await trade<TicketInfo>(t.app, 'ticket', { code: CODE }, a);
    expect(ticket.data).toMatchObject({
      code: CODE,
      simulated: true,
      lot: 100,
      upperLimit: '2538',
      lowerLimit: '1538',
      tick: '0.5',
      loanEligible: true,
      maxLeverage: '3.3',
    });
    expect(ticket.data.buyingPower.minor).toBe('1000000');
    expect(ticket.data.skipFundPassword).toBe(false);
    // Without a fund password an order is refused; the order ticket says so before asking for one,
    // knowing it from user/info (hasFundPassword), not from the ticket.
    const b = await createTrader(t, 1_000_000n, { fundPassword: null });
    const info = (await post(t.app, 'info', {}, b.session)).json<Answer<IdentityUserInfo>>();
    expect(info).toMatchObject({ status: 1, data: { hasFundPassword: false } });
    expect(await placeOrder(t, b, { code: CODE, orderType: 'market' })).toMatchObject({ status: 0, msg: MSG.fundPasswordNotSet });
    expect(await trade(t.app, 'ticket', { code: '0000' }, a)).toMatchObject({ status: 0, msg: MSG.unknownStockCode });
    const estimate = await trade<OrderEstimate>(
      t.app,
      'estimate',
      { code: CODE, side: 'buy', product: 'margin', orderType: 'limit', price: '2000', lots: 2, leverage: '2' },
      a,
    );
    expect(estimate.data).toMatchObject({ quantity: 200, estimatePrice: '2000' });
    expect(estimate.data.value.minor).toBe('400000');
    expect(estimate.data.marginRequired.minor).toBe('200000');
    expect(estimate.data.buyingPowerAfter.minor).toBe('800000');
    const rules = await trade<TradingRules>(t.app, 'config', {}, a);
    expect(rules.data.margin).toMatchObject({ initialMarginRate: '30.00%', minimumDeposit: '300000', maxLeverage: '3.3', callLevel: '20.00%' });
    expect(rules.data.fees).toMatchObject({ kind: 'flat', stampDuty: '0' });
    expect(rules.data.sources.length).toBeGreaterThan(5);
    const margin = await trade<MarginAccountInfo>(t.app, 'marginStatus', {}, a);
    expect(margin.data).toMatchObject({ enabled: false, maintenanceRatio: null });
  });
});

describe('status actions and ownership', () => {
  test('only the actions a status allows; others and unknown ids are refused', async () => {
    const a = await createTrader(t, 1_000_000n);
    const b = await createTrader(t, 1_000_000n);
    const pending = await place(a, { price: '1600' });
    expect(await closeAtMarket(t.app, a, pending.data.id)).toMatchObject({
      status: 0,
      msg: MSG.orderNotHolding,
    });
    expect(await trade(t.app, 'cancelClose', { id: pending.data.id }, a)).toMatchObject({ status: 0, msg: MSG.orderNotClosing });
    expect(await trade(t.app, 'cancel', { id: pending.data.id }, b)).toMatchObject({ status: 0, msg: MSG.orderNotFound });
    expect(await trade(t.app, 'detail', { id: 999_999 }, a)).toMatchObject({ status: 0, msg: MSG.orderNotFound });

    await streetQuote('sell', '2020', 1);
    const held = await place(a, { price: '2020' });
    expect(held.data.status).toBe('holding');
    expect(await trade(t.app, 'cancel', { id: held.data.id }, a)).toMatchObject({ status: 0, msg: MSG.orderNotPending });
    // A limit close far above the market rests → closing; cancelClose → holding.
    const closing = await trade<TradePosition>(
      t.app,
      'close',
      { id: held.data.id, orderType: 'limit', price: '2500', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() },
      a,
    );
    expect(closing.data.status).toBe('closing');
    const second = await closeAtMarket(t.app, a, held.data.id);
    expect(second).toMatchObject({ status: 0, msg: MSG.orderNotHolding });
    const back = await trade<TradePosition>(t.app, 'cancelClose', { id: held.data.id }, a);
    expect(back.msg).toBe(MSG.closeOrderCancelled);
    expect(back.data.status).toBe('holding');
    expect(
      await trade(t.app, 'close', { id: held.data.id, orderType: 'limit', price: '2500', lots: 2, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, a),
    ).toMatchObject({
      status: 0,
      msg: MSG.closeLotsTooMany,
    });
    const list = await trade<{ list: TradePosition[]; total: number }>(t.app, 'list', { tab: 'competition', status: 'holding' }, a);
    expect(list.data.list.map((p) => p.id)).toContain(held.data.id);
    // Order following is offered (the strategies module lists copied positions there); a customer who follows nothing has none.
    const following = await trade<{ offered: boolean; list: unknown[] }>(t.app, 'list', { tab: 'following' }, a);
    expect(following.data).toMatchObject({ offered: true, list: [] });
  });

  test("a stranger naming the customer's account cannot use up the customer's order allowance", async () => {
    const victim = await createTrader(t, 1_000_000n);
    for (let i = 0; i < ORDER_CALLS_PER_MINUTE; i += 1) {
      const headers = i % 2 === 0 ? { account: victim.session.account } : { account: victim.session.account, token: 'not-the-victims-token' };
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/vue/trade/place',
        payload: 'code=8306&lots=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(answer.statusCode).toBe(401);
    }
    expect((await place(victim, { price: '1600' })).msg).toBe(MSG.orderPlaced);
  });
});

describe('price refusals name the rule and the amounts', () => {
  test('off the tick: the tick and the legal prices either side; outside the daily limits: the limits', async () => {
    const c = await createTrader(t, 1_000_000n);
    expect(await place(c, { price: '2038.3' })).toMatchObject({
      msg: MSG.priceNotOnTick,
      data: { rule: 'tick', price: '2038.3', tick: '0.5', below: '2038', above: '2038.5' },
    });
    expect(await place(c, { price: '2600' })).toMatchObject({
      msg: MSG.priceLimitExceeded,
      data: { rule: 'daily-price-limit', price: '2600', lowerLimit: '1538', upperLimit: '2538' },
    });
  });
});

describe('refusals write nothing', () => {
  test.each([
    [{ price: '2038.3' }, MSG.priceNotOnTick],
    [{ price: '2600' }, MSG.priceLimitExceeded],
    [{ price: '0' }, MSG.priceAboveZero],
    [{ price: 'abc' }, MSG.priceAboveZero],
    [{ price: undefined }, MSG.priceRequiredForLimit],
    [{ orderType: 'market' }, MSG.priceNotAllowedForMarket],
    [{ lots: 0 }, MSG.lotsRequired],
    [{ lots: '1.5' }, MSG.lotsRequired],
    [{ lots: -1 }, MSG.lotsRequired],
    [{ lots: 'x' }, MSG.lotsRequired],
    [{ side: 'hold' }, MSG.orderSideInvalid],
    [{ product: 'fx' }, MSG.productInvalid],
    [{ orderType: 'stop' }, MSG.orderTypeInvalid],
    [{ code: '0000' }, MSG.unknownStockCode],
    [{ code: '72;3' }, MSG.unknownStockCode],
    [{ leverage: '2' }, MSG.leverageInvalid],
    [{ leverage: 'abc' }, MSG.leverageInvalid],
    [{ leverage: '-1' }, MSG.leverageInvalid],
    [{ marginKind: 'forever' }, MSG.productInvalid],
    [{ side: undefined }, MSG.orderSideInvalid],
    [{ code: undefined }, MSG.unknownStockCode],
    [{ lots: undefined }, MSG.lotsRequired],
    [{ lots: 10_001 }, MSG.lotsRequired],
    [{ side: 'sell' }, MSG.cashShortNotAllowed],
    [{ product: 'margin' }, MSG.marginNotEnabled],
    [{ lots: 100 }, MSG.insufficientBuyingPower],
    [{ fundPassword: '111111' }, MSG.wrongFundPassword],
    [{ fundPassword: undefined }, MSG.fundPasswordRequiredForOrder],
    [{ idempotencyKey: 'short' }, MSG.idempotencyKeyRequired],
    [{ idempotencyKey: undefined }, MSG.idempotencyKeyRequired],
    [{ idempotencyKey: 'bad key with spaces' }, MSG.idempotencyKeyRequired],
    [{ fundPassword: '12ab56' }, MSG.fundPasswordRule],
  ])('%j → %s', async (form, msg) => {
    const a = await createTrader(t, 1_000_000n);
    const before = await journals();
    const r = await place(a, { price: '2000', ...form });
    expect(r).toMatchObject({ status: 0, msg });
    expect(await journals()).toBe(before);
    expect(await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, a.user.id))).toHaveLength(0);
    expect((await power(a)).buyingPower.minor).toBe('1000000');
  });

  test('short sale of a stock that is not 貸借 (loan-eligible) is refused', async () => {
    const r = await place(street, { code: '543A', product: 'margin', side: 'sell', price: '355', leverage: '2' });
    expect(r).toMatchObject({ status: 0, msg: MSG.shortNotLoanEligible });
    expect(await place(street, { product: 'margin', side: 'buy', leverage: '3.4', price: '1600' })).toMatchObject({ status: 0, msg: MSG.leverageInvalid });
  });

  test('trade_banned → the restriction answer; institution → support only', async () => {
    const banned = await createTrader(t, 1_000_000n);
    await t.db.update(users).set({ tradeBanned: true }).where(eq(users.id, banned.user.id));
    const r = await place(banned, {});
    expect(r.status).not.toBe(1);
    expect(r.msg).toBe(MSG.tradingBarred);
    const seat = await createTrader(t, 1_000_000n, { role: 'institution' });
    expect(await place(seat, {})).toMatchObject({ status: 0, msg: MSG.seatAccountSupportOnly });
  });

  test('the fund password can be skipped for the session', async () => {
    const a = await createTrader(t, 1_000_000n);
    expect(await trade(t.app, 'settings', { skipFundPassword: 1, fundPassword: '000000' }, a)).toMatchObject({ status: 0, msg: MSG.wrongFundPassword });
    expect(await trade(t.app, 'settings', { skipFundPassword: 1, fundPassword: FUND_PASSWORD }, a)).toMatchObject({
      status: 1,
      data: { skipFundPassword: true },
    });
    expect((await place(a, { price: '1600', fundPassword: undefined })).status).toBe(1);
    expect(await trade(t.app, 'getSettings', {}, a)).toMatchObject({ status: 1, data: { skipFundPassword: true } });
    // Turning it off needs nothing; the next order asks again.
    expect(await trade(t.app, 'settings', { skipFundPassword: 0 }, a)).toMatchObject({ status: 1, data: { skipFundPassword: false } });
    expect(await trade(t.app, 'getSettings', {}, a)).toMatchObject({ status: 1, data: { skipFundPassword: false } });
    expect(await place(a, { price: '1600', fundPassword: undefined })).toMatchObject({ status: 0, msg: MSG.fundPasswordRequiredForOrder });
  });
});

describe('idempotency', () => {
  test('a retried place answers the first answer and places nothing twice', async () => {
    const a = await createTrader(t, 1_000_000n);
    const key = idemKey();
    const first = await place(a, { price: '1610', idempotencyKey: key });
    const again = await place(a, { price: '1610', idempotencyKey: key });
    expect(again.data).toMatchObject({ id: first.data.id, replayed: true });
    expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, a.user.id))).toHaveLength(1);
    expect(await place(a, { price: '1615', idempotencyKey: key })).toMatchObject({ status: 0, msg: MSG.idempotencyKeyReused });
  });
});

describe('sessions', () => {
  test('an order outside the session waits and fills in the next opening auction; unfilled day orders expire at the close', async () => {
    const local = await startTradingTestApp({ start: jstDate(2025, 1, 6, 16, 0) });
    try {
      const s = await createTrader(local, 500_000_000n);
      const a = await createTrader(local, 1_000_000n);
      const marginForm = { stockExperience: '1to3', financialAssets: '5to10m', annualIncome: '5to10m', objective: 'growth', riskAcknowledged: 1, agree: 1 };
      expect((await trade(local.app, 'marginApply', marginForm, s)).status).toBe(1);
      const order = (c: TestCustomer, form: Record<string, string | number>) =>
        trade<TradePosition>(
          local.app,
          'place',
          { code: CODE, orderType: 'limit', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...form },
          c,
        );
      const queued = await order(a, { product: 'cash', side: 'buy', price: '2038' });
      expect(queued.data).toMatchObject({ status: 'pending', tab: 'auction' });
      const far = await order(a, { product: 'cash', side: 'buy', price: '1900' });
      const [row] = await local.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, queued.data.id));
      expect(row?.state).toBe('queued');
      // Tuesday 08:05: the pre-open takes the queued orders; the street's sell crosses at the 09:00 Itayose.
      local.clock.set(jstDate(2025, 1, 7, 8, 5));
      await local.service.sweep();
      const [working] = await local.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, queued.data.id));
      expect(working?.state).toBe('working');
      const limits = local.runtime.market.quote(CODE);
      expect(limits.phase).toBe('pre-open');
      await order(s, { product: 'margin', side: 'sell', price: '2038', leverage: '1' });
      local.clock.set(jstDate(2025, 1, 7, 9, 0, 1));
      await local.service.sweep();
      const filled = await trade<TradePositionDetail>(local.app, 'detail', { id: queued.data.id }, a);
      expect(filled).toMatchObject({ status: 1 });
      expect(filled.data.status).toBe('holding');
      expect(filled.data.fills[0]?.auction).toBe(true);
      // 15:31: the far order expired at the close; its hold is gone.
      local.clock.set(jstDate(2025, 1, 7, 15, 31));
      await local.service.sweep();
      const expired = await trade<TradePosition>(local.app, 'detail', { id: far.data.id }, a);
      expect(expired.data).toMatchObject({ status: 'cancelled', endReason: 'expired' });
      expect(expired.data.held.minor).toBe('0');
      expect((await checkLedger(local.db)).balanced).toBe(true);
    } finally {
      await local.close();
    }
  }, 180_000);
});

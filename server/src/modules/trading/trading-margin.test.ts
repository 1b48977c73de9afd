// Margin: the margin account's requirements; a 3.3× long whose maintenance ratio is driven by
// controlled venue trades across the exact call level and hard floor; a margin call met by a
// deposit; a call unmet at its deadline → forced liquidation through the venue, audited; a
// short at 3× closed with its lending fee; T+2 settlement across a weekend and a holiday.
// Thresholds for the price tests are set in config (35 % call, 30 % floor) so they sit inside
// one day's price limits; the default numbers are checked in units.
import { and, eq } from 'drizzle-orm';
import { MSG, translateMessage, withdrawBlockedPositionsMessage, withdrawHeldMessage } from '@kabuto/shared-sdk/messages';
import type {
  BankCard,
  BuyingPower,
  ConditionalOrderView,
  MarginAccountInfo,
  TradePosition,
  TradingUserEvent,
  Wallet,
  WithdrawInfo,
} from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, groupedAmount } from '../funds';
import { siteMessages } from '../identity';
import { call as callFunds, grantStepUp } from '../funds/testing/funds-test-kit';
import { outbox } from '../../notifications/schema';
import { auditLog } from '../ops';
import { callDeadline } from './margin/monitor';
import { carryCost } from './orders/engine';
import { DEFAULT_TRADING_CONFIG } from './config';
import { settlementDate } from './settlement/settlement';
import { tradingConditionalOrders, tradingMarginCalls, tradingOrders } from './schema';
import {
  closeAtMarket,
  createTrader,
  deposit,
  FUND_PASSWORD,
  idemKey,
  startTradingTestApp,
  trade,
  placeOrder,
  createMarginTrader,
  MARGIN_FORM,
  type TestCustomer,
  type TradingTestContext,
} from './testing/trading-test-kit';

const CODE = '8306'; // see trading-flow.test.ts: previous close 2038, one simulated ask at 2040.5

let t: TradingTestContext;
let buyer: TestCustomer;
let seller: TestCustomer;

/** Places an order; answers once the venue's answer to it is written (the kit's `settled`). */
const order = (c: TestCustomer, form: Record<string, string | number | undefined>) => placeOrder(t, c, { code: CODE, ...form });

/** The street trades `lots` at `price`: the last price becomes `price`. */
async function print(price: string, lots = 1): Promise<void> {
  expect((await order(seller, { product: 'margin', side: 'sell', price, lots, leverage: '1' })).status).toBe(1);
  const b = await order(buyer, { product: 'margin', side: 'buy', price, lots, leverage: '1' });
  expect(b.data.status).toBe('holding');
  expect(t.runtime.market.quote(CODE).last).toBe(Math.round(Number(price) * 10));
}

/** Subjects of the push notices (outbox channel 'push') sent to the customer's device. */
async function pushSubjects(c: TestCustomer): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'push'), eq(outbox.recipient, c.user.account)));
  return rows.map((r) => r.subject);
}

async function openCall(userId: number) {
  const [c] = await t.db
    .select()
    .from(tradingMarginCalls)
    .where(and(eq(tradingMarginCalls.userId, userId), eq(tradingMarginCalls.state, 'open')));
  return c;
}

beforeAll(async () => {
  // Placement's checks of a customer remembered, as `npm start` runs (orders/customer-facts.ts).
  t = await startTradingTestApp({ config: { margin: { ...DEFAULT_TRADING_CONFIG.margin, callLevelBp: 3500, hardFloorBp: 3000 } }, factsCacheMs: 60_000 });
  buyer = await createTrader(t, 1_000_000_000n);
  seller = await createTrader(t, 1_000_000_000n);
  for (const c of [buyer, seller]) expect((await trade(t.app, 'marginApply', MARGIN_FORM, c)).status).toBe(1);
}, 120_000);
afterAll(async () => t.close());

describe('margin account', () => {
  test('requirements: questionnaire, agreement, minimum deposit; margin orders refused without it', async () => {
    const poor = await createTrader(t, 299_999n);
    expect(await trade(t.app, 'marginApply', { ...MARGIN_FORM, stockExperience: 'none' }, poor)).toMatchObject({
      status: 0,
      msg: MSG.marginQuestionnaireFailed,
    });
    expect(await trade(t.app, 'marginApply', { ...MARGIN_FORM, agree: 0 }, poor)).toMatchObject({ status: 0, msg: MSG.marginAgreementRequired });
    expect(await trade(t.app, 'marginApply', MARGIN_FORM, poor)).toMatchObject({ status: 0, msg: MSG.marginMinimumDeposit });
    expect(await order(poor, { product: 'margin', side: 'buy', price: '2000' })).toMatchObject({ status: 0, msg: MSG.marginNotEnabled });
    const unverified = await createTrader(t, 1_000_000n, { verified: false });
    expect(await trade(t.app, 'marginApply', MARGIN_FORM, unverified)).toMatchObject({ status: 0, msg: MSG.realNameRequiredBeforeWithdraw });
    await deposit(t, poor, 1n);
    const ok = await trade<MarginAccountInfo>(t.app, 'marginApply', MARGIN_FORM, poor);
    expect(ok.data.enabled).toBe(true);
    expect(ok.data.requirements.every((r) => r.met)).toBe(true);
    expect(await trade(t.app, 'marginApply', MARGIN_FORM, poor)).toMatchObject({ status: 0, msg: MSG.marginAlreadyEnabled });
    // The open account is remembered, the deposit is not: every margin order checks it again
    // under the funds lock. Below it, refused naming the rule and both amounts; nothing held.
    expect((await order(poor, { product: 'margin', side: 'buy', price: '1600', leverage: '3' })).status).toBe(1);
    await deposit(t, poor, -1n);
    const before = await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, poor.user.id));
    expect(await order(poor, { product: 'margin', side: 'buy', price: '1600', leverage: '3' })).toMatchObject({
      status: 0,
      msg: MSG.marginMinimumDeposit,
      data: { rule: 'minimum-deposit', required: { amount: '300000' }, cash: { amount: '299999' } },
    });
    expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, poor.user.id))).toHaveLength(before.length);
  });
});

describe('maintenance ratio, margin call and forced liquidation at the exact thresholds', () => {
  test('3.3× long: 35.00 % → no call; one tick lower → call; met by a deposit; one tick under the floor → liquidated at market', async () => {
    const m = await createMarginTrader(t, 300_000n);
    const events: TradingUserEvent[] = [];
    t.events.subscribe((userId, e) => userId === m.user.id && events.push(e));
    expect((await order(seller, { product: 'margin', side: 'sell', price: '2030', lots: 4, leverage: '1' })).status).toBe(1);
    const long = await order(m, { product: 'margin', side: 'buy', price: '2030', lots: 4, leverage: '3.3' });
    expect(long.data).toMatchObject({ status: 'holding', leverage: '3.3', openPrice: '2030' });
    // Initial margin held: 812,000 / 3.3, rounded up to the yen.
    expect(long.data.held.minor).toBe('246061');
    // A stop-loss below where the floor is reached: the forced close ends it with the position (docs/trading.md §11).
    const stopLoss = await trade<ConditionalOrderView>(
      t.app,
      'conditional/place',
      {
        kind: 'stop',
        code: CODE,
        side: 'sell',
        product: 'margin',
        lots: 4,
        positionId: long.data.id,
        triggerPrice: '1750',
        fundPassword: FUND_PASSWORD,
        idempotencyKey: idemKey(),
      },
      m,
    );
    expect(stopLoss.status).toBe(1);

    // equity(P) = 300,000 + 400 (P − 2030) − 62 (one day's interest at 2.8 % on 812,000); ratio = equity / 400 P.
    await print('2000');
    await print('1969.5');
    await t.service.sweep();
    expect(await openCall(m.user.id)).toBeUndefined();
    let status = (await trade<MarginAccountInfo>(t.app, 'marginStatus', {}, m)).data;
    expect(status.maintenanceRatio).toBe('35.00%');

    await print('1969');
    await t.service.sweep();
    const call = await openCall(m.user.id);
    expect(call).toMatchObject({ amount: 122n, ratioBp: 3498 });
    // Called Monday 10:00 → due Wednesday noon JST.
    expect(call?.deadline.toISOString()).toBe(jstDate(2025, 1, 8, 12, 0).toISOString());
    expect(events.some((e) => e.event === 'marginCall' && e.data.action === 'called')).toBe(true);
    const messages = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, m.user.id));
    expect(messages.map((x) => x.kind)).toContain('margin_call');
    expect(await pushSubjects(m)).toEqual(['追証のお知らせ']);

    await deposit(t, m, 122n);
    await t.service.sweep();
    expect(await openCall(m.user.id)).toBeUndefined();
    status = (await trade<MarginAccountInfo>(t.app, 'marginStatus', {}, m)).data;
    expect(status.calls[0]?.state).toBe('met');

    // Down to the floor: 30 % of 400 P = equity at P ≈ 1828.36 (with the 122 yen deposited).
    // Steps stay inside the venue's renewal interval (40 yen below ¥2,000), or it would show a special quote.
    for (const p of ['1935', '1900', '1865', '1830', '1828.5']) await print(p);
    await t.service.sweep();
    expect((await trade<TradePosition>(t.app, 'detail', { id: long.data.id }, m)).data.status).toBe('holding');
    await print('1828');
    // A bid for the liquidation to hit.
    expect((await order(buyer, { product: 'margin', side: 'buy', price: '1828', lots: 4, leverage: '1' })).status).toBe(1);
    await t.service.sweep();
    const closed = (await trade<TradePosition>(t.app, 'detail', { id: long.data.id }, m)).data;
    expect(closed).toMatchObject({ status: 'closed', endReason: 'liquidated', closePrice: '1828' });
    const [leg] = await t.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.groupId, stopLoss.data.id));
    expect(leg).toMatchObject({ state: 'cancelled', reason: 'position-closed', quantity: 400 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, m.user.id), eq(auditLog.action, 'trading.forced_liquidation')));
    expect(audit).toHaveLength(1);
    expect(events.some((e) => e.event === 'marginCall' && e.data.action === 'liquidated')).toBe(true);
    // A second call was made on the way down to the floor; the liquidation is pushed once, last.
    const pushed = await pushSubjects(m);
    expect(pushed.filter((x) => x === '強制決済のお知らせ')).toHaveLength(1);
    expect(pushed.at(-1)).toBe('強制決済のお知らせ');
    // Realised: 400 × (1828 − 2030) − 62 interest; nothing held any more.
    expect(closed.realisedPnl.minor).toBe(String(400 * (1828 - 2030) - 62));
    const power = (await trade<BuyingPower>(t.app, 'buyingPower', {}, m)).data;
    expect(power.holds).toEqual([]);
    expect(power.cash.minor).toBe(String(300_000 + 122 + 400 * (1828 - 2030) - 62));
    expect((await checkLedger(t.db)).balanced).toBe(true);
  }, 120_000);

  test('a call unmet at its deadline → liquidation through the venue (deadline from config: same day noon)', async () => {
    const local = await startTradingTestApp({
      config: { margin: { ...DEFAULT_TRADING_CONFIG.margin, callLevelBp: 3500, hardFloorBp: 1000, callDeadlineBusinessDays: 0 } },
    });
    try {
      const s = await createTrader(local, 1_000_000_000n);
      const b = await createTrader(local, 1_000_000_000n);
      const m = await createTrader(local, 300_000n);
      for (const c of [s, b, m]) expect((await trade(local.app, 'marginApply', MARGIN_FORM, c)).status).toBe(1);
      const place = (c: TestCustomer, form: Record<string, string | number>) =>
        trade<TradePosition>(
          local.app,
          'place',
          { code: CODE, orderType: 'limit', lots: 1, leverage: '1', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...form },
          c,
        );
      await place(s, { product: 'margin', side: 'sell', price: '2030', lots: 4 });
      const long = await place(m, { product: 'margin', side: 'buy', price: '2030', lots: 4, leverage: '3.3' });
      for (const p of ['2000', '1969']) {
        await place(s, { product: 'margin', side: 'sell', price: p });
        await place(b, { product: 'margin', side: 'buy', price: p });
      }
      await local.service.sweep();
      const [call] = await local.db.select().from(tradingMarginCalls).where(eq(tradingMarginCalls.userId, m.user.id));
      expect(call?.deadline.toISOString()).toBe(jstDate(2025, 1, 6, 12, 0).toISOString());
      local.clock.set(jstDate(2025, 1, 6, 11, 59));
      await local.service.sweep();
      expect(await trade<TradePosition>(local.app, 'detail', { id: long.data.id }, m)).toMatchObject({ status: 1, data: { status: 'holding' } });
      // Noon (the lunch break): the liquidation order is entered and waits for the afternoon auction.
      local.clock.set(jstDate(2025, 1, 6, 12, 0));
      await local.service.sweep();
      expect((await trade<TradePosition>(local.app, 'detail', { id: long.data.id }, m)).data.status).toBe('closing');
      expect(await trade(local.app, 'cancelClose', { id: long.data.id }, m)).toMatchObject({ status: 0, msg: MSG.orderNotClosing });
      local.clock.set(jstDate(2025, 1, 6, 12, 10));
      await local.service.sweep();
      await place(b, { product: 'margin', side: 'buy', price: '1969', lots: 4 });
      local.clock.set(jstDate(2025, 1, 6, 12, 30, 1));
      await local.service.sweep();
      const done = (await trade<TradePosition>(local.app, 'detail', { id: long.data.id }, m)).data;
      expect(done).toMatchObject({ status: 'closed', endReason: 'liquidated' });
      expect((await checkLedger(local.db)).balanced).toBe(true);
    } finally {
      await local.close();
    }
  }, 180_000);
});

describe('short at 3×, lending fee, settlement', () => {
  test('short 3× → holding → close: realised P&L minus the lending fee', async () => {
    const sh = await createMarginTrader(t, 1_000_000n);
    const last = String((t.runtime.market.quote(CODE).last ?? 0) / 10);
    expect((await order(buyer, { product: 'margin', side: 'buy', price: last, lots: 2 })).status).toBe(1);
    const short = await order(sh, { product: 'margin', side: 'sell', price: last, lots: 2, leverage: '3' });
    expect(short.data).toMatchObject({ status: 'holding', direction: 'short', leverage: '3' });
    const cover = String(Number(last) - 10);
    expect((await order(seller, { product: 'margin', side: 'sell', price: cover, lots: 2 })).status).toBe(1);
    const closed = await closeAtMarket(t.app, sh, short.data.id);
    expect(closed.data.status).toBe('closed');
    const cost = BigInt(Math.round(Number(last) * 200));
    const fee = carryCost(t.service.deps, 'short', cost, '2025-01-06', '2025-01-06');
    expect(closed.data.interest.minor).toBe(String(fee));
    expect(closed.data.realisedPnl.minor).toBe(String(2000n - fee));
  });

  test('T+2 across a weekend and a holiday: Friday 10 Jan 2025 → Wednesday 15 Jan (13 Jan is Coming of Age Day)', () => {
    expect(settlementDate('2025-01-10', 2)).toBe('2025-01-15');
    expect(settlementDate('2025-01-09', 2)).toBe('2025-01-14');
    expect(settlementDate('2025-01-06', 2)).toBe('2025-01-08');
    expect(settlementDate('2024-12-27', 2)).toBe('2025-01-06');
  });

  test('default rules: 3.3× maximum, call due noon two business days later (over a weekend and a holiday)', () => {
    expect(callDeadline(t.service.deps, jstDate(2025, 1, 9, 14, 0)).toISOString()).toBe(jstDate(2025, 1, 14, 12, 0).toISOString());
    expect(DEFAULT_TRADING_CONFIG.margin).toMatchObject({ initialMarginRateBp: 3000, minimumDeposit: 300_000n, callLevelBp: 2000 });
    expect(carryCost({ config: DEFAULT_TRADING_CONFIG }, 'long', 1_000_000n, '2025-01-06', '2025-01-08')).toBe((1_000_000n * 280n * 3n) / 3_650_000n);
  });

  test('unsettled proceeds buy but are not withdrawable until the settlement date; withdrawals are blocked while holding', async () => {
    const a = await createTrader(t, 1_000_000n);
    const lastYen = (t.runtime.market.quote(CODE).last ?? 0) / 10;
    expect((await order(seller, { product: 'margin', side: 'sell', price: String(lastYen), lots: 1 })).status).toBe(1);
    const bought = await order(a, { product: 'cash', side: 'buy', price: String(lastYen) });
    expect(bought.data.status).toBe('holding');
    const blockers = t.service.deps.funds.withdrawalBlockers;
    // The refusal names the rule and the value held (100 shares at the last price), in every language.
    const refusal = await blockers[0]?.check(t.db, a.user.id);
    expect(refusal).toEqual({ special: withdrawBlockedPositionsMessage(groupedAmount('JPY', BigInt(lastYen * 100)), '日元') });
    expect(translateMessage((refusal as { special: string }).special, 'en')).toMatch(
      /^Withdrawals are blocked while positions are held \(value held: [\d,]+ JPY\)$/,
    );
    expect((await order(buyer, { product: 'margin', side: 'buy', price: String(lastYen), lots: 1 })).status).toBe(1);
    const sold = await closeAtMarket(t.app, a, bought.data.id);
    expect(sold.data.status).toBe('closed');
    expect(await blockers[0]?.check(t.db, a.user.id)).toBeNull();
    const proceeds = BigInt(lastYen * 100);
    const p = (await trade<BuyingPower>(t.app, 'buyingPower', {}, a)).data;
    expect(p.unsettled).toEqual([{ amount: expect.objectContaining({ minor: String(proceeds) }), settlesOn: '2025-01-08' }]);
    expect(BigInt(p.buyingPower.minor) - BigInt(p.withdrawable.minor)).toBe(proceeds);

    // A withdrawal of one yen more than withdrawable is refused naming what can leave now, the
    // hold, its amount and the day it settles.
    const wall = { db: t.db, clock: t.wall };
    await grantStepUp(wall, a, 'bank-card');
    const card = await callFunds<BankCard>(
      t.app,
      'bankCardAdd',
      { holderName: 'ヤマダタロウ', bankCode: '0001', branchCode: '001', accountNumber: String(1_000_000 + a.user.id), accountType: 'ordinary' },
      a,
    );
    expect(card.status).toBe(1);
    await grantStepUp(wall, a, 'withdraw');
    const form = { cardId: card.data.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() };
    const refused = await callFunds(t.app, 'withdraw', { ...form, amount: String(BigInt(p.withdrawable.minor) + 1n) }, a);
    expect(refused).toMatchObject({
      status: 0,
      msg: withdrawHeldMessage([{ rule: 'unsettled-proceeds', amount: groupedAmount('JPY', proceeds), unit: '日元', settlesOn: '2025-01-08' }], {
        amount: groupedAmount('JPY', BigInt(p.withdrawable.minor)),
        unit: '日元',
      }),
    });
    expect(translateMessage(refused.msg, 'jp')).toContain('未受渡の売却代金');
    expect(translateMessage(refused.msg, 'en')).toContain(`at most ${groupedAmount('JPY', BigInt(p.withdrawable.minor))} JPY can be withdrawn now`);
    expect(translateMessage(refused.msg, 'en')).toContain('settles on 2025-01-08');
    expect((await callFunds(t.app, 'withdraw', { ...form, idempotencyKey: idemKey(), amount: p.withdrawable.minor }, a)).status).toBe(1);
  });

  test('a re-buy with unsettled proceeds: withdrawable stays at 0, the proceeds show on their own line with their settlement date', async () => {
    // Alone (jest -t) nothing has traded yet: make a last price first.
    if (t.runtime.market.quote(CODE).last === null) await print('2040');
    const lastYen = (t.runtime.market.quote(CODE).last ?? 0) / 10;
    const value = BigInt(lastYen * 100);
    // Enough for one lot and its fees, not two: the second lot is bought with the first one's proceeds.
    const a = await createTrader(t, (value * 3n) / 2n);
    expect((await order(seller, { product: 'margin', side: 'sell', price: String(lastYen), lots: 1 })).status).toBe(1);
    const first = await order(a, { product: 'cash', side: 'buy', price: String(lastYen) });
    expect(first.data.status).toBe('holding');
    expect((await order(buyer, { product: 'margin', side: 'buy', price: String(lastYen), lots: 1 })).status).toBe(1);
    expect((await closeAtMarket(t.app, a, first.data.id)).data.status).toBe('closed');
    expect((await order(seller, { product: 'margin', side: 'sell', price: String(lastYen), lots: 1 })).status).toBe(1);
    const again = await order(a, { product: 'cash', side: 'buy', price: String(lastYen) });
    expect(again.data.status).toBe('holding');

    const settlesOn = '2025-01-08';
    const p = (await trade<BuyingPower>(t.app, 'buyingPower', {}, a)).data;
    const unsettled = p.unsettled.reduce((sum, line) => sum + BigInt(line.amount.minor), 0n);
    expect(unsettled).toBeGreaterThan(BigInt(p.cash.minor));
    expect(p.withdrawable.minor).toBe('0');
    // Buying power keeps its meaning: cash − every hold except the unsettled proceeds.
    const otherHolds = p.holds.filter((h) => h.source !== 'unsettled-proceeds').reduce((sum, h) => sum + BigInt(h.amount.minor), 0n);
    expect(p.buyingPower.minor).toBe(String(BigInt(p.cash.minor) - otherHolds));

    const wallet = (await callFunds<Wallet>(t.app, 'wallet', {}, a)).data;
    expect(wallet.available.minor).toBe('0');
    expect(wallet.currencies.find((c) => c.currency === 'JPY')?.available.minor).toBe('0');
    expect(wallet.unsettled).toEqual([{ source: 'unsettled-proceeds', amount: expect.objectContaining({ minor: String(unsettled) }), settlesOn }]);
    const info = (await callFunds<WithdrawInfo>(t.app, 'withdrawInfo', {}, a)).data;
    expect(info.available.minor).toBe('0');
    expect(info.unsettled).toEqual(wallet.unsettled);

    // On the settlement date the proceeds are no longer held, and the line is gone.
    const now = t.clock.now();
    t.clock.set(jstDate(2025, 1, 8, 10, 0));
    const later = (await callFunds<Wallet>(t.app, 'wallet', {}, a)).data;
    expect(later.unsettled).toEqual([]);
    expect(BigInt(later.available.minor)).toBeGreaterThanOrEqual(0n);
    t.clock.set(now);
  });

  test('制度信用: warned a week before the six-month due date, closed at market on it (audited)', async () => {
    const d = await createMarginTrader(t, 1_000_000n);
    const lastYen = String((t.runtime.market.quote(CODE).last ?? 0) / 10);
    expect((await order(seller, { product: 'margin', side: 'sell', price: lastYen, lots: 1 })).status).toBe(1);
    const long = await order(d, { product: 'margin', side: 'buy', price: lastYen, marginKind: 'standard', leverage: '2' });
    // Opened Monday 2025-01-06: six months is Sunday 2025-07-06, so the due date is Friday 2025-07-04.
    expect(long.data).toMatchObject({ status: 'holding', dueDate: '2025-07-04' });
    t.clock.set(jstDate(2025, 6, 26, 10, 0));
    await t.service.sweep();
    let notes = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, d.user.id));
    expect(notes.map((n) => n.kind)).not.toContain('margin_due');
    t.clock.set(jstDate(2025, 6, 27, 10, 0));
    await t.service.sweep();
    notes = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, d.user.id));
    expect(notes.filter((n) => n.kind === 'margin_due')).toHaveLength(1);
    expect(await pushSubjects(d)).toEqual(['制度信用の期日のお知らせ']);
    t.clock.set(jstDate(2025, 7, 4, 10, 0));
    await t.service.sweep();
    const due = (await trade<TradePosition>(t.app, 'detail', { id: long.data.id }, d)).data;
    expect(due).toMatchObject({ status: 'closing', endReason: 'due' });
    expect(await pushSubjects(d)).toEqual(['制度信用の期日のお知らせ', '制度信用の期日決済']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, d.user.id), eq(auditLog.action, 'trading.due_close')));
    expect(audit).toHaveLength(1);
  });
});

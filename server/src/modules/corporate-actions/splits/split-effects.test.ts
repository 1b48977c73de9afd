// A split on the real app with everything that rests on the issue: shares on loan (stock lending)
// are multiplied with the holding in the split's transaction, the next fee accrues on the new
// quantity at the post-split close and the quota follows the shares outstanding; orders queued in
// the issue across the effective date (a cash buy, a close order, a margin buy) are cancelled
// through trading's cancel with their holds released and a notice, and an order in another issue
// is untouched.
import { and, eq, ne } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LENDING_RISKS_VERSION, type LendingRatesPage, type TradePosition } from '@kabuto/shared-sdk/schemas';
import { lendingAccruals, lendingLoans, runLendingStep, type LendingDeps } from '../../credit';
import { createOperator, opsJson, vueCall } from '../../funds/testing/funds-test-kit';
import { alwaysInDemandLending, giveHolding } from '../../credit/testing/credit-test-kit';
import { siteMessages } from '../../identity';
import { atJst, type DateKey } from '../../market';
import { tradingConditionalOrders, tradingOrders, tradingPositions } from '../../trading';
import {
  createMarginTrader,
  createTrader,
  FUND_PASSWORD,
  funds,
  idemKey,
  placeConditional,
  placeOrder,
  startTradingTestApp,
  trade,
  type TestCustomer,
  type TradingTestContext,
} from '../../trading/testing/trading-test-kit';
import type { CorporateActionsDeps } from '../deps';
import { sweepCorporateActions } from '../payments/sweep';

const CODE = '7203';
const OTHER = '8306';

let t: TradingTestContext;
let ld: LendingDeps;
let cd: CorporateActionsDeps;

async function stepOn(date: DateKey) {
  t.clock.set(atJst(date, ld.config.stepSecondOfDay));
  return runLendingStep(ld, date);
}

const DEPOSIT = 5_000_000n;

/** Yen of the customer's 5,000,000 deposit held now (not available to withdraw): their orders' holds. */
async function frozen(c: TestCustomer): Promise<bigint> {
  return DEPOSIT - BigInt((await funds<{ available: { minor: string } }>(t.app, 'wallet', {}, c)).data.available.minor);
}

/** A price of the issue on a 10-yen step, `pct` % from its last close (inside the daily limit). */
function priceNear(code: string, pct: number): string {
  const q = t.runtime.market.quote(code);
  return String(Math.round((((q.last ?? q.previousClose) / 10) * (1 + pct / 100)) / 10) * 10);
}

beforeAll(async () => {
  t = await startTradingTestApp({
    lending: {
      stepMs: 0,
      // 100,000 shares outstanding: 1,000 per customer (1 %) [LN7]; every issue at 1.5 %, always in demand.
      config: alwaysInDemandLending('split-lending', { [CODE]: 100_000 }),
      onDeps: (d) => {
        ld = d;
      },
    },
    corporateActions: { config: { sweepMs: 0 }, onDeps: (d) => (cd = d) },
  });
});

afterAll(async () => {
  await t.close();
});

describe('a 1:2 split of an issue with shares on loan and orders resting', () => {
  it('multiplies lent shares with the holding, cancels the queued orders in the issue only, and accrues on the new quantity', async () => {
    const operator = await createOperator(t.db, 'split-ops');
    // Monday 2025-01-06: a lender holds 400 settled shares and opts in; the day's step lends them.
    const lender = await createTrader(t, 0n);
    const lentPosition = await giveHolding(t, lender, CODE, 400, 25_000);
    expect((await vueCall(t.app, 'lending/optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, lender)).msg).toBe(MSG.lendingOptedIn);
    await stepOn('2025-01-06');
    const [loanBefore] = await t.db.select().from(lendingLoans).where(eq(lendingLoans.positionId, lentPosition));
    expect(loanBefore?.quantity).toBe(400);

    const split = await opsJson<{ id: string }>(t.app, operator.token, 'POST', '/dividends/splits', {
      code: CODE,
      ratio: '2',
      effectiveDate: '2025-01-08',
      reason: 'board resolution',
    });
    expect(split).toMatchObject({ status: 1, msg: MSG.splitScheduled });

    // Tuesday: the step, then after the close orders are queued for Wednesday's pre-open.
    await stepOn('2025-01-07');
    t.clock.set(atJst('2025-01-07', 16 * 3600));
    const buyer = await createTrader(t, DEPOSIT);
    const seller = await createTrader(t, 0n);
    const sellerPosition = await giveHolding(t, seller, CODE, 200, 25_000);
    const margin = await createMarginTrader(t, DEPOSIT);
    const buy = await placeOrder(t, buyer, { code: CODE, price: priceNear(CODE, -3) });
    const otherBuy = await placeOrder(t, buyer, { code: OTHER, price: priceNear(OTHER, -3) });
    const close = await trade<TradePosition>(
      t.app,
      'close',
      { id: sellerPosition, orderType: 'limit', price: priceNear(CODE, 3), fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() },
      seller,
    );
    const marginBuy = await placeOrder(t, margin, { code: CODE, product: 'margin', price: priceNear(CODE, -3), leverage: '1' });
    // A stop placed after the close waits for Wednesday (valid on the next trading day).
    const stop = await placeConditional(t.app, buyer, { code: CODE, kind: 'stop', side: 'buy', triggerPrice: priceNear(CODE, 3) });
    expect(stop.status).toBe(1);
    const legsOf = () => t.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.groupId, stop.data.id));
    expect((await legsOf()).map((l) => [l.state, l.validOn])).toEqual([['waiting', '2025-01-08']]);
    for (const placed of [buy, otherBuy, marginBuy]) expect(placed.msg).toBe(MSG.orderPlaced);
    expect(close.msg).toBe(MSG.closeOrderPlaced);
    // The orders placed here (the holdings given above came with a filled off-exchange buy).
    const orderOf = async (userId: number, code: string) =>
      t.db
        .select()
        .from(tradingOrders)
        .where(and(eq(tradingOrders.userId, userId), eq(tradingOrders.code, code), ne(tradingOrders.state, 'filled')));
    for (const [c, code] of [
      [buyer, CODE],
      [buyer, OTHER],
      [seller, CODE],
      [margin, CODE],
    ] as const)
      expect((await orderOf(c.user.id, code)).map((o) => o.state)).toEqual(['queued']);
    const buyerHeld = await frozen(buyer);
    expect(buyerHeld).toBeGreaterThan(0n);
    expect(await frozen(margin)).toBeGreaterThan(0n);
    const [sellerBefore] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, sellerPosition));
    expect(sellerBefore?.status).toBe('closing');

    // Wednesday before the pre-open: the sweep applies the split (twice: once only).
    t.clock.set(atJst('2025-01-08', 7 * 3600 + 59 * 60));
    await sweepCorporateActions(cd);
    await sweepCorporateActions(cd);

    for (const c of [buyer, seller, margin]) expect((await orderOf(c.user.id, CODE)).map((o) => o.state)).toEqual(['cancelled']);
    expect((await legsOf()).map((l) => [l.state, l.reason])).toEqual([['cancelled', MSG.ordersCancelledForSplit]]);
    expect((await orderOf(buyer.user.id, OTHER)).map((o) => o.state)).toEqual(['queued']);
    // The buyer's hold on the cancelled order is released; the other issue's order keeps its own.
    const otherHold = await frozen(buyer);
    expect(otherHold).toBeGreaterThan(0n);
    expect(otherHold).toBeLessThan(buyerHeld);
    expect(await frozen(margin)).toBe(0n);
    const [sellerAfter] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, sellerPosition));
    // The close order no longer stands: the holding (now 400 shares) can be sold again.
    expect(sellerAfter).toMatchObject({ status: 'holding', openQuantity: 400, closedQuantity: 0 });
    for (const c of [buyer, seller, margin]) {
      const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id));
      expect(notices.filter((n) => n.kind === 'orders_cancelled_for_split')).toHaveLength(1);
    }
    // The buyer's one notice counts the order and the stop.
    const [buyerNotice] = await t.db
      .select()
      .from(siteMessages)
      .where(and(eq(siteMessages.userId, buyer.user.id), eq(siteMessages.kind, 'orders_cancelled_for_split')));
    expect(JSON.stringify(buyerNotice)).toContain('2 order(s) cancelled');

    // The lender: 800 held, 800 lent (lent never above held), once.
    const [held] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, lentPosition));
    const [loanAfter] = await t.db.select().from(lendingLoans).where(eq(lendingLoans.positionId, lentPosition));
    expect(held?.openQuantity).toBe(800);
    expect(loanAfter?.quantity).toBe(800);
    for (const loan of await t.db.select().from(lendingLoans)) {
      const [p] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, loan.positionId));
      expect(loan.quantity).toBeLessThanOrEqual((p?.openQuantity ?? 0) - (p?.closedQuantity ?? 0));
    }

    // The quota follows the shares outstanding: 200,000 after the split, 2,000 per customer.
    const rates = await vueCall<LendingRatesPage>(t.app, 'lending/rates', { code: CODE }, lender);
    expect(rates.data.list[0]).toMatchObject({ sharesOutstanding: 200_000, perCustomerQuota: 2_000 });

    // Wednesday's step keeps 800 lent and accrues on 800 shares at the post-split close.
    await stepOn('2025-01-08');
    const [loanNext] = await t.db.select().from(lendingLoans).where(eq(lendingLoans.positionId, lentPosition));
    expect(loanNext?.quantity).toBe(800);
    const accruals = await t.db.select().from(lendingAccruals).where(eq(lendingAccruals.userId, lender.user.id)).orderBy(lendingAccruals.businessDate);
    // Monday's step lent (nothing was out yet to accrue); Tuesday's accrued on 400.
    expect(accruals.map((a) => [a.businessDate, a.quantity])).toEqual([
      ['2025-01-07', 400],
      ['2025-01-08', 800],
    ]);
    const q = t.runtime.market.quote(CODE);
    const [before, after] = [accruals[0], accruals[1]];
    expect(after?.closeTenths).toBe(q.last ?? q.previousClose);
    // The post-split close is about half the pre-split one.
    expect(Math.abs((after?.closeTenths ?? 0) * 2 - (before?.closeTenths ?? 0))).toBeLessThan((before?.closeTenths ?? 0) * 0.15);
    expect(after?.amount).toBe((BigInt(after?.closeTenths ?? 0) * 800n * 150n * 1n) / (10n * 365n * 10_000n));
  });
});

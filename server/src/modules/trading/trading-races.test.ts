// Races and retries: 50 parallel orders over the buying power, parallel retries of one
// idempotency key, a cancel racing the fill of the same order, two closes of one position.
// Each ends in exactly one outcome with the ledger balanced and nothing held twice.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BuyingPower, TradePosition, TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../funds';
import { tradingOrders, tradingPositions } from './schema';
import {
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  startTradingTestApp,
  trade,
  createMarginTrader,
  type TestCustomer,
  type TradingTestContext,
} from './testing/trading-test-kit';

const CODE = '8306'; // see trading-flow.test.ts

let t: TradingTestContext;
let street: TestCustomer;

function place(c: TestCustomer, form: Record<string, string | number | undefined>) {
  return placeOrder(t, c, { code: CODE, ...form });
}

beforeAll(async () => {
  t = await startTradingTestApp();
  street = await createMarginTrader(t, 1_000_000_000n);
}, 120_000);
afterAll(async () => t.close());

test('50 parallel orders exceeding buying power: the accepted holds never exceed it', async () => {
  const a = await createTrader(t, 1_000_000n);
  // Each holds 160,000 yen: at most 6 fit in 1,000,000.
  const answers = await Promise.all(Array.from({ length: 50 }, () => place(a, { price: '1600' })));
  const accepted = answers.filter((r) => r.status === 1);
  const refused = answers.filter((r) => r.status !== 1);
  expect(accepted).toHaveLength(6);
  expect(refused.every((r) => r.msg === MSG.insufficientBuyingPower || r.msg === MSG.fundOperationInProgress)).toBe(true);
  const power = (await trade<BuyingPower>(t.app, 'buyingPower', {}, a)).data;
  expect(BigInt(power.buyingPower.minor)).toBe(1_000_000n - 6n * 160_000n);
  expect(BigInt(power.buyingPower.minor)).toBeGreaterThanOrEqual(0n);
  expect(await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, a.user.id))).toHaveLength(6);
}, 120_000);

test('parallel retries of one idempotency key place one order', async () => {
  const a = await createTrader(t, 1_000_000n);
  const key = idemKey();
  const answers = await Promise.all(Array.from({ length: 8 }, () => place(a, { price: '1601', idempotencyKey: key })));
  const ids = new Set(answers.filter((r) => r.status === 1).map((r) => r.data.id));
  expect(ids.size).toBe(1);
  expect(await t.db.select().from(tradingOrders).where(eq(tradingOrders.userId, a.user.id))).toHaveLength(1);
  expect((await trade<BuyingPower>(t.app, 'buyingPower', {}, a)).data.buyingPower.minor).toBe(String(1_000_000 - 160_100));
});

test('cancel racing the fill of the same order: one outcome, the position equals its fills, holds released', async () => {
  for (let round = 0; round < 4; round++) {
    const a = await createTrader(t, 1_000_000n);
    const pending = await place(a, { price: '2030', lots: 2 });
    expect(pending.data.status).toBe('pending');
    const [fillSide, cancel] = await Promise.all([
      place(street, { product: 'margin', side: 'sell', price: '2030', lots: 2, leverage: '1' }),
      trade<TradePosition>(t.app, 'cancel', { id: pending.data.id }, a),
    ]);
    expect(fillSide.status).toBe(1);
    const detail = (await trade<TradePositionDetail>(t.app, 'detail', { id: pending.data.id }, a)).data;
    if (cancel.status === 1) {
      // Cancelled first (nothing or part filled), or after a partial fill.
      expect(['cancelled', 'holding']).toContain(detail.status);
    } else {
      expect(cancel.msg).toBe(MSG.orderNotPending);
      expect(detail.status).toBe('holding');
    }
    const filled = detail.fills.reduce((s, f) => s + f.quantity, 0);
    expect(detail.filledQuantity).toBe(filled);
    expect(detail.held.minor).toBe('0');
    const power = (await trade<BuyingPower>(t.app, 'buyingPower', {}, a)).data;
    expect(BigInt(power.buyingPower.minor)).toBe(1_000_000n - BigInt(filled) * 2030n);
    // Whatever the street's order did not trade rests; take it out of the book for the next round.
    const streetPos = (await trade<TradePositionDetail>(t.app, 'detail', { id: fillSide.data.id }, street)).data;
    if (streetPos.status === 'pending') await trade(t.app, 'cancel', { id: fillSide.data.id }, street);
  }
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('two closes of one position at once: exactly one is taken', async () => {
  const a = await createTrader(t, 1_000_000n);
  await place(street, { product: 'margin', side: 'sell', price: '2030', lots: 1, leverage: '1' });
  const held = await place(a, { price: '2030' });
  expect(held.data.status).toBe('holding');
  const close = () =>
    trade<TradePosition>(t.app, 'close', { id: held.data.id, orderType: 'limit', price: '2070', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, a);
  const [x, y] = await Promise.all([close(), close()]);
  expect([x.status, y.status].sort()).toEqual([0, 1]);
  expect([x, y].find((r) => r.status === 0)?.msg).toBe(MSG.orderNotHolding);
  const orders = await t.db.select().from(tradingOrders).where(eq(tradingOrders.positionId, held.data.id));
  expect(orders.filter((o) => o.kind === 'close')).toHaveLength(1);
  expect((await checkLedger(t.db)).balanced).toBe(true);
});

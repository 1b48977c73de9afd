// The wallet reads every hold in the statement that reads the balances (heldQueries):
// each source's query must answer what its heldMinor answers, and the wallet must show the
// holds at once after an order, a fill and a sale.
import type { SQLWrapper } from 'drizzle-orm';
import type { Wallet } from '@kabuto/shared-sdk/schemas';
import { heldFor } from '../../funds';
import { call as callFunds } from '../../funds/testing/funds-test-kit';
import { HOLD_MARGIN, HOLD_OPEN_ORDERS, HOLD_UNSETTLED } from './holds';
import { closeAtMarket, startTradingTestApp, placeOrder, createMarginTrader, type TestCustomer, type TradingTestContext } from '../testing/trading-test-kit';

const CODE = '8306'; // see trading-flow.test.ts: previous close 2038

let t: TradingTestContext;
let street: TestCustomer;

/** Places an order; answers once the venue's answer to it is written (the kit's `settled`). */
const order = (c: TestCustomer, form: Record<string, string | number | undefined>) => placeOrder(t, c, { code: CODE, ...form });

/** What each source's query answers, by source name (JPY). */
async function queried(userId: number): Promise<Record<string, bigint>> {
  const answers: Record<string, bigint> = {};
  for (const source of t.service.deps.funds.holdSources) {
    const query = source.heldQueries?.(t.db, userId).JPY as (SQLWrapper & PromiseLike<{ sum: string }[]>) | undefined;
    if (!query) throw new Error(`${source.name} has no query`);
    const [row] = await query;
    answers[source.name] = BigInt(row?.sum ?? '0');
  }
  return answers;
}

async function oneByOne(userId: number): Promise<Record<string, bigint>> {
  const answers: Record<string, bigint> = {};
  for (const source of t.service.deps.funds.holdSources) answers[source.name] = await source.heldMinor(t.db, userId, 'JPY');
  return answers;
}

async function walletOf(c: TestCustomer): Promise<Wallet> {
  const answer = await callFunds<Wallet>(t.app, 'wallet', {}, c);
  expect(answer.status).toBe(1);
  return answer.data;
}

beforeAll(async () => {
  t = await startTradingTestApp();
  street = await createMarginTrader(t, 1_000_000_000n);
}, 120_000);
afterAll(async () => t.close());

it('every hold query answers what heldMinor answers, and the wallet shows each hold at once', async () => {
  const a = await createMarginTrader(t, 2_000_000n);
  const quote = t.runtime.market.quote(CODE);
  const lastYen = (quote.last ?? quote.previousClose) / 10;
  expect(await queried(a.user.id)).toEqual({ [HOLD_OPEN_ORDERS]: 0n, [HOLD_MARGIN]: 0n, [HOLD_UNSETTLED]: 0n });
  expect((await walletOf(a)).holds).toEqual([]);

  // A working buy below the market: its hold shows in the very next wallet.
  const working = await order(a, { product: 'cash', side: 'buy', price: String(lastYen - 20) });
  expect(working).toMatchObject({ status: 1, data: { status: 'pending' } });
  // A margin long filled against the street: initial margin held.
  expect((await order(street, { product: 'margin', side: 'sell', price: String(lastYen), lots: 1, leverage: '1' })).status).toBe(1);
  expect((await order(a, { product: 'margin', side: 'buy', price: String(lastYen), leverage: '2' })).data.status).toBe('holding');
  // A cash buy filled and sold again: the proceeds stay unsettled until T+2.
  expect((await order(street, { product: 'margin', side: 'sell', price: String(lastYen), lots: 1, leverage: '1' })).status).toBe(1);
  const bought = await order(a, { product: 'cash', side: 'buy', price: String(lastYen) });
  expect(bought.data.status).toBe('holding');
  expect((await order(street, { product: 'margin', side: 'buy', price: String(lastYen), lots: 1, leverage: '1' })).status).toBe(1);
  expect((await closeAtMarket(t.app, a, bought.data.id)).data.status).toBe('closed');

  const one = await oneByOne(a.user.id);
  for (const name of [HOLD_OPEN_ORDERS, HOLD_MARGIN, HOLD_UNSETTLED]) expect(one[name]).toBeGreaterThan(0n);
  expect(await queried(a.user.id)).toEqual(one);
  // heldFor (order placement, withdrawals, IPO) and the wallet read them in one statement; same lines.
  const held = await heldFor(t.service.deps.funds, t.db, a.user.id, 'JPY');
  expect(held.lines).toEqual(Object.entries(one).map(([source, minor]) => ({ source, minor })));
  const wallet = await walletOf(a);
  expect(wallet.holds.map((h) => [h.source, BigInt(h.amount.minor)])).toEqual(Object.entries(one));
  const jpy = wallet.currencies.find((c) => c.currency === 'JPY');
  expect(BigInt(jpy?.available.minor ?? '0')).toBe(BigInt(jpy?.cash.minor ?? '0') - held.total);
  // USD holds nothing here (trading holds yen only).
  expect((await heldFor(t.service.deps.funds, t.db, a.user.id, 'USD')).lines).toEqual([]);
}, 60_000);

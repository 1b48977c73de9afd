// The street: counterparties a conditional-order test trades against on the simulated venue with
// no participants, so every price a test needs comes from real venue fills (ARCHITECTURE §7:
// fills only from the venue). Accounts are used in turn: each may send 60 order calls a minute
// (routes/trade.ts).
import type { TradePosition, TradePositionPage } from '@kabuto/shared-sdk/schemas';
import { createMarginTrader, createTrader, placeOrder, trade, type TestCustomer, type TradingTestContext } from './trading-test-kit';

export { MARGIN_FORM } from './trading-test-kit';

export interface Street {
  /** The next street account. */
  next(): TestCustomer;
  /** The last traded price of the street's stock, in yen. */
  last(): number;
  /** One street trade at `yen`: a short sell and a buy of one lot crossing each other. */
  tradeAt(yen: number): Promise<void>;
  /** Cancel every street order still resting, so the next trades happen only where a test puts them. */
  clear(): Promise<void>;
  /** A street bid resting at `yen` (liquidity for a customer's market sell). */
  bidAt(yen: number, lots?: number): Promise<void>;
  /** A customer (new, or `customer`) holding `lots` of the stock bought at the current price. */
  holder(lots?: number, customer?: TestCustomer): Promise<{ c: TestCustomer; pos: TradePosition }>;
}

/**
 * Opens `accounts` street accounts with margin for `code`. `idle` waits for the conditional
 * runner (read each time: a test may rebuild the runner).
 */
export async function openStreet(t: TradingTestContext, code: string, idle: () => Promise<void>, accounts = 8): Promise<Street> {
  const streets: TestCustomer[] = [];
  for (let i = 0; i < accounts; i++) {
    streets.push(await createMarginTrader(t, 10_000_000_000n));
  }
  let turn = 0;
  const next = (): TestCustomer => streets[turn++ % streets.length] as TestCustomer;
  const last = (): number => {
    const q = t.runtime.market.quote(code);
    return (q.last ?? q.previousClose) / 10;
  };
  return {
    next,
    last,
    async tradeAt(yen) {
      const price = String(yen);
      expect(await placeOrder(t, next(), { code, product: 'margin', side: 'sell', price, leverage: '1' })).toMatchObject({ status: 1 });
      expect(await placeOrder(t, next(), { code, price })).toMatchObject({ status: 1 });
      await idle();
    },
    async clear() {
      for (const s of streets) {
        const page = (await trade<TradePositionPage>(t.app, 'list', { status: 'pending', size: 50 }, s)).data;
        for (const pos of page.list) expect(await trade(t.app, 'cancel', { id: pos.id }, s)).toMatchObject({ status: 1 });
      }
      await idle();
    },
    async bidAt(yen, lots = 1) {
      expect((await placeOrder(t, next(), { code, price: String(yen), lots })).status).toBe(1);
    },
    async holder(lots = 1, customer) {
      const who = customer ?? (await createTrader(t, 5_000_000n));
      const p = last();
      expect(await placeOrder(t, next(), { code, product: 'margin', side: 'sell', price: String(p), lots, leverage: '1' })).toMatchObject({ status: 1 });
      const bought = await placeOrder(t, who, { code, price: String(p), lots });
      expect(bought.data.status).toBe('holding');
      await idle();
      return { c: who, pos: bought.data };
    },
  };
}

// What the block-trades services need. Routes, the ops routes, the seed and the tests build one.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { FundsExtensions } from '../funds';
import type { TradingVenue } from '../trading';

export interface BlockTradesDeps {
  db: Database;
  /** Real time: locks, idempotency and audit stamps. */
  clock: Clock;
  /** Offer windows, trade dates, lock-up days and the postings' time read this clock. */
  businessClock: BusinessClock;
  /** The previous close (price rule) and the names; nothing is ever entered on the venue. */
  venue: Pick<TradingVenue, 'quote' | 'instrument'>;
  /** Holds other modules place on the customer's cash (buying power = cash − holds). */
  funds: FundsExtensions;
}

export const BLOCK_API = '/api/vue/block';
export const OPS_BLOCK_API = '/api/ops/block';

/**
 * The broker's ledger accounts for its block inventory: the inventory at cost, the capital it was
 * brought in against (opening balance), customers' payments, and the cost of the shares sold.
 */
export const BLOCK_ACCOUNTS = {
  inventory: 'block_inventory',
  capital: 'block_capital',
  settlement: 'block_settlement',
  costOfSales: 'block_cost_of_sales',
} as const;

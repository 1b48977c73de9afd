// What the funds services need. Routes, the operator API, the demo sweeper and the tests
// all call the same services with one of these.
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { RatesProvider } from './exchange/rates';
import type { FundsExtensions } from './extensions';

export interface DemoDeposits {
  /** KABUTO_DEMO_AUTO_APPROVE_DEPOSITS=1: pending deposits are approved after `delaySeconds`. */
  autoApprove: boolean;
  delaySeconds: number;
}

export interface FundsContext {
  db: Database;
  clock: Clock;
  rates: RatesProvider;
  extensions: FundsExtensions;
  demo: DemoDeposits;
}

/** Who is acting on a customer's funds: the customer or an operator (audited). */
export interface FundsCustomer {
  id: number;
  account: string;
}

export const FUNDS_API = '/api/vue/funds';

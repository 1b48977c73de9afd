// What the funds services need (FundsDeps). Routes, the operator API, the demo sweeper and the tests
// all call the same services with one of these.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { UserEventHub } from '../market';
import type { RatesProvider } from './exchange/rates';
import type { FundsExtensions } from './extensions';
import type { WalletCache } from './wallet/wallet-cache';

export interface DemoDeposits {
  /** KABUTO_DEMO_AUTO_APPROVE_DEPOSITS=1: pending deposits are approved after `delaySeconds`. */
  autoApprove: boolean;
  delaySeconds: number;
}

export interface FundsDeps {
  db: Database;
  /** Real time: record stamps, locks, idempotency. */
  clock: Clock;
  /** Business rules: deposit/withdrawal windows, review and arrival dates. */
  businessClock: BusinessClock;
  /** Money notices' outbox copy (site messages are stored in the change's transaction). */
  notifications: NotificationGateway;
  /** Live events to the customer's open screens, published after commit. */
  userEvents: UserEventHub;
  rates: RatesProvider;
  extensions: FundsExtensions;
  demo: DemoDeposits;
  /** Wallet figures remembered between writes (wallet/wallet-cache.ts). */
  walletCache: WalletCache;
}

/** Who is acting on a customer's funds: the customer or an operator (audited). */
export interface FundsCustomer {
  id: number;
  account: string;
}

export const FUNDS_API = '/api/vue/funds';

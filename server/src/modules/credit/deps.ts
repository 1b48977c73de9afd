// What the credit services need. The plugin builds one; tests build theirs with a fixed price source.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import type { UserEventHub } from '../market';
import type { TradingExtensions } from '../trading';
import type { CreditConfig } from './config';

/** Where collateral is priced: the venue's previous close of an issue. */
export interface CollateralPrices {
  /** Previous close in tenths of a yen; null when the issue is not listed (not collateral). */
  previousCloseTenths(code: string): number | null;
  /** The name for the collateral list. */
  nameOf(code: string): string;
  /** Listed stock or ETF (the only eligible kinds). */
  isListedEquity(code: string): boolean;
}

export interface CreditDeps {
  db: Database;
  /** Real time: record stamps, idempotency. */
  clock: Clock;
  /** Business dates: interest days, shortfall deadlines, notice times. */
  businessClock: BusinessClock;
  config: CreditConfig;
  prices: CollateralPrices;
  funds: FundsExtensions;
  trading: TradingExtensions;
  notifications: NotificationGateway;
  userEvents?: UserEventHub;
}

export const CREDIT_API = '/api/vue/credit';
export const OPS_CREDIT_API = '/api/ops/credit';
/** The audit trail's actor for what the monitor does by rule. */
export const CREDIT_SYSTEM_ACTOR = { id: 0, name: 'system:credit' } as const;

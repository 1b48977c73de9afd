// What the strategies services need. Routes, the mirroring queue, the sweeps and the tests build one.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import type { MarketDataProvider } from '../market';
import type { TradingExtensions, TradingVenue } from '../trading';
import type { StrategiesConfig } from './config';

export interface StrategiesDeps {
  db: Database;
  /** Real time: locks, idempotency and audit stamps. */
  clock: Clock;
  /** Deadlines, days live, fee accrual dates and postings read this clock. */
  businessClock: BusinessClock;
  /** The last price (equity, copied positions' value) and the names. */
  venue: Pick<TradingVenue, 'quote' | 'instrument'> & Pick<MarketDataProvider, 'klines'>;
  /** Holds other modules place (buying power = cash − holds). */
  funds: FundsExtensions;
  /** Orders by rule (mirrored buys, closes) and the fill listener. */
  trading: TradingExtensions;
  notifications: NotificationGateway;
  config: StrategiesConfig;
}

export const STRATEGY_API = '/api/vue/strategy';

/** The broker's account the leader fee is paid from (a marketing expense). */
export const STRATEGY_ACCOUNTS = { leaderFeeExpense: 'strategy_leader_fee_expense' } as const;

// What the trading services need. Routes, the engine, the tests and the bench build one.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { FundsExtensions } from '../funds';
import type { TradingConfig } from './config';
import type { CustomerFacts } from './orders/customer-facts';
import type { TradingExtensions } from './extensions';
import type { TradingEventPublisher } from './events';
import type { TradingVenue } from './venue';
import type { InstrumentOwnership } from './ownership';

export interface TradingDeps {
  db: Database;
  /** Real time: record stamps, locks, idempotency. */
  clock: Clock;
  /** Sessions, trade dates, settlement, interest days, margin-call deadlines. */
  businessClock: BusinessClock;
  venue: TradingVenue;
  config: TradingConfig;
  funds: FundsExtensions;
  /** Other modules' sale guards, buying-power exclusions and holding-reduction listeners (extensions.ts). */
  extensions: TradingExtensions;
  events: TradingEventPublisher;
  notifications: NotificationGateway;
  /** Placement's checks of a customer, remembered briefly (orders/customer-facts.ts). */
  facts: CustomerFacts;
  /** The instruments this process's venue holds (default every one: ownership.ts). */
  ownership?: InstrumentOwnership;
}

export const TRADE_API = '/api/vue/trade';
/** The audit trail's actor for what the engine does by rule (forced liquidation, due closes). */
export const SYSTEM_ACTOR = { id: 0, name: 'system:trading' } as const;

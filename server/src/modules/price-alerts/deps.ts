// What the price-alert services need. The plugin builds one from the app; tests build one with a
// scripted venue (testing/price-alerts-test-kit.ts).
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { Instrument, ResolvedTickTable, Tenths, Trade } from '../market';

/** The part of the simulated venue alerts read (SimulatedMarket has all of it). */
export interface AlertVenue {
  instrument(code: string): Instrument | undefined;
  tickTable(code: string): ResolvedTickTable;
  /** The previous close is the base of a % move, the last price picks the tick shown; asking also brings the instrument up to the clock. */
  quote(code: string): { previousClose: Tenths; last: Tenths | null };
  onTrade(listener: (trade: Trade) => void): () => void;
}

export interface PriceAlertsDeps {
  db: Database;
  /** Real time: record stamps. */
  clock: Clock;
  /** Venue time: alerts are armed on it and compared with trade times. */
  businessClock: BusinessClock;
  venue: AlertVenue;
  /** Live delivery after commit (the `message` event with the unread count). */
  notifications: NotificationGateway;
  /**
   * The outbox copies (sms + push) written inside the firing transaction, so a fired alert and
   * its notices commit together (transactional outbox). Default: the outbox table through `tx`.
   */
  outboxFor: (tx: Database) => NotificationGateway;
  /** A cluster's venue partition watches the tape of its own instruments only (default every one). */
  owns?: (code: string) => boolean;
}

export const ALERTS_API = '/api/vue/alerts';

// What the IPO services need. Routes, the sweep, the ops CLI's server side and the tests build one.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { TradingExtensions } from '../trading';

export interface IpoDeps {
  db: Database;
  /** Real time: record stamps and locks. */
  clock: Clock;
  /** The schedule of every issue (book-building, lottery, deadline, listing) reads this clock. */
  businessClock: BusinessClock;
  notifications: NotificationGateway;
  /** Trading's rules on buying power (loan proceeds do not buy securities): an application spends what an order may. */
  trading?: TradingExtensions;
  /**
   * Whether the simulated venue trades `code`. Paid shares become trading positions only then:
   * a position on a code the venue does not know would break the customer's positions list.
   */
  venueHas?: (code: string) => boolean;
  /** Called once an issue lists (and for every listed issue at start): the venue adds the instrument. */
  onListed?: (issue: { code: string; names: { tw: string; jp: string; en: string }; offerPrice: number; listingAt: Date }) => void;
  /** Called for an issue not listed yet (at creation and at start): the venue refuses its orders as not yet listed. */
  onAnnounced?: (code: string) => void;
}

export const IPO_API = '/api/vue/ipo';
export const OPS_IPO_API = '/api/ops/ipo';
/** The audit trail's actor for steps the clock takes (draw at lottery time, release at the deadline, listing). */
export const SYSTEM_OPERATOR = { id: 0, name: 'system:ipo' } as const;

/** Ledger account kinds: the customer's money set aside for an application, and what paid winners settle to. */
export const IPO_ACCOUNTS = { escrow: 'ipo_escrow', settlement: 'ipo_settlement' } as const;

/** The wallet's line for the escrow (Wallet.escrow[].source). */
export const IPO_ESCROW_LINE = 'ipo-escrow';

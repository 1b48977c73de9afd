// What the corporate-actions services need. The plugin builds one from the simulated market; tests
// build theirs with the same market and a test clock.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NotificationGateway } from '../../notifications/gateway';
import type { CorporateAction, Instrument, SimulatedMarket, Tenths, UserEventHub } from '../market';
import type { TradingExtensions } from '../trading';
import type { CorporateActionsConfig } from './config';

/** The venue side: the universe, its price paths and where a published schedule goes. */
export interface CorporateActionsVenue {
  seed: string;
  instruments(): readonly Instrument[];
  instrument(code: string): Instrument | undefined;
  /** The universe data file's actions of an issue (recalled splits, earlier dividends). */
  fileActions(code: string): readonly CorporateAction[];
  /** The price path follows these from now on (market/simulation MarketSimulator.setScheduledActions). */
  publishActions(code: string, actions: readonly CorporateAction[]): void;
  /** The venue's close of a business day and the base price of another, tenths. */
  closeOn(code: string, date: string): Tenths;
  basePriceOn(code: string, date: string): Tenths;
}

export function marketVenue(market: SimulatedMarket): CorporateActionsVenue {
  const sim = market.simulator;
  return {
    seed: sim.seed,
    instruments: () => market.instruments(),
    instrument: (code) => market.instrument(code),
    fileActions: (code) => sim.universe.actionsFor(code),
    publishActions: (code, actions) => sim.setScheduledActions(code, actions),
    closeOn: (code, date) => sim.path(code).dailyBar(date).close,
    basePriceOn: (code, date) => sim.path(code).basePrice(date),
  };
}

export interface CorporateActionsDeps {
  db: Database;
  /** Real time: record stamps. */
  clock: Clock;
  /** Business dates: ex-dates, payment dates, split dates. */
  businessClock: BusinessClock;
  config: CorporateActionsConfig;
  venue: CorporateActionsVenue;
  notifications: NotificationGateway;
  userEvents?: UserEventHub;
  /** Trading's T+2. */
  settlementDays: number;
  /** Trading's seams: a split cancels open orders through its engine. */
  trading: TradingExtensions;
}

export const DIVIDEND_API = '/api/vue/dividend';
export const OPS_DIVIDEND_API = '/api/ops/dividends';

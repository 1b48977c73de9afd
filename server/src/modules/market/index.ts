// Public surface of the market module: the simulator (pure TypeScript) and the server runtime
// (plugin.ts registers the HTTP calls, /ws and operator news; docs/api/market.md).
export { SimulatedMarket, MarketDataError, MAX_SUBSCRIPTION_CODES } from './provider';
export type {
  MarketDataProvider,
  OrderEntry,
  OtherPartitionsQuotes,
  Quote,
  Depth,
  MarketUpdate,
  MarketDataErrorCode,
  NewListing,
  SimulatedMarketOptions,
} from './provider';
export { demoTimeAt, DEMO_CYCLE_MS } from './demo-clock';
export { SteppedBusinessClock, businessInstantsBetween, nextBusinessDayOpen, type BusinessClockStore, type BusinessClockState } from './business-clock';
export { databaseClockStore } from './business-clock-store';
export { createUniverse } from './universe/universe';
export type { Universe } from './universe/universe';
export type { Instrument, CorporateAction } from './universe/schema';
export { KLINE_INTERVALS, ADJUSTMENTS, isKLineInterval, isAdjustment, DEFAULT_KLINE_LIMIT, MAX_KLINE_LIMIT } from './klines/intervals';
export type { KLineInterval, Adjustment } from './klines/intervals';
export type { KLineBar } from './klines/klines';
// The TSE's tick, limit and lot rules live in the SDK, shared with the order ticket.
export * from '@kabuto/shared-sdk/market-rules';
export * from './rules/calendar';
export * from './price';
export type * from './venue/types';
export { SIMULATED_OWNER_PREFIX } from './venue/types';
export { MarketSimulator } from './simulation/market-simulator';
export { prngFor, type Prng } from './simulation/prng';
export { businessClockFromSettings, createMarketRuntime, marketRuntimeFromSettings, marketSettingsFromEnv, DEFAULT_MARKET_SEED } from './runtime';
export type { MarketRuntime, MarketSettings } from './runtime';
// Per-user live events: publish with `app.userEvents.publish(userId, event)` (or a deps' userEvents) after commit.
export {
  createUserEventHub,
  createUserSockets,
  userPushFrame,
  type UserEventHub,
  type UserFrame,
  type UserFrameHandler,
  type UserReplay,
} from './ws/user-events';
// The market-data bus between the pump and /ws connections (the cluster's is over NATS: server/src/cluster/market-bus.ts).
export { createInProcessBus, parseTopic, topicOf, type BusHandler, type Channel, type MarketBus } from './ws/bus';
export { wallTimeMs } from './ws/pump';
export { marketPlugin } from './plugin';
// The simulated PTS night session and the opening-auction board (docs/trading.md "Sessions and venues").
export { PtsVenue, isPtsOrderId, PTS_ID_MARK, type PtsQuote, type PtsDepth, type PtsSessionState } from './pts/pts-venue';
export { PTS_NIGHT_TIMES, currentOrNextPtsSession, openPtsSession, ptsLot, type PtsSession } from './pts/session';
export { sessionsPlugin } from './pts/plugin';
export { auctionBoard, auctionWindowAt } from './auction-board';
// The published corporate calendar: record dates, last cum-rights dates and ex-dates (docs/credit.md).
export * from './corporate-calendar';
export { marketShocks, watchlistEntries } from './schema';
export { SHOCK_FOLLOW_MS } from './shocks/follow';

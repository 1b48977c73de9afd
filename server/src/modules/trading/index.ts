// Public surface of the trading module: the plugin, the service (engine + sweep), the rules
// config, the event publisher seam and the tables.
export { tradingPlugin, type TradingPluginOptions } from './plugin';
export { TradingService } from './service';
export { DEFAULT_TRADING_CONFIG, publishedRules, maxLeverageTenths, type TradingConfig, type FeeTier } from './config';
export { createInProcessTradingEvents, type TradingEventPublisher, type InProcessTradingEvents } from './events';
export { TRADE_API, type TradingDeps } from './deps';
export { orderOfClientId, userOfOwner, type TradingVenue } from './venue';
export { VenueRouter, type LoggedVenueInput, type VenueInput, type VenueInputLog } from './venue-router';
export { TRADING_ACCOUNTS } from './orders/engine';
export { EVERY_INSTRUMENT, type InstrumentOwnership, type NotOpenMessage } from './ownership';
export { powerFigures, type PowerFigures } from './orders/buying-power';
export { recordOffExchangeBuy, refuseDuringLockUp, type OffExchangeBuy } from './off-exchange/record';
export * from './schema';
export {
  createTradingExtensions,
  sharesSplit,
  type BuyingPowerExclusion,
  type CommittedFill,
  type CopiedPositionSource,
  type FillListener,
  type OrderByRule,
  type HoldingReduction,
  type HoldingReductionListener,
  type HoldingSale,
  type LentQuantitySource,
  type OrderCouponClaim,
  type OrderCouponEnd,
  type OrderCoupons,
  type SaleGuard,
  type SharesSplit,
  type SplitListener,
  type TradingActions,
  type TradingExtensions,
  type TradingRefusal,
} from './extensions';

export {
  MAX_CODES_PER_CHANNEL,
  isErrorFrame,
  isPush,
  parseServerFrame,
  type MarketAckFrame,
  type MarketChannel,
  type MarketErrorFrame,
  type MarketPush,
  type MarketServerFrame,
  type MarketWsErrorCode,
} from './frames';
export {
  MAX_BACKOFF_MS,
  MIN_BACKOFF_MS,
  MarketSocket,
  defaultMarketSocketUrl,
  getMarketSocket,
  resetMarketSocket,
  type MarketSocketOptions,
  type MarketSocketStatus,
  type WebSocketFactory,
  type WebSocketLike,
} from './market-socket';
export { streamMarketUpdates, type CacheEntryLifecycle, type StreamOptions } from './cache-stream';

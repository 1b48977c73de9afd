// Streams market pushes into an RTK Query cache entry. Use it in an endpoint's
// onCacheEntryAdded:
//
//   quote: builder.query<MarketQuote, { code: string }>({
//     query: ({ code }) => ({ group: 'market', action: 'quote', params: { code } }),
//     onCacheEntryAdded: (arg, lifecycle) =>
//       streamMarketUpdates(lifecycle, { channel: 'quote', codes: [arg.code],
//         apply: (draft, push) => { Object.assign(draft, push.data); } }),
//   }),
//
// The subscription starts once the first answer is in the cache and ends when the entry
// is removed (no component uses it any more).
import { getMarketSocket, type MarketSocket } from './market-socket';
import type { MarketChannel, MarketPush } from './frames';

/** The parts of RTK Query's cache-entry lifecycle this needs. */
export interface CacheEntryLifecycle<TDraft> {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData: (recipe: (draft: TDraft) => void) => unknown;
}

export interface StreamOptions<TDraft, TData> {
  channel: MarketChannel;
  codes: readonly string[];
  /** Change the cached value for one push (an immer draft: mutate it). */
  apply: (draft: TDraft, push: MarketPush<TData>) => void;
  /** Default: getMarketSocket(). */
  socket?: MarketSocket;
}

export async function streamMarketUpdates<TDraft, TData = unknown>(lifecycle: CacheEntryLifecycle<TDraft>, opts: StreamOptions<TDraft, TData>): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    // The entry went away before its first answer: nothing to stream into.
    return;
  }
  const socket = opts.socket ?? getMarketSocket();
  const stop = socket.subscribe<TData>(opts.channel, opts.codes, (push) => {
    lifecycle.updateCachedData((draft) => opts.apply(draft, push));
  });
  try {
    await lifecycle.cacheEntryRemoved;
  } finally {
    stop();
  }
}

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
  /** When queued pushes are applied. Default: the next animation frame. */
  schedule?: (run: () => void) => void;
  /**
   * When the subscription (and so the socket's connect) starts after the first answer.
   * Default: when the main thread is idle, at most IDLE_SUBSCRIBE_MAX_MS later.
   */
  whenIdle?: (run: () => void) => void;
}

/** The longest a stream waits for an idle moment before it subscribes anyway. */
export const IDLE_SUBSCRIBE_MAX_MS = 1500;

/**
 * Runs `run` when the browser is idle (requestIdleCallback), or after IDLE_SUBSCRIBE_MAX_MS.
 * A page's first answers arrive while it is still starting (hydrating remotes, first
 * renders); opening the socket and re-rendering on every frame's pushes then would add to
 * those long tasks. The first answer is fresh, so the page shows correct prices meanwhile.
 */
export function whenMainThreadIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: IDLE_SUBSCRIBE_MAX_MS });
  else setTimeout(run, 0);
}

/**
 * The next animation frame, or 100 ms if that comes first: a hidden tab gets no frames,
 * and its queue must not grow until the tab is shown again.
 */
function nextFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, 100);
}

export async function streamMarketUpdates<TDraft, TData = unknown>(lifecycle: CacheEntryLifecycle<TDraft>, opts: StreamOptions<TDraft, TData>): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    // The entry went away before its first answer: nothing to stream into.
    return;
  }
  // Removed while it waits for an idle moment: it never subscribes.
  let removed = false;
  const markRemoved = () => (removed = true);
  lifecycle.cacheEntryRemoved.then(markRemoved, markRemoved);
  await new Promise<void>((resolve) => (opts.whenIdle ?? whenMainThreadIdle)(resolve));
  if (removed) return;
  const socket = opts.socket ?? getMarketSocket();
  // Pushes arrive faster than a phone paints: apply all of a frame's pushes in one cache
  // update, so subscribed components re-render once per frame, not once per push.
  let queued: MarketPush<TData>[] = [];
  let stopped = false;
  const flush = () => {
    const pushes = queued;
    queued = [];
    if (stopped || pushes.length === 0) return;
    lifecycle.updateCachedData((draft) => {
      for (const push of pushes) opts.apply(draft, push);
    });
  };
  const stop = socket.subscribe<TData>(opts.channel, opts.codes, (push) => {
    queued.push(push);
    if (queued.length === 1) (opts.schedule ?? nextFrame)(flush);
  });
  try {
    await lifecycle.cacheEntryRemoved;
  } finally {
    stopped = true;
    stop();
  }
}

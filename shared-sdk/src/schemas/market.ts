// The market's wire shapes (docs/api/market.md): quotes, depth, k-lines, lists, search,
// watchlist and news answers, and the /ws quote and depth pushes. One zod schema per shape:
// the server's views are typed with z.infer of these, mf-market's calls read the same types,
// and tests parse real answers with them, so the two sides cannot drift. Prices are integer
// tenths of a yen; every price comes from the simulator, hence `simulated: true`.
import { z } from 'zod';
import { KLINE_INTERVALS, PRICE_ADJUSTMENTS } from '../constants';

/** Integer tenths of a yen (27905 = ¥2,790.5). */
export const tenthsSchema = z.number().int();
export type Tenths = z.infer<typeof tenthsSchema>;

export const MARKET_PHASES = ['closed', 'pre-open', 'zaraba', 'lunch', 'closing-auction'] as const;
export const marketPhaseSchema = z.enum(MARKET_PHASES);
export type MarketPhase = z.infer<typeof marketPhaseSchema>;

export const INSTRUMENT_KINDS = ['stock', 'etf'] as const;
export const instrumentKindSchema = z.enum(INSTRUMENT_KINDS);
export type InstrumentKind = z.infer<typeof instrumentKindSchema>;

export const instrumentNamesSchema = z.object({ jp: z.string(), en: z.string(), tw: z.string() });
export type InstrumentNames = z.infer<typeof instrumentNamesSchema>;

/** A special quote (特別気配) shown instead of a trade. */
export const specialQuoteSchema = z.object({
  /** 'buy' = special bid above the last price; 'sell' = special offer below it. */
  side: z.enum(['buy', 'sell']),
  price: tenthsSchema,
  /** Epoch ms when this quote price was set. */
  since: z.number(),
});
export type SpecialQuoteState = z.infer<typeof specialQuoteSchema>;

/** A quote: the `quote` push on /ws, and the base of every HTTP quote. */
export const quoteSchema = z.object({
  code: z.string(),
  name: instrumentNamesSchema,
  kind: instrumentKindSchema,
  simulated: z.literal(true),
  tradingDate: z.string(),
  phase: marketPhaseSchema,
  last: tenthsSchema.nullable(),
  open: tenthsSchema.nullable(),
  high: tenthsSchema.nullable(),
  low: tenthsSchema.nullable(),
  previousClose: tenthsSchema,
  /** last − previousClose; null before the first trade. */
  change: tenthsSchema.nullable(),
  /** Percent, two decimals; null before the first trade. */
  changePercent: z.number().nullable(),
  volume: z.number(),
  /** Integer yen. */
  turnover: z.number(),
  pe: z.number().nullable(),
  industryPe: z.number().nullable(),
  upperLimit: tenthsSchema,
  lowerLimit: tenthsSchema,
  bestBid: tenthsSchema.nullable(),
  bestAsk: tenthsSchema.nullable(),
  specialQuote: specialQuoteSchema.nullable(),
  lot: z.number().int(),
  /** Epoch ms the quote describes. */
  at: z.number(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The texts of an instrument in the caller's language. */
export const languageTextsSchema = z.object({ displayName: z.string(), sector: z.string(), sectorName: z.string() });
export type LanguageTexts = z.infer<typeof languageTextsSchema>;

/** HTTP answers: the quote plus the language-resolved texts. */
export const marketQuoteSchema = quoteSchema.extend(languageTextsSchema.shape);
export type MarketQuote = z.infer<typeof marketQuoteSchema>;

export const listRowSchema = marketQuoteSchema.extend({ ready: z.literal(true) });
export type ListRow = z.infer<typeof listRowSchema>;

/** An instrument the server has not simulated yet (warming up after start). */
export const pendingRowSchema = languageTextsSchema.extend({
  ready: z.literal(false),
  code: z.string(),
  name: instrumentNamesSchema,
  kind: instrumentKindSchema,
  lot: z.number().int(),
  simulated: z.literal(true),
});
export type PendingRow = z.infer<typeof pendingRowSchema>;

export const depthLevelSchema = z.object({ price: tenthsSchema, quantity: z.number(), orders: z.number() });
export type DepthLevel = z.infer<typeof depthLevelSchema>;

/** `market/depth` and the `depth` push: best five bids and asks, best first. */
export const depthSchema = z.object({
  code: z.string(),
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
  marketBuyQuantity: z.number(),
  marketSellQuantity: z.number(),
  specialQuote: specialQuoteSchema.nullable(),
  /** The Itayose price the book would match at now, while orders only accumulate. */
  indicativePrice: tenthsSchema.nullable(),
  simulated: z.literal(true),
  phase: marketPhaseSchema,
  at: z.number(),
});
export type Depth = z.infer<typeof depthSchema>;

// The lists live in the zod-free constants entry, so a page that only needs them (the chart's
// tabs) does not load every schema and zod on first load.
export { KLINE_INTERVALS, PRICE_ADJUSTMENTS };
export type KLineInterval = (typeof KLINE_INTERVALS)[number];
export type PriceAdjustment = (typeof PRICE_ADJUSTMENTS)[number];

export const klineBarSchema = z.object({
  time: z.number(),
  open: tenthsSchema,
  high: tenthsSchema,
  low: tenthsSchema,
  close: tenthsSchema,
  volume: z.number(),
  turnover: z.number(),
  /** 'timeshare' only: the day's running average price. */
  avgPrice: z.number().optional(),
});
export type KLineBar = z.infer<typeof klineBarSchema>;

export const klinesSchema = z.object({
  code: z.string(),
  interval: z.enum(KLINE_INTERVALS),
  adjust: z.enum(PRICE_ADJUSTMENTS),
  simulated: z.literal(true),
  bars: z.array(klineBarSchema),
});
export type KLines = z.infer<typeof klinesSchema>;

export const RANKING_TYPES = ['gainers', 'losers', 'hot', 'etf'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

export const rankingSchema = z.object({
  type: z.enum(RANKING_TYPES),
  items: z.array(listRowSchema),
  ready: z.number(),
  total: z.number(),
  /** false while the server is still warming the universe. */
  complete: z.boolean(),
});
export type Ranking = z.infer<typeof rankingSchema>;

export const stocksPageSchema = z.object({
  total: z.number(),
  ready: z.number(),
  offset: z.number(),
  items: z.array(z.discriminatedUnion('ready', [listRowSchema, pendingRowSchema])),
});
export type StocksPage = z.infer<typeof stocksPageSchema>;

export const quotesAnswerSchema = z.object({ items: z.array(marketQuoteSchema) });
export type QuotesAnswer = z.infer<typeof quotesAnswerSchema>;

export const searchResultSchema = z.object({ q: z.string(), items: z.array(marketQuoteSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchHistoryItemSchema = z.object({ query: z.string(), searchedAt: z.string() });
export type SearchHistoryItem = z.infer<typeof searchHistoryItemSchema>;
export const searchHistoryAnswerSchema = z.object({ items: z.array(searchHistoryItemSchema) });
export type SearchHistoryAnswer = z.infer<typeof searchHistoryAnswerSchema>;

export const watchlistItemSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  /** ISO 8601. */
  addedAt: z.string(),
  quote: marketQuoteSchema,
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;
export const watchlistAnswerSchema = z.object({ items: z.array(watchlistItemSchema) });
export type WatchlistAnswer = z.infer<typeof watchlistAnswerSchema>;
export const watchlistToggleSchema = z.object({ code: z.string(), on: z.boolean() });
export type WatchlistToggle = z.infer<typeof watchlistToggleSchema>;
export const watchlistOrderSchema = z.object({ codes: z.array(z.string()) });
export type WatchlistOrder = z.infer<typeof watchlistOrderSchema>;

export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  codes: z.array(z.string()),
  /** Demo seed: show a "sample" badge. */
  sample: z.boolean(),
  /** ISO 8601. */
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** `body` is HTML sanitised by the server when stored (allow-list); render as is. */
export const newsDetailSchema = newsItemSchema.extend({ body: z.string() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsPageSchema = z.object({ total: z.number(), items: z.array(newsItemSchema) });
export type NewsPage = z.infer<typeof newsPageSchema>;

// ---------------------------------------------------------------------------------------
// Sessions beyond Zaraba (docs/trading.md "Sessions and venues"): the opening-auction board
// and the simulated PTS night session. Prices in tenths of a yen, all simulated.
// ---------------------------------------------------------------------------------------
export const TRADING_VENUES = ['tse', 'pts'] as const;
/** tse = the simulated TSE; pts = the simulated PTS night session (modelled on Japannext). */
export type TradingVenueId = (typeof TRADING_VENUES)[number];

export const AUCTION_KINDS = ['morning-open', 'morning-close', 'afternoon-open', 'close'] as const;
export type AuctionKindId = (typeof AUCTION_KINDS)[number];

/** An order-acceptance window before an Itayose: 08:00–09:00, 12:05–12:30, 15:25–15:30 JST. */
export interface AuctionWindow {
  kind: 'morning-open' | 'afternoon-open' | 'close';
  /** ISO instants. */
  from: string;
  to: string;
  /** Is the window open now (orders accumulating, indicative prices live)? */
  open: boolean;
}

export interface AuctionOutcome {
  kind: AuctionKindId;
  /** ISO instant of the Itayose. */
  at: string;
  /** Match price, null when nothing matched (no cross, or a special quote instead). */
  price: Tenths | null;
  volume: number;
  specialQuote: Tenths | null;
}

export interface AuctionBoardRow {
  code: string;
  name: InstrumentNames;
  displayName: string;
  lot: number;
  /** The day's base price (previous close). */
  basePrice: Tenths;
  /** Itayose price and volume the book would match at now; null outside a window or with no cross. */
  indicativePrice: Tenths | null;
  indicativeVolume: number | null;
  bestBid: Tenths | null;
  bestAsk: Tenths | null;
  marketBuyQuantity: number;
  marketSellQuantity: number;
  /** The day's latest Itayose, null before the first. */
  lastAuction: AuctionOutcome | null;
}

export interface AuctionBoard {
  simulated: true;
  venue: 'tse';
  phase: MarketPhase;
  /** The window open now, else the next one. */
  window: AuctionWindow;
  now: string;
  items: AuctionBoardRow[];
}

export interface PtsSessionInfo {
  venue: 'pts';
  simulated: true;
  open: boolean;
  /** TSE business day whose evening the session opens on. */
  sessionDate: string;
  opensAt: string;
  closesAt: string;
  hours: { open: string; close: string };
}

export interface PtsBoard {
  venue: 'pts';
  simulated: true;
  session: PtsSessionInfo;
  code: string;
  name: InstrumentNames;
  displayName: string;
  lot: number;
  tickTable: string;
  /** The session these figures belong to (tonight's while open, else the last night's). */
  figuresOf: string;
  basePrice: Tenths;
  upperLimit: Tenths;
  lowerLimit: Tenths;
  last: Tenths | null;
  open: Tenths | null;
  high: Tenths | null;
  low: Tenths | null;
  volume: number;
  turnover: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
  trades: { id: string; price: Tenths; quantity: number; at: number }[];
}

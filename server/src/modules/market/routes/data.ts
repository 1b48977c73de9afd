// Market data calls: lists, rankings, quote(s), depth, trades, k-lines, search
// (docs/api/market.md §3). All public; search remembers the query for a logged-in caller.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  INDEX_CODES,
  type Depth,
  type IndexQuote,
  type KLines,
  type QuotesAnswer,
  type Ranking,
  type SearchResult,
  type StocksPage,
} from '@kabuto/shared-sdk/schemas';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { RANKING_TYPES, rank } from '../board/rankings';
import { MARKET_API, boardOrLiveQuote, liveQuote, type MarketDeps } from '../deps';
import { DEFAULT_KLINE_LIMIT, MAX_KLINE_LIMIT, isAdjustment, isKLineInterval } from '../klines/intervals';
import { MAX_SUBSCRIPTION_CODES, type Quote } from '../provider';
import type { Instrument } from '../universe/schema';
import { SEARCH_QUERY_MAX_CHARS, rememberSearch } from '../search-history/store';
import { optionalUser } from './optional-user';
import { answering, codeListSchema, codeSchema, intField, knownInstrument, knownInstruments, langSchema, listRow, marketQuote, pendingRow } from './views';

const stocksForm = z.object({
  kind: z.enum(['stock', 'etf', 'all']).optional().default('stock'),
  offset: intField(0, 0, 10_000),
  limit: intField(50, 1, 100),
  lang: langSchema,
});
const rankingsForm = z.object({ type: z.enum(RANKING_TYPES), limit: intField(20, 1, 100), lang: langSchema });
const codeForm = z.object({ code: codeSchema, lang: langSchema });
const quotesForm = z.object({ codes: codeListSchema(MAX_SUBSCRIPTION_CODES), lang: langSchema });
const tradesForm = z.object({ code: codeSchema, limit: intField(50, 1, 200) });
// interval and adjust are checked by the provider, which answers with their own messages.
const klinesForm = z.object({
  code: codeSchema,
  interval: z.string().trim().optional().default(''),
  adjust: z.string().trim().optional().default('none'),
  limit: intField(DEFAULT_KLINE_LIMIT, 1, MAX_KLINE_LIMIT),
});
const searchForm = z.object({
  q: z
    .string()
    .optional()
    .default('')
    .transform((q) => q.trim())
    // 1–40 characters after trim (docs/api/market.md): longer is refused, never cut and answered.
    .refine((q) => q.length <= SEARCH_QUERY_MAX_CHARS, { error: MSG.searchTooLong }),
  limit: intField(20, 1, 50),
  lang: langSchema,
});

/**
 * Calls of each market read per client address and minute. They are public (no session to count by), and
 * k-lines, rankings and lists cost CPU to build and compress: one address cannot make the
 * server do that without end. A phone going from page to page makes a few dozen a minute;
 * the room is for many customers behind one address (an office, a carrier's NAT).
 */
export const MARKET_READS_PER_MINUTE = 600;
const marketReadLimit = { rateLimit: { max: MARKET_READS_PER_MINUTE, timeWindow: '1 minute' } } as const;

export async function dataRoutes(app: FastifyInstance, deps: MarketDeps): Promise<void> {
  const { market, board } = deps;
  app.post(
    `${MARKET_API}/stocks`,
    { config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'Instruments with their latest quote, by code', form: stocksForm } },
    async (request) => {
      const form = parseRouteForm(request, stocksForm);
      const all = market.instruments().filter((i) => form.kind === 'all' || i.kind === form.kind);
      const page = [...all].sort((a, b) => a.code.localeCompare(b.code)).slice(form.offset, form.offset + form.limit);
      return ok<StocksPage>({
        total: all.length,
        ready: board.readyCount(),
        offset: form.offset,
        items: page.map((i) => {
          const q = board.quote(i.code);
          return q ? listRow(q, i, form.lang) : pendingRow(i, form.lang);
        }),
      });
    },
  );

  app.post(
    `${MARKET_API}/rankings`,
    { config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'Rankings: gainers, losers, volume and more', form: rankingsForm } },
    async (request) => {
      const form = parseRouteForm(request, rankingsForm);
      const ready: Quote[] = [];
      for (const i of market.instruments()) {
        const q = board.quote(i.code);
        if (q) ready.push(q);
      }
      const total = board.total();
      return ok<Ranking>({
        type: form.type,
        items: rank(ready, form.type, form.limit).map((q) => listRow(q, market.instrument(q.code) as Instrument, form.lang)),
        ready: ready.length,
        total,
        complete: ready.length === total,
      });
    },
  );

  app.post(
    `${MARKET_API}/indices`,
    {
      config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'The simulated Nikkei 225 and TOPIX, computed from the simulated constituents' },
    },
    async () => ok<{ items: IndexQuote[] }>({ items: INDEX_CODES.map((code) => market.indexQuote(code)) }),
  );

  app.post(
    `${MARKET_API}/quote`,
    { config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'The live quote of one instrument', form: codeForm } },
    async (request) => {
      const form = parseRouteForm(request, codeForm);
      const instrument = knownInstrument(market, form.code);
      return ok(marketQuote(liveQuote(deps, instrument.code), instrument, form.lang));
    },
  );

  app.post(
    `${MARKET_API}/quotes`,
    { config: { ...marketReadLimit, compress: true, summary: 'Live quotes of several instruments', form: quotesForm } },
    async (request) => {
      const form = parseRouteForm(request, quotesForm);
      const instruments = knownInstruments(market, form.codes);
      return ok<QuotesAnswer>({ items: instruments.map((i) => marketQuote(liveQuote(deps, i.code), i, form.lang)) });
    },
  );

  app.post(
    `${MARKET_API}/depth`,
    { config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'Order book depth of one instrument', form: codeForm } },
    async (request) => {
      const form = parseRouteForm(request, codeForm);
      return ok<Depth>(answering(() => market.depth(form.code)));
    },
  );

  app.post(
    `${MARKET_API}/trades`,
    { config: { ...marketReadLimit, compress: true, summary: 'Recent trades of one instrument', form: tradesForm } },
    async (request) => {
      const form = parseRouteForm(request, tradesForm);
      const trades = answering(() => market.trades(form.code, form.limit));
      return ok({
        code: form.code,
        items: trades.map((t) => ({ id: t.id, price: t.price, quantity: t.quantity, at: t.at, side: t.aggressor })),
      });
    },
  );

  app.post(
    `${MARKET_API}/klines`,
    { config: { ...marketReadLimit, compress: true, firstCall: true, summary: 'Candlesticks (k-lines) of one instrument', form: klinesForm } },
    async (request) => {
      const form = parseRouteForm(request, klinesForm);
      const instrument = knownInstrument(market, form.code);
      const { interval, adjust } = form;
      if (!isKLineInterval(interval)) throw new ApiFailure(MSG.badKlineInterval);
      if (!isAdjustment(adjust)) throw new ApiFailure(MSG.badKlineAdjustment);
      const bars = answering(() => market.klines(instrument.code, interval, adjust, form.limit));
      return ok<KLines>({ code: instrument.code, interval, adjust, simulated: true, bars });
    },
  );

  app.post(
    `${MARKET_API}/search`,
    {
      preHandler: optionalUser,
      config: { ...marketReadLimit, summary: 'Search instruments by code or name (remembered for a logged-in caller)', form: searchForm },
    },
    async (request) => {
      const form = parseRouteForm(request, searchForm);
      if (form.q.length === 0) return ok<SearchResult>({ q: '', items: [] });
      const found = market.search(form.q, form.limit);
      const items = found.map((i) => marketQuote(boardOrLiveQuote(deps, i.code), i, form.lang));
      if (request.user) await rememberSearch(deps.db, deps.clock, request.user.id, form.q);
      return ok<SearchResult>({ q: form.q, items });
    },
  );
}

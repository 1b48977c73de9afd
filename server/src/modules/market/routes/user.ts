// Logged-in calls: watchlist (list with live prices, add, remove, reorder), the spec's
// user/Optionallist lookup, and search history (docs/api/market.md §3–4).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { SearchHistoryAnswer, WatchlistAnswer, WatchlistOrder, WatchlistToggle } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentUser, requireUser } from '../../identity';
import { MARKET_API, liveQuote, type MarketDeps } from '../deps';
import type { Instrument } from '../universe/schema';
import { clearSearches, listSearches } from '../search-history/store';
import { WATCHLIST_MAX, addToWatchlist, removeFromWatchlist, reorderWatchlist, watchlistOf } from '../watchlist/store';
import { codeListSchema, codeSchema, knownInstrument, langSchema, marketQuote } from './views';

const langForm = z.object({ lang: langSchema });
const codeForm = z.object({ code: codeSchema });
const reorderForm = z.object({ codes: codeListSchema(WATCHLIST_MAX) });
const lookupForm = z.object({
  offset: z.coerce.number({ error: MSG.invalidParams }).int().min(0).optional().default(0),
  type: z.string().optional(),
});

/** The lookup's page: the whole list fits (WATCHLIST_MAX), the spec's caller asks offset 0. */
export const OPTIONALLIST_PAGE_SIZE = WATCHLIST_MAX;

export interface OptionalListEntry {
  symbol: string;
  code: string;
  name: Instrument['name'];
  kind: Instrument['kind'];
  position: number;
}

export async function userRoutes(app: FastifyInstance, deps: MarketDeps): Promise<void> {
  const { db, clock, market } = deps;

  app.post(
    `${MARKET_API}/watchlist`,
    { preHandler: requireUser, config: { firstCall: true, summary: 'The watchlist with live quotes', form: langForm } },
    async (request) => {
      const { lang } = parseRouteForm(request, langForm);
      const rows = await watchlistOf(db, currentUser(request).id);
      const items = rows.flatMap((row) => {
        const instrument = market.instrument(row.code);
        // A code that left the universe (data file update) is hidden, not an error.
        if (!instrument) return [];
        return [
          { code: row.code, position: row.position, addedAt: row.addedAt.toISOString(), quote: marketQuote(liveQuote(deps, row.code), instrument, lang) },
        ];
      });
      return ok<WatchlistAnswer>({ items });
    },
  );

  app.post(
    `${MARKET_API}/watchlistAdd`,
    { preHandler: requireUser, config: { summary: 'Add an instrument to the watchlist', form: codeForm } },
    async (request) => {
      const { code } = parseRouteForm(request, codeForm);
      knownInstrument(market, code);
      await addToWatchlist(db, clock, currentUser(request).id, code);
      return ok<WatchlistToggle>({ code, on: true }, MSG.watchlistAdded);
    },
  );

  app.post(
    `${MARKET_API}/watchlistRemove`,
    { preHandler: requireUser, config: { summary: 'Remove an instrument from the watchlist', form: codeForm } },
    async (request) => {
      const { code } = parseRouteForm(request, codeForm);
      knownInstrument(market, code);
      await removeFromWatchlist(db, currentUser(request).id, code);
      return ok<WatchlistToggle>({ code, on: false }, MSG.watchlistRemoved);
    },
  );

  app.post(`${MARKET_API}/watchlistReorder`, { preHandler: requireUser, config: { summary: 'Reorder the watchlist', form: reorderForm } }, async (request) => {
    const { codes } = parseRouteForm(request, reorderForm);
    return ok<WatchlistOrder>({ codes: await reorderWatchlist(db, currentUser(request).id, codes) });
  });

  // Spec §7: "user service, segment Optionallist", a map whose values carry `symbol`.
  app.post(
    '/api/vue/user/Optionallist',
    { preHandler: requireUser, config: { summary: 'Watchlist lookup by code (map of entries with symbol)', form: lookupForm } },
    async (request) => {
      const form = parseRouteForm(request, lookupForm);
      const kind = form.type === 'stock' || form.type === 'etf' ? form.type : null;
      const rows = await watchlistOf(db, currentUser(request).id);
      const map: Record<string, OptionalListEntry> = {};
      const page = rows
        .map((row) => ({ row, instrument: market.instrument(row.code) }))
        .filter((e): e is { row: (typeof rows)[number]; instrument: Instrument } => e.instrument !== undefined && (kind === null || e.instrument.kind === kind))
        .slice(form.offset, form.offset + OPTIONALLIST_PAGE_SIZE);
      for (const { row, instrument } of page) {
        map[row.code] = { symbol: row.code, code: row.code, name: instrument.name, kind: instrument.kind, position: row.position };
      }
      return ok(map);
    },
  );

  app.post(`${MARKET_API}/searchHistory`, { preHandler: requireUser, config: { summary: 'Recent searches of this user' } }, async (request) =>
    ok<SearchHistoryAnswer>({ items: await listSearches(db, currentUser(request).id) }),
  );

  app.post(`${MARKET_API}/searchHistoryClear`, { preHandler: requireUser, config: { summary: 'Forget the recent searches' } }, async (request) =>
    ok({ cleared: await clearSearches(db, currentUser(request).id) }, MSG.deleteSuccess),
  );
}

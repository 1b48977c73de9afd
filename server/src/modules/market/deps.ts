// What the market's routes need; the plugin receives it as options.
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { MarketBoard } from './board/market-board';
import type { MarketDataProvider, Quote } from './provider';

export interface MarketDeps {
  db: Database;
  /** The app clock (timestamps of rows); the market has its own (demo or real). */
  clock: Clock;
  market: MarketDataProvider;
  board: MarketBoard;
}

export const MARKET_API = '/api/vue/market';

/** The board's quote when it has one (lists, search), else a live one noted on the board. */
export function boardOrLiveQuote(deps: MarketDeps, code: string): Quote {
  const onBoard = deps.board.quote(code);
  if (onBoard) return onBoard;
  const quote = deps.market.quote(code);
  deps.board.note(quote);
  return quote;
}

/** A live quote (detail, watchlist), noted on the board. */
export function liveQuote(deps: MarketDeps, code: string): Quote {
  const quote = deps.market.quote(code);
  deps.board.note(quote);
  return quote;
}

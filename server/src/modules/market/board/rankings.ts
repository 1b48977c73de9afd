// Rankings and lists over the board's quotes (docs/api/market.md §3).
import type { Quote } from '../provider';

export const RANKING_TYPES = ['gainers', 'losers', 'hot', 'etf'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

const byCode = (a: Quote, b: Quote): number => a.code.localeCompare(b.code);

/**
 * gainers/losers: stocks that traded today by change % (desc/asc); hot: stocks by turnover;
 * etf: ETFs by change %, untraded last. Ties by code so the order is stable.
 */
export function rank(quotes: readonly Quote[], type: RankingType, limit: number): Quote[] {
  let rows: Quote[];
  switch (type) {
    case 'gainers':
    case 'losers': {
      const sign = type === 'gainers' ? -1 : 1;
      rows = quotes
        .filter((q) => q.kind === 'stock' && q.changePercent !== null)
        .sort((a, b) => sign * ((a.changePercent as number) - (b.changePercent as number)) || byCode(a, b));
      break;
    }
    case 'hot':
      rows = quotes.filter((q) => q.kind === 'stock').sort((a, b) => b.turnover - a.turnover || byCode(a, b));
      break;
    case 'etf':
      rows = quotes.filter((q) => q.kind === 'etf').sort((a, b) => (b.changePercent ?? -Infinity) - (a.changePercent ?? -Infinity) || byCode(a, b));
      break;
  }
  return rows.slice(0, limit);
}

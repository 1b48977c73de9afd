// The order of a ranking board on live values (+1.70 % must not sit above
// +1.74 %). The server orders each answer; between answers quotes stream in, so the client
// re-sorts by the same rule as server/src/modules/market/board/rankings.ts. Stable: rows
// that tie keep their place on screen, so equal rows do not swap on every tick.
import type { RankingType } from '../../api/market';

export interface RankedRow {
  code: string;
  changePercent: number | null;
  turnover: number;
}

/** The board's measure of a row, larger first; null (not traded yet) goes last. */
function measure(row: RankedRow, type: RankingType): number | null {
  switch (type) {
    case 'gainers':
    case 'etf':
      return row.changePercent;
    case 'losers':
      return row.changePercent === null ? null : -row.changePercent;
    case 'hot':
      return row.turnover;
  }
}

/** The codes of `rows` in board order; ties keep the order of `previous` (what the screen shows). */
export function liveOrder(rows: readonly RankedRow[], type: RankingType, previous: readonly string[]): string[] {
  const shownAt = new Map(previous.map((code, index) => [code, index]));
  const place = (row: RankedRow, index: number) => shownAt.get(row.code) ?? previous.length + index;
  return rows
    .map((row, index) => ({ row, value: measure(row, type), place: place(row, index) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.place - b.place : a.value === null ? 1 : -1;
      return b.value - a.value || a.place - b.place;
    })
    .map(({ row }) => row.code);
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => code === b[index]);
}

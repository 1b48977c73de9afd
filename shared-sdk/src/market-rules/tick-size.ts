// Tick sizes (呼値の単位): research/mission-anchors.md §2.2, the broker tables [J5]
// https://kabu.com/service/table.asp and [J6] https://naito-sec.co.jp/japan/rule/nehaba_yobine.html,
// and the tick-table numbers 01/03/04, JPX FAQ 19577 [J7]. Pure functions on integer tenths of a yen, shared by the
// server's venue (which decides) and the order ticket (which refuses early with the same rule).
// Table 03 applies to TOPIX500 constituents (TOPIX100 + Mid400) and ETFs traded in units
// of 10 or more; table 01 to everything else. Table 04 (ETFs traded in single units) uses
// table 03 while the base price is above ¥5,000 and table 01 otherwise — JPX's exception so
// that one unit never costs a fraction of a yen (JPX market news 2021-11-25; JPX switches
// back to table 03 only once the close reaches ¥7,000 — that hysteresis needs the previous
// table, which the caller can pass as `previous`).
import type { Tenths } from './tenths';

export type TickTableId = '01' | '03' | '04';
/** The two tables that actually carry tick sizes; '04' resolves to one of them. */
export type ResolvedTickTable = '01' | '03';

/** One row: prices up to and including `upTo` (tenths) trade in steps of `tick` (tenths). */
interface TickRow {
  readonly upTo: Tenths;
  readonly tick: Tenths;
}

/** Upper bounds of the price bands in yen, §2.2 ("Price per share ≤") [J5][J6]. */
const BAND_UPPER_YEN = [
  1_000,
  3_000,
  5_000,
  10_000,
  30_000,
  50_000,
  100_000,
  300_000,
  500_000,
  1_000_000,
  3_000_000,
  5_000_000,
  10_000_000,
  30_000_000,
  50_000_000,
  Number.POSITIVE_INFINITY,
];
/** Table 03 (TOPIX500) ticks in yen, band by band. */
const TABLE_03_TICK_YEN = [0.1, 0.5, 1, 1, 5, 10, 10, 50, 100, 100, 500, 1_000, 1_000, 5_000, 10_000, 10_000];
/** Table 01 (other stocks) ticks in yen, band by band. */
const TABLE_01_TICK_YEN = [1, 1, 5, 10, 10, 50, 100, 100, 500, 1_000, 1_000, 5_000, 10_000, 10_000, 50_000, 100_000];

function buildTable(ticksYen: readonly number[]): readonly TickRow[] {
  return BAND_UPPER_YEN.map((upper, i) => ({
    upTo: upper === Number.POSITIVE_INFINITY ? upper : upper * 10,
    tick: Math.round((ticksYen[i] as number) * 10),
  }));
}

export const TICK_TABLES: Readonly<Record<ResolvedTickTable, readonly TickRow[]>> = {
  '03': buildTable(TABLE_03_TICK_YEN),
  '01': buildTable(TABLE_01_TICK_YEN),
};

/** Table 04 thresholds in tenths: at or below ¥5,000 → table 01; at or above ¥7,000 → table 03. */
const TABLE_04_LOW: Tenths = 50_000;
const TABLE_04_HIGH: Tenths = 70_000;

/** A table id as the server sends it (trade/ticket `tickTable`): anything but '03' is table 01. */
export function asTickTable(id: string): ResolvedTickTable {
  return id === '03' ? '03' : '01';
}

/**
 * Which table a unit-1 ETF (table 04) uses for a day, from its base price. Without the
 * previous day's table, prices between ¥5,000 and ¥7,000 count as table 03.
 */
export function resolveTickTable(table: TickTableId, basePrice: Tenths, previous?: ResolvedTickTable): ResolvedTickTable {
  if (table !== '04') return table;
  if (basePrice <= TABLE_04_LOW) return '01';
  if (basePrice >= TABLE_04_HIGH) return '03';
  return previous ?? '03';
}

/** Tick size (tenths) for a price (tenths) under a table. Prices below one tick use the first band. */
export function tickSize(price: Tenths, table: ResolvedTickTable): Tenths {
  const rows = TICK_TABLES[table];
  for (const row of rows) {
    if (price <= row.upTo) return row.tick;
  }
  // Unreachable: the last band is unbounded.
  return (rows[rows.length - 1] as TickRow).tick;
}

/** True when `price` is a positive multiple of the tick of its own band. */
export function isValidTick(price: Tenths, table: ResolvedTickTable): boolean {
  return Number.isInteger(price) && price > 0 && price % tickSize(price, table) === 0;
}

export type RoundDirection = 'down' | 'up' | 'nearest';

/**
 * The legal price at or next to `price`. Band limits are multiples of both neighbouring
 * ticks, so flooring or ceiling with the tick of the band that holds `price` lands on a
 * legal price (e.g. 1,000.3 yen in table 03 → down 1,000.0, up 1,000.5).
 */
export function roundToTick(price: Tenths, table: ResolvedTickTable, direction: RoundDirection = 'nearest'): Tenths {
  const p = Math.round(price);
  const tick = tickSize(p, table);
  const down = Math.floor(p / tick) * tick;
  const up = down === p ? p : down + tick;
  if (direction === 'down') return Math.max(down, tickSize(1, table));
  if (direction === 'up') return up;
  return p - down <= up - p ? Math.max(down, tickSize(1, table)) : up;
}

/** The next legal price strictly above `price`. */
export function tickAbove(price: Tenths, table: ResolvedTickTable): Tenths {
  return roundToTick(price + 1, table, 'up');
}

/** The next legal price strictly below `price` (never below one tick). */
export function tickBelow(price: Tenths, table: ResolvedTickTable): Tenths {
  return roundToTick(price - 1, table, 'down');
}

/** `price` moved by `steps` ticks (negative = down), walking band by band. */
export function stepTicks(price: Tenths, steps: number, table: ResolvedTickTable): Tenths {
  let p = price;
  const n = Math.abs(Math.trunc(steps));
  for (let i = 0; i < n; i++) p = steps > 0 ? tickAbove(p, table) : tickBelow(p, table);
  return p;
}

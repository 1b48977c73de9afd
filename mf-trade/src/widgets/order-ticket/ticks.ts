// Tick sizes (呼値の単位) for the ticket's price stepper: JPX tables 01 (other stocks) and
// 03 (TOPIX500), the same bands as the server's rule (server/src/modules/market/rules/
// tick-size.ts, mission-anchors §2.2). The server resolves table 04 and tells the ticket
// which table applies (trade/ticket `tickTable`); it also re-checks every price it gets.
// Prices are integer tenths of a yen here, so no float ever decides a tick.

export type TickTable = '01' | '03';

/** Upper bounds of the price bands in yen. */
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
  Infinity,
];
const TICK_YEN: Readonly<Record<TickTable, readonly number[]>> = {
  '03': [0.1, 0.5, 1, 1, 5, 10, 10, 50, 100, 100, 500, 1_000, 1_000, 5_000, 10_000, 10_000],
  '01': [1, 1, 5, 10, 10, 50, 100, 100, 500, 1_000, 1_000, 5_000, 10_000, 10_000, 50_000, 100_000],
};

export function asTickTable(id: string): TickTable {
  return id === '03' ? '03' : '01';
}

/** Tick (tenths) of the band that holds `price` (tenths). */
export function tickSize(price: number, table: TickTable): number {
  const ticks = TICK_YEN[table];
  const band = BAND_UPPER_YEN.findIndex((upper) => price <= upper * 10);
  return Math.round((ticks[band] ?? ticks[ticks.length - 1] ?? 1) * 10);
}

export function isValidTick(price: number, table: TickTable): boolean {
  return Number.isInteger(price) && price > 0 && price % tickSize(price, table) === 0;
}

/** The legal price at or below (`down`) / at or above (`up`) `price`. */
export function roundToTick(price: number, table: TickTable, direction: 'down' | 'up'): number {
  const p = Math.round(price);
  const tick = tickSize(p, table);
  const down = Math.floor(p / tick) * tick;
  if (direction === 'down') return Math.max(down, tickSize(1, table));
  return down === p ? p : down + tick;
}

/** One tick up or down from `price`, walking across band edges. */
export function stepTick(price: number, direction: 1 | -1, table: TickTable): number {
  return direction > 0 ? roundToTick(price + 1, table, 'up') : roundToTick(price - 1, table, 'down');
}

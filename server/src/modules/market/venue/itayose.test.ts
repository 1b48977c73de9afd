import { tickAbove, tickBelow } from '@kabuto/shared-sdk/market-rules';
import { findItayosePrice, itayoseVolumeAt, type ItayoseInput } from './itayose';

const yen = (y: number) => Math.round(y * 10);
const lv = (price: number, quantity: number) => ({ price: yen(price), quantity });

function input(partial: Partial<ItayoseInput>, table: '01' | '03' = '01'): ItayoseInput {
  return {
    bids: [],
    asks: [],
    marketBuy: 0,
    marketSell: 0,
    reference: yen(1_000),
    lower: yen(700),
    upper: yen(1_300),
    tickAbove: (p) => tickAbove(p, table),
    tickBelow: (p) => tickBelow(p, table),
    ...partial,
  };
}

describe('Itayose (§2.5 three conditions)', () => {
  it('with only market orders on both sides, matches equal quantities at the reference price', () => {
    expect(findItayosePrice(input({ marketBuy: 500, marketSell: 500 }))).toEqual({ price: yen(1_000), volume: 500 });
  });

  it('with only market orders of unequal size finds no price (condition 1 cannot hold)', () => {
    expect(findItayosePrice(input({ marketBuy: 500, marketSell: 300 }))).toBeNull();
    expect(findItayosePrice(input({ marketBuy: 500 }))).toBeNull();
  });

  it('condition 1: every market order executes, so the price rises until supply covers them', () => {
    const i = input({ marketBuy: 500, asks: [lv(1_000, 300), lv(1_001, 300)] });
    expect(itayoseVolumeAt(i, yen(1_000))).toBe(0); // only 300 offered: market buys would be left
    expect(findItayosePrice(i)).toEqual({ price: yen(1_001), volume: 500 });
  });

  it('condition 2: buys above and sells below the price execute in full', () => {
    const i = input({
      bids: [lv(1_010, 300), lv(1_005, 200), lv(1_000, 500)],
      asks: [lv(995, 200), lv(1_000, 300), lv(1_005, 400)],
      marketBuy: 100,
      marketSell: 100,
    });
    // At 995 the 1,100 shares bid at or above cannot all be met by 300 offered.
    expect(itayoseVolumeAt(i, yen(995))).toBe(0);
    // At 1,010 the 1,000 shares offered below cannot all be met by 400 bid.
    expect(itayoseVolumeAt(i, yen(1_010))).toBe(0);
    expect(itayoseVolumeAt(i, yen(1_000))).toBe(600);
    expect(itayoseVolumeAt(i, yen(1_005))).toBe(600);
  });

  it('condition 3: at the price one whole side executes', () => {
    // At 100: 500 bid ≥ 100, 400 offered ≤ 100 → all sells at 100 trade, bids at 100 partly.
    const i = input({ bids: [lv(101, 300), lv(100, 200)], asks: [lv(100, 400), lv(102, 100)], reference: yen(100), lower: yen(70), upper: yen(130) });
    expect(findItayosePrice(i)).toEqual({ price: yen(100), volume: 400 });
    // At 101 only 300 bid against 400 offered below-or-at: the 400 offered at 100 (< 101) would not all trade.
    expect(itayoseVolumeAt(i, yen(101))).toBe(0);
  });

  it('breaks ties between equally good prices by nearness to the reference price', () => {
    const book = {
      bids: [lv(1_010, 300), lv(1_005, 200), lv(1_000, 500)],
      asks: [lv(995, 200), lv(1_000, 300), lv(1_005, 400)],
      marketBuy: 100,
      marketSell: 100,
    };
    // 1,000 … 1,005 all qualify with 600 shares (table 01: ¥1 ticks between).
    expect(findItayosePrice(input({ ...book, reference: yen(1_002) }))).toEqual({ price: yen(1_002), volume: 600 });
    expect(findItayosePrice(input({ ...book, reference: yen(990) }))).toEqual({ price: yen(1_000), volume: 600 });
    expect(findItayosePrice(input({ ...book, reference: yen(1_020) }))).toEqual({ price: yen(1_005), volume: 600 });
    // Table 03 (¥0.5 above ¥1,000): a reference between ticks goes to the nearer legal price.
    expect(findItayosePrice(input({ ...book, reference: yen(1_002.2) }, '03'))).toEqual({ price: yen(1_002), volume: 600 });
  });

  it('prefers the larger executed volume over nearness', () => {
    const i = input({ bids: [lv(1_000, 100), lv(990, 500)], asks: [lv(990, 500)], reference: yen(1_000) });
    // At 1,000 only 100 trade; at 990, 500 do.
    expect(findItayosePrice(i)).toEqual({ price: yen(990), volume: 500 });
  });

  it('finds nothing when the book does not cross', () => {
    expect(findItayosePrice(input({ bids: [lv(999, 100)], asks: [lv(1_001, 100)] }))).toBeNull();
  });

  it('keeps the match price inside the daily limits', () => {
    const i = input({ marketBuy: 100, asks: [lv(1_300, 100)], lower: yen(700), upper: yen(1_300) });
    expect(findItayosePrice(i)).toEqual({ price: yen(1_300), volume: 100 });
  });
});

// Trading unit: 100 shares for every domestic stock since 2018-10-01, research/mission-anchors.md
// §2.6, JPX Standardization of Trading Units [J16]
// https://www.jpx.co.jp/english/equities/improvements/unit/index.html

/** Shares in one TSE trading unit (単元). */
export const TSE_LOT_SHARES = 100;

/** Shares in `lots` units of `lotShares` each. */
export function lotsToShares(lots: number, lotShares: number = TSE_LOT_SHARES): number {
  return lots * lotShares;
}

/** Whole units in `shares` (a remainder below one unit is an odd lot and does not count). */
export function wholeLots(shares: number, lotShares: number = TSE_LOT_SHARES): number {
  return Math.floor(shares / lotShares);
}

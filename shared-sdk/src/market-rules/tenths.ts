// Prices in the market rules are integers in tenths of a yen: the narrowest TSE tick is
// ¥0.1 (research/mission-anchors.md §2.2, table 03 up to ¥1,000), so every legal price is a
// whole number of tenths and no float ever decides a tick or a limit.

/** A price in tenths of a yen: 1234.5 yen = 12345. */
export type Tenths = number;

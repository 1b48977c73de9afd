import { asTickTable, isValidTick, resolveTickTable, roundToTick, stepTicks, tickAbove, tickBelow, tickSize } from './tick-size';

const yen = (y: number) => Math.round(y * 10);

// Every row of mission-anchors §2.2: [band upper bound (yen), table 03 tick, table 01 tick].
const ROWS: Array<[number, number, number]> = [
  [1_000, 0.1, 1],
  [3_000, 0.5, 1],
  [5_000, 1, 5],
  [10_000, 1, 10],
  [30_000, 5, 10],
  [50_000, 10, 50],
  [100_000, 10, 100],
  [300_000, 50, 100],
  [500_000, 100, 500],
  [1_000_000, 100, 1_000],
  [3_000_000, 500, 1_000],
  [5_000_000, 1_000, 5_000],
  [10_000_000, 1_000, 10_000],
  [30_000_000, 5_000, 10_000],
  [50_000_000, 10_000, 50_000],
];
const ABOVE_50M: [number, number] = [10_000, 100_000];

describe('tick sizes (§2.2)', () => {
  it.each(ROWS)('a price of exactly ¥%d still uses its own band (03: ¥%d, 01: ¥%d)', (upper, t03, t01) => {
    expect(tickSize(yen(upper), '03')).toBe(yen(t03));
    expect(tickSize(yen(upper), '01')).toBe(yen(t01));
  });

  it.each(ROWS.map((row, i): [number, [number, number, number]] => [row[0], ROWS[i + 1] ?? [0, ...ABOVE_50M]]))(
    'one tenth above ¥%d moves to the next band',
    (upper, next) => {
      expect(tickSize(yen(upper) + 1, '03')).toBe(yen(next[1]));
      expect(tickSize(yen(upper) + 1, '01')).toBe(yen(next[2]));
    },
  );

  it('the boundary price is legal in both tables and the next legal price uses the wider tick', () => {
    for (const [upper, ,] of ROWS) {
      expect(isValidTick(yen(upper), '03')).toBe(true);
      expect(isValidTick(yen(upper), '01')).toBe(true);
    }
    expect(tickAbove(yen(1_000), '03')).toBe(yen(1_000.5));
    expect(tickAbove(yen(3_000), '03')).toBe(yen(3_001));
    expect(tickAbove(yen(3_000), '01')).toBe(yen(3_005));
    expect(tickAbove(yen(5_000), '01')).toBe(yen(5_010));
    expect(tickAbove(yen(30_000), '01')).toBe(yen(30_050));
    expect(tickBelow(yen(1_000.5), '03')).toBe(yen(1_000));
    expect(tickBelow(yen(3_005), '01')).toBe(yen(3_000));
  });

  it('rejects prices off the grid and rounds them in the asked direction', () => {
    expect(isValidTick(yen(999.9), '03')).toBe(true);
    expect(isValidTick(yen(999.9), '01')).toBe(false);
    expect(isValidTick(yen(1_000.3), '03')).toBe(false);
    expect(isValidTick(yen(3_003), '01')).toBe(false);
    expect(isValidTick(0, '03')).toBe(false);
    expect(roundToTick(yen(1_000.3), '03', 'down')).toBe(yen(1_000));
    expect(roundToTick(yen(1_000.3), '03', 'up')).toBe(yen(1_000.5));
    expect(roundToTick(yen(1_000.3), '03', 'nearest')).toBe(yen(1_000.5));
    expect(roundToTick(yen(3_003), '01', 'nearest')).toBe(yen(3_005));
    expect(roundToTick(yen(3_002), '01', 'nearest')).toBe(yen(3_000));
    expect(roundToTick(yen(2_999.7), '01', 'down')).toBe(yen(2_999));
  });

  it('steps tick by tick across a band change', () => {
    expect(stepTicks(yen(999.8), 4, '03')).toBe(yen(1_001));
    expect(stepTicks(yen(1_001), -4, '03')).toBe(yen(999.8));
  });

  it('resolves table 04 (unit-1 ETFs) by the base price with the ¥5,000 / ¥7,000 thresholds', () => {
    expect(resolveTickTable('04', yen(5_000))).toBe('01');
    expect(resolveTickTable('04', yen(7_000))).toBe('03');
    expect(resolveTickTable('04', yen(6_000), '01')).toBe('01');
    expect(resolveTickTable('04', yen(6_000), '03')).toBe('03');
    expect(resolveTickTable('03', yen(100))).toBe('03');
    expect(resolveTickTable('01', yen(100_000))).toBe('01');
  });
});

describe("the ticket's stepper across band edges", () => {
  it.each([
    [9999, '03', 1],
    [10000, '03', 1],
    [10001, '03', 5],
    [29990, '03', 5],
    [30010, '03', 10],
    [29990, '01', 10],
    [30050, '01', 50],
  ] as const)('at %i tenths table %s the tick is %i tenths', (price, table, tick) => {
    expect(tickSize(price, table)).toBe(tick);
  });

  it('steps across a band edge onto the next band’s grid and back', () => {
    expect(tickAbove(29995, '03')).toBe(30000);
    expect(tickAbove(30000, '03')).toBe(30010);
    expect(tickBelow(30010, '03')).toBe(30000);
    expect(tickBelow(30000, '03')).toBe(29995);
    expect(isValidTick(27905, '03')).toBe(true);
    expect(isValidTick(27903, '03')).toBe(false);
    expect(isValidTick(27905, '01')).toBe(false);
  });

  it('reads the table id the server sends: 03, else 01', () => {
    expect(asTickTable('03')).toBe('03');
    expect(asTickTable('01')).toBe('01');
    expect(asTickTable('')).toBe('01');
  });
});

// The corporate calendar against the rules it cites: last cum date 2 business days before the
// record date (T+2), ex-date the next business day [DV1][DV2].
import { fiscalYearEndMonth, lastCumDateOf, nextRightsDate, rightsDatesBetween } from '.';

describe('corporate calendar', () => {
  it("matches Matsui's example: record Mon 31st → last cum Thu 27th", () => {
    // 2025-03-31 is a Monday.
    expect(lastCumDateOf('2025-03-31')).toBe('2025-03-27');
  });

  it('counts from the last business day before a record date on a holiday', () => {
    // 2024-03-31 is a Sunday: settlement must land by Fri 29th → last cum Wed 27th.
    expect(lastCumDateOf('2024-03-31')).toBe('2024-03-27');
  });

  it('gives year-end and interim record dates with the ex-date the next business day', () => {
    const dates = rightsDatesBetween('7203', '2025-01-01', '2025-12-31');
    expect(dates.map((d) => [d.kind, d.recordDate, d.lastCumDate, d.exDate])).toEqual([
      ['year-end', '2025-03-31', '2025-03-27', '2025-03-28'],
      ['interim', '2025-09-30', '2025-09-26', '2025-09-29'],
    ]);
  });

  it('uses the published fiscal year-end of non-March companies', () => {
    expect(fiscalYearEndMonth('7751')).toBe(12);
    expect(fiscalYearEndMonth('7203')).toBe(3);
    // December year-end: interim in June, year-end record 2025-12-31 (a closure day) → last cum 12-26.
    expect(nextRightsDate('7751', '2025-07-01')).toMatchObject({ kind: 'year-end', recordDate: '2025-12-31', lastCumDate: '2025-12-26', exDate: '2025-12-29' });
  });

  it('answers the next record date on or after a date', () => {
    expect(nextRightsDate('7203', '2025-03-27')).toMatchObject({ lastCumDate: '2025-03-27' });
    expect(nextRightsDate('7203', '2025-03-28')).toMatchObject({ lastCumDate: '2025-09-26' });
  });
});

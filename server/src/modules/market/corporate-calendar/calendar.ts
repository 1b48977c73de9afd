// The published corporate calendar: each instrument's fiscal year-end, its record dates (year-end
// and interim) and, from them, the last cum-rights date and the ex-date on the TSE business
// calendar. Stock lending recalls shares around it; dividends are to build on it (docs/credit.md,
// "Corporate calendar"). The fiscal year-ends are an approximation kept with the universe data:
// most listed companies close in March, the few listed below in another month.
import { addDays, dateKeyOf, isBusinessDay, parseDateKey, previousBusinessDay, nextBusinessDay, type DateKey } from '../rules/calendar';

/** Fiscal year-end month of the instruments that do not close in March (approximate, as of 2025). */
export const FISCAL_YEAR_END_MONTHS: Readonly<Record<string, number>> = {
  // December year-ends
  '2502': 12,
  '2503': 12,
  '2914': 12,
  '4452': 12,
  '4519': 12,
  '4911': 12,
  '5108': 12,
  '7272': 12,
  '7751': 12,
  '7752': 12,
  // August (Fast Retailing) and February (retailers)
  '9983': 8,
  '3382': 2,
  '8267': 2,
};
export const DEFAULT_FISCAL_YEAR_END_MONTH = 3;
/** 権利付最終日 is this many business days before the record date (T+2 settlement since 2019-07-16 [DV1][DV2]). */
export const LAST_CUM_BUSINESS_DAYS_BEFORE_RECORD = 2;

export type RightsKind = 'year-end' | 'interim';

/** One record date of an instrument with its last cum-rights date and ex-date (JST 'YYYY-MM-DD'). */
export interface RightsDate {
  code: string;
  kind: RightsKind;
  /** 権利確定日: the last day of the fiscal year-end or interim month (may fall on a holiday). */
  recordDate: DateKey;
  /** 権利付最終日: the last business day a buyer still gets the rights. */
  lastCumDate: DateKey;
  /** 権利落ち日: the next business day after the last cum date [DV2]. */
  exDate: DateKey;
}

export function fiscalYearEndMonth(code: string): number {
  return FISCAL_YEAR_END_MONTHS[code] ?? DEFAULT_FISCAL_YEAR_END_MONTH;
}

function lastDayOfMonth(year: number, month: number): DateKey {
  return addDays(dateKeyOf(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
}

/**
 * The last cum-rights date of a record date: shares bought that day settle (T+2) on the record
 * date, or on the last business day before it when the record date is a holiday [DV2]
 * (record Mon 31st → last cum Thu 27th).
 */
export function lastCumDateOf(recordDate: DateKey): DateKey {
  let d = isBusinessDay(recordDate) ? recordDate : previousBusinessDay(recordDate);
  for (let i = 0; i < LAST_CUM_BUSINESS_DAYS_BEFORE_RECORD; i++) d = previousBusinessDay(d);
  return d;
}

function rightsDateOf(code: string, kind: RightsKind, year: number, month: number): RightsDate {
  const recordDate = lastDayOfMonth(year, month);
  const lastCumDate = lastCumDateOf(recordDate);
  return { code, kind, recordDate, lastCumDate, exDate: nextBusinessDay(lastCumDate) };
}

/** The instrument's record dates whose last cum date lies in [from, to], in date order. */
export function rightsDatesBetween(code: string, from: DateKey, to: DateKey): RightsDate[] {
  const fyEnd = fiscalYearEndMonth(code);
  const interim = ((fyEnd + 5) % 12) + 1;
  const out: RightsDate[] = [];
  const first = parseDateKey(from).year - 1;
  const last = parseDateKey(to).year + 1;
  for (let year = first; year <= last; year++) {
    for (const [kind, month] of [
      ['interim', interim],
      ['year-end', fyEnd],
    ] as const) {
      const r = rightsDateOf(code, kind, year, month);
      if (r.lastCumDate >= from && r.lastCumDate <= to) out.push(r);
    }
  }
  return out.sort((a, b) => (a.lastCumDate < b.lastCumDate ? -1 : a.lastCumDate > b.lastCumDate ? 1 : 0));
}

/** The first record date whose last cum date is on or after `date`. */
export function nextRightsDate(code: string, date: DateKey): RightsDate {
  const found = rightsDatesBetween(code, date, addDays(date, 200))[0];
  if (!found) throw new Error(`no record date within 200 days of ${date} for ${code}`);
  return found;
}

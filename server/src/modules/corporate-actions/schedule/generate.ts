// The seeded schedule of every simulated company (docs/dividends.md "Schedule"): its record dates
// from the published corporate calendar, a forecast dividend per share and now and then an integer
// split. Pure and deterministic in (seed, code, dates): the same universe always publishes the same
// schedule, and the venue's price path is built from it.
import {
  addDays,
  nextBusinessDay,
  previousBusinessDay,
  isBusinessDay,
  lastCumDateOf,
  parseDateKey,
  prngFor,
  rightsDatesBetween,
  type CorporateAction,
  type DateKey,
  type Instrument,
  type RightsKind,
} from '../../market';

export interface GeneratedDividend {
  code: string;
  kind: RightsKind;
  /** The generated record date: the entry's identity (seed key). */
  recordDate: DateKey;
  lastCumDate: DateKey;
  exDate: DateKey;
  paymentDate: DateKey;
  dpsTenths: number;
  perk: boolean;
}

export interface GeneratedSplit {
  code: string;
  ratio: number;
  effectiveDate: DateKey;
}

/** Share of issues offering a perk (37.2 % of listings in 2019 [DV9]). */
const PERK_SHARE = 0.372;
/** Share of issues paying no dividend. */
const NO_DIVIDEND_SHARE = 0.12;
/** Chance of a split per issue per year. */
const SPLIT_CHANCE = 0.04;
const SPLIT_RATIOS = [2, 3, 4, 5] as const;

export function paymentDateOf(recordDate: DateKey, businessDays: number): DateKey {
  let d = isBusinessDay(recordDate) ? recordDate : previousBusinessDay(recordDate);
  for (let i = 0; i < businessDays; i++) d = nextBusinessDay(d);
  return d;
}

/** The dates of a record date: last cum (2 business days before [DV1][DV2]), ex (the next business day), payment. */
export function datesOf(recordDate: DateKey, paymentBusinessDays: number): { lastCumDate: DateKey; exDate: DateKey; paymentDate: DateKey } {
  const lastCumDate = lastCumDateOf(recordDate);
  return { lastCumDate, exDate: nextBusinessDay(lastCumDate), paymentDate: paymentDateOf(recordDate, paymentBusinessDays) };
}

/**
 * The forecast dividend per share of an issue for one record date, tenths of a yen (whole yen):
 * a seeded yield of 0.5–4 % a year on the reference price, half on each record date; 0 for the
 * issues that pay none. A dividend the universe data file already lists on that ex-date wins.
 */
export function forecastDpsTenths(seed: string, instrument: Pick<Instrument, 'code' | 'referencePrice'>): number {
  const rng = prngFor(seed, instrument.code, 'dividend-forecast');
  if (rng.next() < NO_DIVIDEND_SHARE) return 0;
  const yearlyYield = 0.005 + 0.035 * rng.next();
  const yen = Math.max(1, Math.round((instrument.referencePrice / 10) * (yearlyYield / 2)));
  return yen * 10;
}

export function offersPerk(seed: string, code: string): boolean {
  return prngFor(seed, code, 'perk').next() < PERK_SHARE;
}

/** Stocks of the data file only: ETFs' distributions and new listings are not simulated. */
export function scheduledInstruments(instruments: readonly Instrument[]): Instrument[] {
  return instruments.filter((i) => i.kind === 'stock' && !i.listedOn);
}

/** Dividends whose ex-date lies in (after, until], in date order per issue. */
export function generateDividends(
  seed: string,
  instruments: readonly Instrument[],
  fileActions: (code: string) => readonly CorporateAction[],
  after: DateKey,
  until: DateKey,
  paymentBusinessDays: number,
): GeneratedDividend[] {
  const out: GeneratedDividend[] = [];
  for (const i of scheduledInstruments(instruments)) {
    const forecast = forecastDpsTenths(seed, i);
    const perk = offersPerk(seed, i.code);
    for (const r of rightsDatesBetween(i.code, addDays(after, -10), addDays(until, 10))) {
      if (r.exDate <= after || r.exDate > until) continue;
      const listed = fileActions(i.code).find((a) => a.kind === 'dividend' && a.exDate === r.exDate);
      const dpsTenths = listed?.kind === 'dividend' ? listed.amount : forecast;
      if (dpsTenths <= 0) continue;
      out.push({
        code: i.code,
        kind: r.kind,
        recordDate: r.recordDate,
        lastCumDate: r.lastCumDate,
        exDate: r.exDate,
        paymentDate: paymentDateOf(r.recordDate, paymentBusinessDays),
        dpsTenths,
        perk: perk && r.kind === 'year-end',
      });
    }
  }
  return out;
}

/** Splits effective in (after, until]: at most one per issue and year, on the ex-date of a month end. */
export function generateSplits(seed: string, instruments: readonly Instrument[], after: DateKey, until: DateKey): GeneratedSplit[] {
  const out: GeneratedSplit[] = [];
  const first = parseDateKey(after).year;
  const last = parseDateKey(until).year;
  for (const i of scheduledInstruments(instruments)) {
    for (let year = first; year <= last; year++) {
      const rng = prngFor(seed, i.code, 'split', year);
      if (rng.next() >= SPLIT_CHANCE) continue;
      const month = 1 + rng.int(12);
      const ratio = SPLIT_RATIOS[rng.int(SPLIT_RATIOS.length)] as number;
      const monthEnd = addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
      const effectiveDate = nextBusinessDay(lastCumDateOf(monthEnd));
      if (effectiveDate > after && effectiveDate <= until) out.push({ code: i.code, ratio, effectiveDate });
    }
  }
  return out;
}

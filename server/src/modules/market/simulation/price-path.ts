// The seeded, deterministic price process of one instrument. Daily closes follow a random
// walk (a shared market factor times the instrument's beta, plus its own noise) anchored at
// the universe's reference price on the reference date; each day's minutes follow a
// Brownian bridge from that day's open to its close. Past days' k-lines are these minutes;
// the live day's simulated participants trade around the same path (its fair value), so
// history and today join up. Everything derives from (seed, code, date): any day can be
// produced on its own and always comes out the same.
//
// Prices are worked in "adjusted" terms A (continuous across corporate actions) and turned
// into traded prices by the forward factor F(d) of the actions after d: raw = A / F(d).
import { roundToTick, resolveTickTable, type ResolvedTickTable, limitPrices } from '@kabuto/shared-sdk/market-rules';
import { SESSION_TIMES, addDays, atJst, isBusinessDay, nextBusinessDay, type DateKey } from '../rules/calendar';
import type { Tenths } from '../price';
import type { CorporateAction, Instrument } from '../universe/schema';
import { brownianBridge, prngFor } from './prng';
import { MINUTE_SLOTS } from './session-clock';
import { SLOT_VOLUME_WEIGHTS } from './volume-curve';
import { DEFAULT_EVENT_RATE, expectedDailyVolume } from './activity';

/** Daily volatility of the shared market factor. */
const MARKET_VOL = 0.011;
/** Daily volatility of a stock's own moves, and of an index ETF's tracking noise. */
const STOCK_VOL = 0.012;
const TRACKER_VOL = 0.002;
/** Instruments with no market beta (gold) get their own volatility. */
const UNCORRELATED_VOL = 0.01;

/** One bar in traded prices (tenths) with volume (shares) and turnover (yen). */
export interface PriceBar {
  /** Epoch ms at the start of the bar's period. */
  time: number;
  open: Tenths;
  high: Tenths;
  low: Tenths;
  close: Tenths;
  volume: number;
  turnover: number;
}

/**
 * An index an ETF tracks (indices/market-index.ts), as ratios to the index's previous close:
 * the ETF's day starts from its own previous close (daily reset).
 */
export interface TrackedIndex {
  /** I(close of date) / I(close of the previous business day). */
  closeRatio(date: DateKey): number;
  /** I / I(previous close) at the day's open and at each minute slot (last = close ratio). */
  dayRatios(date: DateKey): { open: number; values: readonly number[] };
}

/** ETF tracking: daily return = multiple × the index's daily return, plus small tracking noise. */
export interface Tracking {
  index: TrackedIndex;
  /** 1, 2, −1, −2 … */
  multiple: number;
}

/** Daily tracking noise of an index ETF (a few basis points), never more than half its own move. */
export const TRACKING_NOISE = 0.0003;

export interface PricePathOptions {
  seed: string;
  instrument: Instrument;
  /** Index ETFs: follow the index instead of the market factor. */
  tracking?: Tracking;
  /** This instrument's corporate actions, any order. */
  actions: readonly CorporateAction[];
  /** First day of generated history. */
  historyStart: DateKey;
  eventRate?: number;
}

interface ActionFactor {
  exDate: DateKey;
  factor: number;
}

export class PricePath {
  readonly instrument: Instrument;
  private readonly seed: string;
  private readonly tracking: Tracking | undefined;
  private readonly actions: readonly CorporateAction[];
  private readonly eventRate: number;
  private readonly days: DateKey[] = [];
  private readonly dayIndex = new Map<DateKey, number>();
  /** Adjusted closes, by day index. */
  private readonly closes: number[] = [];
  private factors: ActionFactor[] | null = null;
  /** The last history day when the factors were worked out: a dividend after it was left out. */
  private factorsThrough: DateKey | null = null;
  private readonly minuteCache = new Map<DateKey, PriceBar[]>();
  private readonly dailyCache = new Map<DateKey, PriceBar>();
  /** The last day path asked for: the live day asks for its fair value thousands of times. */
  private pathCache: { date: DateKey; path: { open: number; values: number[] } } | null = null;
  /** Operator price shocks (log returns added to a day's own), a simulated demo control: shock(). */
  private readonly shocks = new Map<DateKey, number>();

  constructor(opts: PricePathOptions) {
    this.instrument = opts.instrument;
    this.seed = opts.seed;
    this.tracking = opts.tracking;
    this.actions = [...opts.actions].sort((a, b) => a.exDate.localeCompare(b.exDate));
    this.eventRate = opts.eventRate ?? DEFAULT_EVENT_RATE;
    let d = isBusinessDay(opts.historyStart) ? opts.historyStart : nextBusinessDay(opts.historyStart);
    const anchor = this.instrument.referenceDate;
    // Build at least up to the reference date, which anchors the walk.
    while (d <= anchor || this.days.length === 0) {
      this.pushDay(d);
      d = nextBusinessDay(d);
    }
    this.pushDay(d);
    this.computeCloses();
    this.refreshFactors();
  }

  /**
   * A simulated price shock: the close of business day `date` moves by `factor` on top of its own
   * return, and every later close with it (so the next day's base price, the previous close, is the
   * shocked one). For the operator's controlled demo moves; days before `date` are untouched.
   */
  shock(date: DateKey, factor: number): void {
    if (!(factor > 0) || !isBusinessDay(date) || date <= this.instrument.referenceDate)
      throw new Error(`cannot shock ${this.instrument.code} on ${date} by ${factor}`);
    this.shocks.set(date, (this.shocks.get(date) ?? 0) + Math.log(factor));
    this.remakeFrom(date);
  }

  /**
   * What `read` sees were the close of `date` shocked by `factor` (shock); the path is then made
   * again as it was, to the bit: its closes from `date` on are the same products of the same returns.
   */
  whatIfShocked<T>(date: DateKey, factor: number, read: (path: PricePath) => T): T {
    const before = this.shocks.get(date);
    this.shock(date, factor);
    try {
      return read(this);
    } finally {
      if (before === undefined) this.shocks.delete(date);
      else this.shocks.set(date, before);
      this.remakeFrom(date);
    }
  }

  private remakeFrom(date: DateKey): void {
    this.extendTo(date);
    const from = this.dayIndex.get(date) as number;
    for (let i = from; i < this.days.length; i++) this.closes[i] = (this.closes[i - 1] as number) * Math.exp(this.dailyReturn(this.days[i] as DateKey));
    for (const d of [...this.minuteCache.keys()]) if (d >= date) this.minuteCache.delete(d);
    for (const d of [...this.dailyCache.keys()]) if (d >= date) this.dailyCache.delete(d);
    if (this.pathCache && this.pathCache.date >= date) this.pathCache = null;
  }

  /** Business days with history, oldest first, up to and including `until`. */
  daysUntil(until: DateKey): DateKey[] {
    this.extendTo(until);
    const out: DateKey[] = [];
    for (const d of this.days) {
      if (d > until) break;
      out.push(d);
    }
    return out;
  }

  /** A new listing's first trading day (none for the data file's instruments). */
  get listedOn(): DateKey | undefined {
    return this.instrument.listedOn;
  }

  firstDay(): DateKey {
    return this.days[0] as DateKey;
  }

  /** F(d): the product of action factors with ex-date after d (1 when none). */
  factorOn(date: DateKey): number {
    let f = 1;
    for (const a of this.actionFactors()) if (a.exDate > date) f *= a.factor;
    return f;
  }

  /** The tick table in force on `date` (unit-1 ETFs switch on the base price, §2.2). */
  tickTableOn(date: DateKey): ResolvedTickTable {
    const approxBase = Math.round(this.adjustedClose(this.previousDay(date)) / this.factorOn(date));
    return resolveTickTable(this.instrument.tickTable, approxBase);
  }

  /**
   * The base price of `date`: the previous close in that day's share terms (a split on the
   * ex-date divides it), on a legal tick.
   */
  basePrice(date: DateKey): Tenths {
    const dividend = this.actions.find((a) => a.kind === 'dividend' && a.exDate === date);
    if (dividend?.kind === 'dividend') return this.exDividendBase(date, dividend.amount);
    const raw = this.adjustedClose(this.previousDay(date)) / this.factorOn(date);
    return roundToTick(raw, this.tickTableOn(date), 'nearest');
  }

  /**
   * The ex-date base price: the cum close less the dividend [DV3], on the tick at or below it when
   * the difference is not a legal price. The path itself continues from (close − dividend) through
   * the dividend's factor, so the day opens around this base.
   */
  exDividendBase(date: DateKey, dividendTenths: number): Tenths {
    const cumClose = this.dailyBar(this.previousDay(date)).close;
    return roundToTick(Math.max(1, cumClose - dividendTenths), this.tickTableOn(date), 'down');
  }

  /** Generated minute bars of a day (MINUTE_SLOTS), traded prices. */
  minuteBars(date: DateKey): PriceBar[] {
    const cached = this.minuteCache.get(date);
    if (cached) return cached;
    const bars: PriceBar[] = [];
    this.generateDay(date, (bar) => bars.push(bar));
    if (this.minuteCache.size > 16) this.minuteCache.delete(this.minuteCache.keys().next().value as DateKey);
    this.minuteCache.set(date, bars);
    return bars;
  }

  /** The day's bar: exactly the aggregate of its minute bars. */
  dailyBar(date: DateKey): PriceBar {
    const cached = this.dailyCache.get(date);
    if (cached) return cached;
    let bar: PriceBar | null = null;
    // Fold the minutes as they are made: a day's bar without keeping 327 objects per day.
    this.generateDay(date, (b) => {
      if (bar === null) bar = { ...b, time: dayStart(date) };
      else {
        if (b.high > bar.high) bar.high = b.high;
        if (b.low < bar.low) bar.low = b.low;
        bar.close = b.close;
        bar.volume += b.volume;
        bar.turnover += b.turnover;
      }
    });
    const done = bar as unknown as PriceBar;
    this.dailyCache.set(date, done);
    return done;
  }

  /**
   * The fair value (tenths, traded terms, not tick-rounded) at a JST second of a day:
   * the day's minute path, linear within each minute; the open before 09:00, the 11:30
   * value over lunch, the closing value from 15:25.
   */
  fairValue(date: DateKey, secondOfDay: number): number {
    const { open, values } = this.dayPath(date);
    const t = SESSION_TIMES;
    if (secondOfDay < t.morningOpen) return open;
    if (secondOfDay >= t.closingAuction) return values[values.length - 1] as number;
    const k = slotAtOrBefore(secondOfDay);
    const slotStart = MINUTE_SLOTS[k] as number;
    const from = k === 0 ? open : (values[k - 1] as number);
    const to = values[k] as number;
    const frac = Math.min(1, (secondOfDay - slotStart) / 60);
    if (secondOfDay > t.morningClose && secondOfDay < t.afternoonOpen) return values[k] as number;
    return from + (to - from) * frac;
  }

  /** Close of `date` in adjusted terms (continuous across corporate actions): what indices add up. */
  adjustedCloseOn(date: DateKey): number {
    return this.adjustedClose(date);
  }

  /** The day's opening value in adjusted terms, without making the whole day (same stream as the path). */
  adjustedOpenOn(date: DateKey): number {
    if (this.tracking) return this.adjustedDayPath(date).open;
    const prev = this.adjustedClose(this.previousDay(date));
    const rng = prngFor(this.seed, this.instrument.code, date, 'intraday');
    return Math.exp(Math.log(prev) + 0.25 * this.dailyVol() * rng.normal());
  }

  /** The day's path in adjusted terms: open and one value per minute slot (last = close). */
  adjustedDayPath(date: DateKey): { open: number; values: number[] } {
    const { open, values } = this.dayPath(date);
    const f = this.factorOn(date);
    return { open: open * f, values: values.map((v) => v * f) };
  }

  // ---- internals -------------------------------------------------------------------------

  private pushDay(d: DateKey): void {
    this.dayIndex.set(d, this.days.length);
    this.days.push(d);
  }

  private extendTo(date: DateKey): void {
    let last = this.days[this.days.length - 1] as DateKey;
    if (last >= date) return;
    while (last < date) {
      last = nextBusinessDay(last);
      this.pushDay(last);
      const i = this.days.length - 1;
      this.closes[i] = (this.closes[i - 1] as number) * Math.exp(this.dailyReturn(last));
    }
    // One more so the day after `date` has a close for the path of `date` to aim at.
    const next = nextBusinessDay(last);
    this.pushDay(next);
    const i = this.days.length - 1;
    this.closes[i] = (this.closes[i - 1] as number) * Math.exp(this.dailyReturn(next));
    // A dividend whose cum day just came into the history now has a factor.
    const through = this.factorsThrough;
    if (through !== null && this.actions.some((a) => a.kind === 'dividend' && a.exDate > through && a.exDate <= nextBusinessDay(next))) this.refreshFactors();
  }

  /**
   * A dividend whose cum day just came into the history gets its factor: worked out again, and the
   * generated days made again from it (traded = adjusted ÷ F(d), back-adjusted as the data file's
   * actions always were).
   */
  private refreshFactors(): void {
    this.factors = null;
    this.minuteCache.clear();
    this.dailyCache.clear();
    this.pathCache = null;
  }

  private computeCloses(): void {
    const anchorDate = this.instrument.referenceDate;
    const anchorIdx = this.days.findIndex((d) => d >= anchorDate);
    // Anchor: the reference price in today's share terms (splits after the reference date
    // divide it). Dividends are left out of the anchor; the reference price is approximate.
    let splitFactor = 1;
    for (const a of this.actions) if (a.kind === 'split' && a.exDate > anchorDate) splitFactor /= a.ratio;
    this.closes[anchorIdx] = this.instrument.referencePrice * splitFactor;
    for (let i = anchorIdx + 1; i < this.days.length; i++) {
      this.closes[i] = (this.closes[i - 1] as number) * Math.exp(this.dailyReturn(this.days[i] as DateKey));
    }
    for (let i = anchorIdx - 1; i >= 0; i--) {
      this.closes[i] = (this.closes[i + 1] as number) / Math.exp(this.dailyReturn(this.days[i + 1] as DateKey));
    }
  }

  private dailyVol(): number {
    const beta = this.instrument.marketBeta;
    if (beta === 0) return UNCORRELATED_VOL;
    const own = this.instrument.kind === 'etf' ? TRACKER_VOL : STOCK_VOL;
    return Math.sqrt((beta * MARKET_VOL) ** 2 + own ** 2);
  }

  /** Log return of the close of `date` over the previous close. */
  private dailyReturn(date: DateKey): number {
    const shock = this.shocks.get(date);
    if (shock !== undefined) return this.ownReturn(date) + shock;
    return this.ownReturn(date);
  }

  private ownReturn(date: DateKey): number {
    if (this.tracking) return Math.log(this.trackedRatio(this.tracking, this.tracking.index.closeRatio(date), this.trackingNoise(date)));
    const beta = this.instrument.marketBeta;
    const market = marketFactor(this.seed, date);
    const own = prngFor(this.seed, this.instrument.code, date, 'daily').normal();
    if (beta === 0) return UNCORRELATED_VOL * own;
    const ownVol = this.instrument.kind === 'etf' ? TRACKER_VOL : STOCK_VOL;
    return beta * MARKET_VOL * market + ownVol * own;
  }

  private adjustedClose(date: DateKey): number {
    this.extendTo(date);
    const i = this.dayIndex.get(date);
    if (i === undefined) throw new Error(`${date} is not a business day`);
    return this.closes[i] as number;
  }

  private previousDay(date: DateKey): DateKey {
    this.extendTo(date);
    const i = this.dayIndex.get(date) ?? this.indexOnOrBefore(date);
    return this.days[Math.max(0, i - 1)] as DateKey;
  }

  private indexOnOrBefore(date: DateKey): number {
    let i = this.days.length - 1;
    while (i > 0 && (this.days[i] as DateKey) > date) i--;
    return i;
  }

  /** Split factor 1/ratio; dividend factor (P − D)/P with P the traded close before the ex-date. */
  private actionFactors(): ActionFactor[] {
    if (this.factors) return this.factors;
    const out: ActionFactor[] = [];
    let after = 1;
    for (const a of [...this.actions].reverse()) {
      let factor: number;
      if (a.kind === 'split') factor = 1 / a.ratio;
      else {
        const before = this.previousDayOf(a.exDate);
        const adjustedPrev = before === null ? null : this.closes[this.dayIndex.get(before) as number];
        if (adjustedPrev === undefined || adjustedPrev === null) continue;
        const p = adjustedPrev / after;
        factor = p / (p + a.amount);
      }
      after *= factor;
      out.push({ exDate: a.exDate, factor });
    }
    this.factors = out.reverse();
    this.factorsThrough = this.days[this.days.length - 1] as DateKey;
    return this.factors;
  }

  private previousDayOf(date: DateKey): DateKey | null {
    let d = addDays(date, -1);
    while (!this.dayIndex.has(d)) {
      if (d < (this.days[0] as DateKey)) return null;
      d = addDays(d, -1);
    }
    return d;
  }

  /** The day's path in traded terms: the open and one value per minute slot (last = close). */
  private dayPath(date: DateKey): { open: number; values: number[] } {
    if (this.pathCache?.date === date) return this.pathCache.path;
    const path = this.makeDayPath(date);
    this.pathCache = { date, path };
    return path;
  }

  /**
   * ETF / previous close for an index ratio `indexRatio` (= I / I_prev): multiple × the index's
   * move, plus noise clamped to half that move, so a 2× and a −2× fund never move the same way.
   */
  private trackedRatio(tracking: Tracking, indexRatio: number, noise: number): number {
    const move = tracking.multiple * (indexRatio - 1);
    const bound = Math.abs(move) / 2;
    // A 1 − 100 % day cannot take a leveraged fund below zero; floor it as the fund would be closed.
    return Math.max(0.01, 1 + move + Math.min(bound, Math.max(-bound, noise)));
  }

  private trackingNoise(date: DateKey): number {
    return TRACKING_NOISE * prngFor(this.seed, this.instrument.code, date, 'tracking').normal();
  }

  /** An index ETF's day: its previous close times the tracked index's move, minute by minute. */
  private makeTrackedDayPath(tracking: Tracking, date: DateKey): { open: number; values: number[] } {
    const prev = this.adjustedClose(this.previousDay(date));
    const f = this.factorOn(date);
    const ratios = tracking.index.dayRatios(date);
    const endNoise = this.trackingNoise(date);
    const n = ratios.values.length;
    const rng = prngFor(this.seed, this.instrument.code, date, 'tracking-intraday');
    // Noise drifts from 0 to the day's tracking noise, wobbling a little on the way.
    let wobble = 0;
    const values = ratios.values.map((r, k) => {
      wobble += (TRACKING_NOISE / Math.sqrt(n)) * rng.normal();
      const x = (k + 1) / n;
      const noise = k === n - 1 ? endNoise : x * endNoise + wobble * (1 - x);
      return (prev * this.trackedRatio(tracking, r, noise)) / f;
    });
    const open = (prev * this.trackedRatio(tracking, ratios.open, 0)) / f;
    return { open, values };
  }

  private makeDayPath(date: DateKey): { open: number; values: number[] } {
    if (this.tracking) return this.makeTrackedDayPath(this.tracking, date);
    const close = this.adjustedClose(date);
    const prev = this.adjustedClose(this.previousDay(date));
    const f = this.factorOn(date);
    const vol = this.dailyVol();
    const rng = prngFor(this.seed, this.instrument.code, date, 'intraday');
    const logOpen = Math.log(prev) + 0.25 * vol * rng.normal();
    const logClose = Math.log(close);
    const values = brownianBridge(rng, MINUTE_SLOTS.length, vol, logOpen, logClose).map((v) => v / f);
    return { open: Math.exp(logOpen) / f, values };
  }

  private generateDay(date: DateKey, emit: (bar: PriceBar) => void): void {
    const { open, values } = this.dayPath(date);
    const table = this.tickTableOn(date);
    const base = this.basePrice(date);
    const limits = limitPrices(base, table);
    const clamp = (p: number) => Math.min(limits.upper, Math.max(limits.lower, p));
    const tick = (p: number, dir: 'up' | 'down' | 'nearest') => clamp(roundToTick(clamp(p), table, dir));
    const rng = prngFor(this.seed, this.instrument.code, date, 'bars');
    const lot = this.instrument.lot;
    const dayVolume = expectedDailyVolume(base, lot, this.eventRate) * Math.exp(0.25 * rng.normal() - 0.03);
    const vol = this.dailyVol();
    const wiggle = (0.5 * vol) / Math.sqrt(MINUTE_SLOTS.length);
    const midnight = dayStart(date);
    let prevClose = tick(open, 'nearest');
    for (let k = 0; k < MINUTE_SLOTS.length; k++) {
      const second = MINUTE_SLOTS[k] as number;
      const c = tick(values[k] as number, 'nearest');
      const isClosingPrint = second === SESSION_TIMES.close;
      const o = isClosingPrint ? c : prevClose;
      const hiRaw = Math.max(o, c) * Math.exp(Math.abs(rng.normal()) * wiggle);
      const loRaw = Math.min(o, c) * Math.exp(-Math.abs(rng.normal()) * wiggle);
      const h = isClosingPrint ? c : Math.max(o, c, tick(hiRaw, 'nearest'));
      const l = isClosingPrint ? c : Math.min(o, c, tick(loRaw, 'nearest'));
      const shares = dayVolume * (SLOT_VOLUME_WEIGHTS[k] as number) * Math.exp(0.3 * rng.normal() - 0.045);
      const volume = Math.floor(shares / lot) * lot;
      const turnover = Math.round((((o + h + l + c) / 4) * volume) / 10);
      emit({ time: midnight + second * 1000, open: o, high: h, low: l, close: c, volume, turnover });
      prevClose = c;
    }
  }
}

const marketFactors = new Map<string, number>();

/** The day's shared market move (standard normal), the same for every instrument. */
function marketFactor(seed: string, date: DateKey): number {
  const key = `${seed}\u0000${date}`;
  let z = marketFactors.get(key);
  if (z === undefined) {
    z = prngFor(seed, 'market', date).normal();
    if (marketFactors.size > 50_000) marketFactors.clear();
    marketFactors.set(key, z);
  }
  return z;
}

/** Index of the last minute slot starting at or before `secondOfDay` (0 if none). */
export function slotAtOrBefore(secondOfDay: number): number {
  let lo = 0;
  let hi = MINUTE_SLOTS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((MINUTE_SLOTS[mid] as number) <= secondOfDay) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Aggregate consecutive bars into one starting at `time`. */
export function aggregate(bars: readonly PriceBar[], time: number): PriceBar {
  const first = bars[0] as PriceBar;
  let high = first.high;
  let low = first.low;
  let volume = 0;
  let turnover = 0;
  for (const b of bars) {
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
    turnover += b.turnover;
  }
  return { time, open: first.open, high, low, close: (bars[bars.length - 1] as PriceBar).close, volume, turnover };
}

function dayStart(date: DateKey): number {
  return atJst(date, 0).getTime();
}
